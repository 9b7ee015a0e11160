import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { authenticateWith } from './account/auth.ts';
import { createMailer } from './account/mailer.ts';
import { createPasswordHasher } from './account/passwords.ts';
import type { ApiConfig } from './config.ts';
import type { ApiContext } from './context.ts';
import { type Db, migrate, openDatabase, SharedReads } from './db/index.ts';
import { domains } from './domains.ts';
import { createFileStore } from './files/store.ts';
import { setupIdempotency } from './hydra/idempotency.ts';
import { answerFrameworkError, setupHydra } from './hydra/index.ts';
import { ApiMetrics, setupObservability } from './observability/index.ts';
import { requestIdOf, requestLogController } from './observability/request-id.ts';
import { StartTimer } from './observability/start-timer.ts';
import { loadReferenceData, type ReferenceData } from './reference/data.ts';
import { type DemoSeed, seedDemo } from './seed/demo.ts';
import { seedDemoDocuments } from './seed/documents.ts';

/**
 * Answers above 1 KB compressed for clients that ask (reporting scripts, browsers); the gateway asks for none on
 * its local link. Text kinds only: files are sent as stored. Request bodies are never decompressed.
 */
const ANSWER_COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: /^text\/|[+/](json|xml)(;|$)/,
  globalDecompression: false,
};

export interface Api {
  app: FastifyInstance;
  db: Db;
  config: ApiConfig;
  reference: ReferenceData;
  /** What the demo seed inserted on this start; null when the database already had users or SEED_DEMO=false. */
  demo: DemoSeed | null;
  close(): Promise<void>;
}

/** Keys whose values never reach the logs, at any depth the logger sees. */
const SECRET_KEYS = ['password', 'confirmPassword', 'token', 'authorization', 'cookie'];
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

/**
 * helmet's headers (nosniff, DENY framing, ...) on every answer. The api answers JSON and files, never a page:
 * its policy lets nothing load or run. HSTS is the gateway's, where browsers arrive; the api is not reached
 * by a browser.
 */
const SECURITY_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false,
};

/** APP_SECRET, else the secret kept in DATA_DIR/secret (created on first start) so restarts keep sessions. */
async function resolveSecret(config: ApiConfig): Promise<string> {
  if (config.appSecret !== undefined) return config.appSecret;
  const file = join(config.dataDir, 'secret');
  const read = async () => {
    try {
      const secret = (await readFile(file, 'utf8')).trim();
      return secret.length >= 32 ? secret : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const created = await read();
  if (created === undefined) throw new Error(`${file} holds no usable secret; delete it or set APP_SECRET`);
  return created;
}

function createFastify(config: ApiConfig): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(config.logStream === undefined ? {} : { stream: config.logStream }),
    },
    requestIdHeader: false,
    genReqId: requestIdOf,
    logController: requestLogController(),
    trustProxy: config.trustProxy,
    // Errors raised before routing (a malformed address, a path parameter too long) are problems too.
    frameworkErrors: answerFrameworkError,
    // Route schemas document the API (OpenAPI); bodies are validated by zod in the handlers, with the French
    // messages of @portal/domain, and answers are plain JSON. Set as factories, so that every plugin context
    // (one that adds shared schemas included) keeps them.
    schemaController: {
      compilersFactory: {
        // Fastify types these as ajv's and fast-json-stringify's pools; any compiler factory is accepted.
        buildValidator: (() => () => () => true) as never,
        buildSerializer: (() => () => (data: unknown) => JSON.stringify(data)) as never,
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Every answer is a user's data, a session or a refusal: no cache keeps one, whatever its route says.
    reply.header('cache-control', 'no-store');
  });
  return app;
}

/**
 * A ready api (routes registered, database migrated and seeded), not listening: use `app.inject` or
 * `app.listen`. Fails with a ReferenceDataError naming REFERENCE_DATA_DIR when the official lists are missing.
 */
export async function createApi(config: ApiConfig): Promise<Api> {
  const timer = new StartTimer();
  const reference = await loadReferenceData(config.referenceDataDir);
  timer.lap('referenceData');
  const app = createFastify(config);
  const secret = await resolveSecret(config);
  const db = await openDatabase(config, (error) =>
    app.log.error({ err: error }, 'idle database client failed'),
  );
  timer.lap('database');
  const mailer = createMailer(config);
  const close = async () => {
    await app.close();
    mailer.close();
    await db.close();
  };
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    timer.lap('migrations');
    const passwords = await createPasswordHasher(config.argon2);
    const metrics = new ApiMetrics(db);
    const files = await createFileStore(config);
    const reads = new SharedReads(db, config.sharedReadsBytes);
    const context: ApiContext = { config, db, reads, secret, passwords, mailer, reference, metrics, files };
    for (const domain of domains) await domain.prepare?.(context);
    timer.lap('prepare');
    const demo = config.seedDemo ? await seedDemo(db, passwords, config.now()) : null;
    if (demo !== null) await seedDemoDocuments(db, files, demo, config.now());
    if (demo !== null) app.log.info({ accounts: Object.keys(demo.userIds) }, 'demo world seeded');
    timer.lap('demoSeed');

    await app.register(helmet, SECURITY_HEADERS);
    setupHydra(app);
    setupObservability(app, context);
    setupIdempotency(app, context);
    // After the idempotency hooks: a keyed write stores its answer before it is compressed.
    await app.register(compress, ANSWER_COMPRESSION);
    await app.register(swagger, {
      openapi: {
        info: { title: 'Portail déchets: REST API', version: '0.1.0', description: 'See docs/rest-api.md' },
        // Paths carry their `/api` prefix: the server is wherever this document is served from.
        servers: [{ url: '/', description: 'This api' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      // Shared schemas keep their names (`Skip`) as components, which the routes' answers reference.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, index) =>
          typeof json.$id === 'string' ? json.$id : `def-${index}`,
      },
    });
    app.get('/api/docs.json', { schema: { hide: true } }, async () => app.swagger());
    for (const domain of domains) domain.publicRoutes?.(app, context);
    await app.register(async (protectedScope) => {
      protectedScope.addHook('onRequest', authenticateWith(context));
      for (const domain of domains) domain.routes?.(protectedScope, context);
    });
    timer.lap('routes');
    for (const domain of domains) await domain.start?.(app, context);
    timer.lap('start');
    await app.ready();
    timer.lap('ready');
    app.log.info({ startMs: timer.totalMs, phases: timer.phases }, 'api ready');
    return { app, db, config, reference, demo, close };
  } catch (error) {
    await close();
    throw error;
  }
}
