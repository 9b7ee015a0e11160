import { messages } from '@portal/domain';
import type { Request, RequestHandler, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { type ContextDependencies, requestInfoFromExpress } from './context.ts';
import { sendProblem } from './errors.ts';
import { RestCallLog, RestClient } from './rest/client.ts';
import { isRestError } from './rest/errors.ts';
import {
  type DescriptionLanguage,
  type Descriptions,
  introspectionIn,
  loadFrenchDescriptions,
} from './schema/descriptions.ts';

/** The page's address (the built `graphiql.html` of the web app) and its schema's. */
export const GRAPHIQL_PATH = '/graphiql';
export const GRAPHIQL_SCHEMA_PATH = '/graphiql/schema';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const graphiqlMessages = {
  tokenRequired:
    "Un jeton d'accès personnel est nécessaire : créez-en un dans Mon profil > Jetons d'accès (/mon-profil/acces).",
  tokenRefused: "Ce jeton d'accès est refusé : il est inconnu, expiré ou révoqué.",
} as const;

/**
 * `GET /graphiql/schema?lang=fr|en`: the introspection result GraphiQL builds its editor and docs from, with
 * the descriptions in French (the default) or English. Production closes introspection on /graphql, so the
 * schema is given here instead, and only to a token holder: the token (`Authorization: Bearer`) is checked with
 * the api before the schema is sent.
 */
export function graphiqlSchemaHandler(
  deps: ContextDependencies,
  schema: GraphQLSchema,
  french: Descriptions = loadFrenchDescriptions(),
): RequestHandler {
  // Built once per language on first use: the schema does not change while the gateway runs.
  const answers = new Map<DescriptionLanguage, string>();
  const answerIn = (language: DescriptionLanguage) => {
    let answer = answers.get(language);
    if (answer === undefined) {
      answer = JSON.stringify({ data: introspectionIn(schema, language, french) });
      answers.set(language, answer);
    }
    return answer;
  };

  return async (req: Request, res: Response) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (token === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendProblem(res, 401, graphiqlMessages.tokenRequired);
    }
    const info = requestInfoFromExpress(req, deps.config.trustProxy);
    const rest = new RestClient({
      baseUrl: deps.config.apiBaseUrl,
      dispatcher: deps.dispatcher,
      timeoutMs: deps.config.restTimeoutMs,
      token,
      log: new RestCallLog(),
      logger: deps.logger,
      forwardedFor: info.forwardedFor,
      traceparent: info.trace?.traceparent,
      onCallEnded: deps.restCallEnded,
    });
    try {
      await rest.get('/api/users/me');
    } catch (error) {
      if (isRestError(error, 401)) {
        res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
        return sendProblem(res, 401, graphiqlMessages.tokenRefused);
      }
      deps.logger.error('graphiql schema: token check failed', { error: String(error) });
      const timeout = isRestError(error) && error.kind === 'timeout';
      return sendProblem(res, timeout ? 504 : 502, messages.retryLater);
    }
    const language: DescriptionLanguage = req.query.lang === 'en' ? 'en' : 'fr';
    res.type('application/json').send(answerIn(language));
  };
}
