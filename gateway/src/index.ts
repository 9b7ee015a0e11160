import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { COMPRESSION_THRESHOLD, compressedAnswers } from './answer-encoding.ts';
import { authTokenHandler } from './auth-token.ts';
import type { GatewayConfig } from './config.ts';
import { type ContextDependencies, contextFromExpress, type GatewayContext } from './context.ts';
import { createFormatError, ErrorCode, sendGraphErrors, sendProblem } from './errors.ts';
import { fileRoutes } from './files.ts';
import { GRAPHIQL_SCHEMA_PATH, graphiqlSchemaHandler } from './graphiql.ts';
import { KeptAnswers } from './kept-answers.ts';
import { OfficialLists } from './loaders/reference-lists.ts';
import { createLogger, type Logger, withRequestIds } from './logger.ts';
import { healthRoutes } from './observability/health.ts';
import { GatewayMetrics } from './observability/metrics.ts';
import { graphqlRequestGuard, loadPersistedQueries } from './persisted-queries.ts';
import { tracing } from './request-trace.ts';
import { callsAheadPlugin } from './rest/calls-ahead.ts';
import { RestPool } from './rest/pool.ts';
import { RememberedCalls } from './rest/remembered-calls.ts';
import { restCallsPlugin } from './rest-calls-plugin.ts';
import { buildSchema, createLoaders } from './schema/index.ts';
import { securityHeaders } from './security-headers.ts';
import { noSuggestionsPlugin } from './suggestions-plugin.ts';
import { webAppRouter } from './web-app.ts';

export { type Env, type GatewayConfig, loadConfig } from './config.ts';
export type { GatewayContext } from './context.ts';
export type { Logger } from './logger.ts';
export { SESSION_COOKIE, USER_ID_COOKIE } from './session.ts';

export interface GatewayOptions {
  logger?: Logger;
}

export interface Gateway {
  /** The Express app: /healthz, /readyz, /auth/token, /graphql, /graphiql's schema and the web app. */
  app: Express;
  /** Not listening yet: `startGateway` does that. */
  httpServer: Server;
  apollo: ApolloServer<GatewayContext>;
  /** What request contexts are built from (tests build contexts with it). */
  contextDependencies: ContextDependencies;
  close(): Promise<void>;
}

