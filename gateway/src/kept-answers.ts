import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { DATA_STAMP_PATH } from '@portal/domain/data-stamp';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { type AnswerEncoding, sendAnswer } from './answer-encoding.ts';
import {
  type ContextDependencies,
  contextFromExpress,
  credentialsOfRequest,
  type GatewayContext,
} from './context.ts';
import type { GatewayMetrics } from './observability/metrics.ts';
import { persistedRequestOf } from './persisted-queries.ts';
import { restCallsExtension } from './rest-calls-plugin.ts';

/**
 * The screens whose answers are kept. Each shows only rows of the portal's database, which the api's data stamp
 * follows, and nothing that moves within a day without a write: no session or token, no sign-in time, nothing of
 * Trackdéchets itself. A query added here must keep to that; the api's own guard is that a route reading anything
 * else answers without a stamp, and an answer is kept only when every call of it came with the same stamp.
 */
export const KEPT_QUERIES: ReadonlySet<string> = new Set([
  'DashboardLayoutQuery',
  'DashboardHomePageQuery',
  'DashboardFiguresQuery',
  'DashboardMapQuery',
  'MonthlyFiguresQuery',
  'MonthlyCostsQuery',
  'DetailsPageQuery',
  'OperationListPageQuery',
  'OperationListPaginationQuery',
  'EstablishmentListPageQuery',
  'EstablishmentPageQuery',
  'SiteComboboxQuery',
  'SelectionBarEntitiesQuery',
]);

/** An answer's JSON text and the data stamp its data is as recent as. */
interface KeptAnswer {
  stamp: string;
  body: string;
  /** The body compressed, for each encoding asked so far: compressed once, sent as often as it is asked. */
  encoded: Map<AnswerEncoding, Buffer>;
}

/** What Apollo answers a request whose Accept prefers nothing (the same negotiation, the same types). */
const ANSWER_TYPES = ['application/json', 'application/graphql-response+json'];

/**
 * The answers of the screens' queries (KEPT_QUERIES), each under the api's data stamp its REST calls came with,
 * per session, query and variables, in the process, least recently used first out. The same screen asked again
 * with the same session (a reload, a screen visited again, the link warmer, a tab's refresh) costs one REST call
 * while the stamp stands: the api checks the credentials and reads the stamp in one statement, and the kept
 * answer is sent. Any write to the data moves the stamp in its commit (migration `028_data_stamp.sql`), so the
 * next request of every screen reads its data again; a revoked or expired session gets the api's refusal, as
 * without an answer kept.
 */
export class KeptAnswers {
  readonly #answers: LRUCache<string, KeptAnswer>;
  readonly #keys = new WeakMap<Request, string>();
  /** The context a request's stamp check was made with: Apollo's run goes on with it (and its call log). */
  readonly #contexts = new WeakMap<Request, GatewayContext>();

  constructor(maxBytes: number) {
    this.#answers = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      // V8 keeps these Latin-1 texts at a byte a character (2 for the rest, on the short side); the compressed
      // forms, made when first asked, take less than a quarter of it each.
      sizeCalculation: (answer, key) => Math.ceil(answer.body.length * 1.5) + key.length,
    });
  }

  /** The key of a request whose answer may be kept (a persisted KEPT_QUERIES query with credentials), and its name. */
  #keyOf(req: Request): { key: string; operation: string } | null {
    const persisted = persistedRequestOf(req);
    const operation = persisted?.operationName;
    if (req.method !== 'POST' || persisted === undefined || operation == null) return null;
    if (!KEPT_QUERIES.has(operation)) return null;
    const credentials = credentialsOfRequest(req);
    if (credentials === null) return null;
    // The token is kept hashed: the key names the session without holding what opens it.
    const session = createHash('sha256').update(credentials.token).digest('base64url');
    return { key: `${session}\n${persisted.id}\n${JSON.stringify(req.body?.variables ?? {})}`, operation };
  }

  /**
   * On /graphql after the persisted queries' guard: a kept answer whose stamp still stands is sent as it is;
   * any other request goes on to Apollo.
   */
  serve(deps: ContextDependencies, metrics: GatewayMetrics): RequestHandler {
    const makeContext = contextFromExpress(deps);
    return (req, res, next) => {
      const keyed = this.#keyOf(req);
      if (keyed === null) return next();
      const { key, operation } = keyed;
      this.#keys.set(req, key);
      const kept = this.#answers.get(key);
      const type = req.accepts(ANSWER_TYPES);
      if (kept === undefined || type === false) return next();
      makeContext({ req, res })
        .then(async (context) => {
          this.#contexts.set(req, context);
          let stamp: string;
          try {
            ({ stamp } = await context.rest.get<{ stamp: string }>(DATA_STAMP_PATH));
          } catch {
            // A refused session, an api that does not answer: Apollo's run answers as without a kept answer.
            return next();
          }
          if (stamp !== kept.stamp) {
            metrics.keptAnswer(operation, 'stale');
            return next();
          }
          metrics.keptAnswer(operation, 'served');
          if (deps.config.debug) sendWithCalls(res, type, kept.body, context);
          else send(req, res, type, kept);
        })
        .catch(next);
    };
  }

  /** Apollo's context of a request: the one its stamp check made, else a new one. */
  context(deps: ContextDependencies) {
    const makeContext = contextFromExpress(deps);
    return async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> => {
      const context = this.#contexts.get(req) ?? (await makeContext({ req, res }));
      const key = this.#keys.get(req);
      if (key !== undefined) context.keptAnswerKey = key;
      return context;
    };
  }

  /** Apollo's plugin: an answer without errors whose calls all came with the same stamp is kept under it. */
  plugin(metrics: GatewayMetrics): ApolloServerPlugin<GatewayContext> {
    return {
      requestDidStart: async () => ({
        willSendResponse: async ({ response, contextValue, operationName }) => {
          const key = contextValue.keptAnswerKey;
          if (key === undefined || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if ((errors?.length ?? 0) > 0 || data == null) return;
          const stamp = contextValue.restCalls.sharedDataStamp();
          if (stamp === null) return;
          this.#answers.set(key, { stamp, body: JSON.stringify({ data }), encoded: new Map() });
          metrics.keptAnswer(operationName ?? '', 'kept');
        },
      }),
    };
  }
}

const contentType = (type: string) =>
  type === 'application/json' ? 'application/json; charset=utf-8' : `${type}; charset=utf-8`;

/** The kept answer, compressed as the browser accepts (once per encoding). */
function send(req: Request, res: Response, type: string, answer: KeptAnswer): void {
  res.status(200).setHeader('content-type', contentType(type));
  sendAnswer(req, res, answer.body, answer.encoded);
}

/** GATEWAY_DEBUG: the calls the kept answer cost (the stamp check), as Apollo's answers tell theirs. */
function sendWithCalls(res: Response, type: string, body: string, context: GatewayContext): void {
  const extensions = JSON.stringify({ restCalls: restCallsExtension(context.restCalls), keptAnswer: true });
  res
    .status(200)
    .type(contentType(type))
    .send(`${body.slice(0, -1)},"extensions":${extensions}}`);
}
