import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, z } from 'zod';
import { type CollectionOptions, hydraCollection } from './collection.ts';
import { type HydraItem, withContext } from './item.ts';
import { MERGE_PATCH_CONTENT_TYPE } from './merge-patch.ts';
import { nameOperations, registerHydraSchemas } from './openapi.ts';
import { ApiProblem, unprocessable, violationsFromZod } from './problem.ts';

export const JSON_LD = 'application/ld+json; charset=utf-8';
export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

/** French details for Fastify's own client errors; anything else keeps the status's generic title. */
const fastifyErrorDetails: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Ce type de contenu n'est pas pris en charge.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longueur annoncée du corps de la requête est incorrecte.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  FST_ERR_CTP_INVALID_TYPE: 'Le type de contenu de la requête est invalide.',
  FST_ERR_BAD_URL: "L'adresse demandée est invalide.",
  FST_ERR_MAX_PARAM_LENGTH: "L'adresse demandée est trop longue.",
  // @fastify/multipart's limits (uploads).
  FST_FILES_LIMIT: 'Trop de fichiers dans un seul envoi.',
  FST_PARTS_LIMIT: 'Trop de champs dans un seul envoi.',
  FST_FIELDS_LIMIT: 'Trop de champs dans un seul envoi.',
  FST_REQ_FILE_TOO_LARGE: 'La taille du fichier dépasse la limite autorisée.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Ce type de contenu n'est pas pris en charge.",
  FST_MP_PREMATURE_CLOSE: "L'envoi a été interrompu avant sa fin.",
  FST_PROTO_VIOLATION: "Ce nom de champ n'est pas accepté.",
  FST_INVALID_JSON_FIELD_ERROR: "Un champ annoncé en JSON n'est pas un JSON valide.",
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'code' in error);
}

/** Turns anything thrown while handling a request into the problem the client receives. */
export function problemFromError(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof ZodError) return unprocessable(violationsFromZod(error));
  if (isFastifyError(error)) {
    if (error.validation !== undefined) {
      return new ApiProblem(400, undefined, { detail: 'Les paramètres de la requête ne sont pas valides.' });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const detail = fastifyErrorDetails[error.code];
      return new ApiProblem(status, undefined, detail === undefined ? {} : { detail });
    }
  }
  if (error instanceof SyntaxError) {
    return new ApiProblem(400, undefined, { detail: fastifyErrorDetails.FST_ERR_CTP_INVALID_JSON_BODY });
  }
  return new ApiProblem(500);
}

/**
 * Where a request carries a NUL character (in a value or a key), which no text column can store: the place to
 * name in the refusal (`q`, `photos.0.name`), or undefined when there is none.
 */
export function nulCharacterAt(value: unknown): string | undefined {
  // A stack rather than recursion: a body may nest deeper than the call stack goes.
  const pending: [string, unknown][] = [['', value]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [path, inner] = next;
    if (typeof inner === 'string') {
      if (inner.includes('\0')) return path;
    } else if (typeof inner === 'object' && inner !== null) {
      for (const [key, item] of Object.entries(inner)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (key.includes('\0')) return at;
        pending.push([at, item]);
      }
    }
  }
  return undefined;
}

/** The refusal of a NUL character found at `path` (a parameter or a field). */
export function nulCharacterRefused(path: string): ApiProblem {
  const what = path === '' ? 'La requête' : `« ${path.replaceAll('\0', '')} »`;
  return new ApiProblem(400, undefined, {
    detail: `${what} contient un caractère nul, qui n'est pas accepté.`,
  });
}

/**
 * Answers the errors Fastify raises before routing (an address that is not valid, a path parameter too long):
 * pass as the `frameworkErrors` option of Fastify, so that they are problems too.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const problem = problemFromError(error);
  return reply.status(problem.status).type(PROBLEM_JSON).send(problem.toBody(request.id));
}

/**
 * Installs the Hydra conventions on the root instance: JSON-LD and merge-patch bodies, French validation
 * messages, and one error handler and not-found handler so that every failure is `application/problem+json`
 * with a French title.
 */
export function setupHydra(app: FastifyInstance): void {
  registerHydraSchemas(app);
  nameOperations(app);
  // The domain's schemas carry the French messages of SPEC 5; zod's own (a number where a string is
  // expected, ...) are French too, so that every violation a client reads is.
  z.config(z.locales.fr());
  // An empty body reads as no body (a bodiless POST sent with a JSON content type), not as a parse error.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/ld+json', MERGE_PATCH_CONTENT_TYPE],
    { parseAs: 'string' },
    (request, body: string, done) => (body.trim() === '' ? done(null, undefined) : json(request, body, done)),
  );

  // Refused once for every route, before any parsing of its own reaches the database.
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const at = nulCharacterAt(value);
      if (at !== undefined) throw nulCharacterRefused(at);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const problem = problemFromError(error);
    if (problem.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status: problem.status, problem: problem.title }, 'request refused');
    }
    return reply
      .status(problem.status)
      .headers(problem.headers)
      .type(PROBLEM_JSON)
      .send(problem.toBody(request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const problem = new ApiProblem(404);
    return reply.status(404).type(PROBLEM_JSON).send(problem.toBody(request.id));
  });
}

export function sendItem<F extends object>(reply: FastifyReply, item: HydraItem<F>, status = 200) {
  return reply.status(status).type(JSON_LD).send(withContext(item));
}

export function sendCollection<T>(
  reply: FastifyReply,
  request: FastifyRequest,
  options: Omit<CollectionOptions<T>, 'url'>,
) {
  return reply.type(JSON_LD).send(hydraCollection({ ...options, url: request.url }));
}