export async function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Promise<Gateway> {
  const logger = withRequestIds(options.logger ?? createLogger());
  const schema = buildSchema();
  const persistedQueries = loadPersistedQueries(config.persistedQueriesFile, logger);
  const metrics = new GatewayMetrics(persistedQueries.values());
  const pool = new RestPool(config.restTimeoutMs, () => metrics.apiConnectionsRenewed());
  const deps: ContextDependencies = {
    config,
    logger,
    dispatcher: pool,
    createLoaders,
    officialLists: new OfficialLists(),
    rememberedCalls: new RememberedCalls(),
    restCallEnded: (call, failure) => {
      metrics.restCallEnded(call, failure);
      pool.callEnded(call, failure);
    },
  };

  const app = express();
  app.disable('x-powered-by');
  // Dynamic answers are the user's data, sent no-store: an ETag (a SHA-1 of each body) would serve no cache.
  app.set('etag', false);
  app.use(tracing(), metrics.requests());
  // Answers above 1 KB (the app's pages, the graph's refusals) compressed for browsers that accept it; the graph's
  // answers are compressed at once (answer-encoding.ts), the built assets at build (web-app.ts).
  app.use(compression({ threshold: COMPRESSION_THRESHOLD }));
  const httpServer = createServer(app);
  const exposeSchema = config.nodeEnv !== 'production';
  app.use(securityHeaders(config, { landingPage: exposeSchema }));
  const suggestions = config.nodeEnv === 'development';
  const keptAnswers = config.keptAnswersBytes > 0 ? new KeptAnswers(config.keptAnswersBytes) : null;

  const apollo = new ApolloServer<GatewayContext>({
    schema,
    nodeEnv: config.nodeEnv,
    introspection: exposeSchema,
    includeStacktraceInErrorResponses: config.nodeEnv === 'development',
    csrfPrevention: true,
    // Only relay-compiler's ids (resolved by graphqlRequestGuard) are persisted queries here.
    persistedQueries: false,
    allowBatchedHttpRequests: false,
    // startGateway's owner (main.ts, scripts/stack.ts) decides when to stop.
    stopOnTerminationSignals: false,
    formatError: createFormatError(logger, config.nodeEnv),
    // Compact JSON: Apollo's default indents every answer, which costs the processor and bytes for no reader.
    stringifyResult: (result) => JSON.stringify(result),
    logger: {
      debug: () => {},
      info: (message) => logger.info(String(message)),
      warn: (message) => logger.warn(String(message)),
      error: (message) => logger.error(String(message)),
    },
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // No field has cache hints (every answer is a user's data, sent no-store), and the default plugin wraps
      // every resolver of the schema to compute them.
      ApolloServerPluginCacheControlDisabled(),
      exposeSchema
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true })
        : ApolloServerPluginLandingPageDisabled(),
      ...(suggestions ? [] : [noSuggestionsPlugin()]),
      metrics.plugin(),
      callsAheadPlugin(deps.rememberedCalls),
      ...(keptAnswers === null ? [] : [keptAnswers.plugin(metrics)]),
      ...(config.debug ? [restCallsPlugin()] : []),
    ],
  });
  await apollo.start();

  app.use(healthRoutes(deps));
  if (config.metricsToken !== undefined) app.get('/metrics', metrics.handler(config.metricsToken));
  app.post('/auth/token', express.json({ limit: '16kb' }), authTokenHandler(deps));
  app.use(
    '/graphql',
    compressedAnswers(),
    cookieParser(),
    express.json({ limit: '1mb' }),
    graphqlRequestGuard({ queries: persistedQueries, nodeEnv: config.nodeEnv, schema }),
    ...(keptAnswers === null
      ? [expressMiddleware(apollo, { context: contextFromExpress(deps) })]
      : [
          keptAnswers.serve(deps, metrics),
          expressMiddleware(apollo, { context: keptAnswers.context(deps) }),
        ]),
  );
  app.use(fileRoutes(deps));
  app.get(GRAPHIQL_SCHEMA_PATH, graphiqlSchemaHandler(deps, schema));
  const web = webAppRouter(config.webDistDir, logger);
  if (web !== null) app.use(web);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not Found');
  });
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    // body-parser's errors (malformed JSON, body too large) carry their 4xx status.
    const status =
      typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error('request failed', { method: req.method, path: req.path, error });
    const message = status === 500 ? 'Internal error' : String(error?.message ?? 'Bad request');
    if (req.path.startsWith('/graphql')) {
      sendGraphErrors(res, status, [{ message, code: status === 500 ? ErrorCode.internal : 'BAD_REQUEST' }]);
      return;
    }
    sendProblem(res, status, message);
  };
  app.use(onError);

  let closed: Promise<void> | undefined;
  return {
    app,
    httpServer,
    apollo,
    contextDependencies: deps,
    close() {
      closed ??= (async () => {
        await apollo.stop();
        await pool.close();
      })();
      return closed;
    },
  };
}

export interface RunningGateway {
  url: string;
  /** What its request contexts are built from (tests reach the process's official lists through it). */
  contextDependencies: ContextDependencies;
  close(): Promise<void>;
}

/** Creates the gateway and listens on HOST:PORT (PORT 0 picks a free port). */
export async function startGateway(
  config: GatewayConfig,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  const gateway = await createGateway(config, options);
  const { httpServer } = gateway;
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await gateway.close();
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  const host = ['0.0.0.0', '::', ''].includes(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return {
    url: `http://${host}:${port}`,
    contextDependencies: gateway.contextDependencies,
    close: () => gateway.close(),
  };
}
