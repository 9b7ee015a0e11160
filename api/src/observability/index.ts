import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';

/** How long `/readyz` waits for the database before it says the api is not ready. */
const READY_TIMEOUT_MS = 2_000;

/** Resolves to `false` when `promise` has not settled within `ms` (it is left to finish). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * What an operator watches, outside `/api` and its OpenAPI document:
 * - `/healthz`: the process answers (alive);
 * - `/readyz`: the database answers too (ready for traffic), else 503.
 * The api listens only once its database is migrated and its reference data checked: answering at all means
 * that much is done.
 */
export function setupObservability(app: FastifyInstance, { db }: ApiContext): void {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (_request, reply) => {
    const database = await within(
      db.query('select 1').then(
        () => true,
        () => false,
      ),
      READY_TIMEOUT_MS,
    );
    if (database) return { status: 'ok', database: 'ok' };
    return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
  });
}
