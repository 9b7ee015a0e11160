import { METRICS_TOKEN_REFUSED, metricsTokenAccepted } from '@portal/domain/metrics-token';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { ApiProblem } from '../hydra/index.ts';

export { ApiMetrics } from './metrics.ts';

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
 * - `/readyz`: the database answers too (ready for traffic), else 503;
 * - `/metrics`: Prometheus's text, only when METRICS_TOKEN is set and given as a bearer token (otherwise the
 *   route does not exist), so that nobody reads them from outside without that setting.
 * The api listens only once its database is migrated and its reference data checked: answering at all means
 * that much is done. Every answer is counted by route and status.
 */
export function setupObservability(app: FastifyInstance, { db, metrics, config }: ApiContext): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the path: an id in it would make a series per row.
    const route = request.routeOptions.url ?? '(unmatched)';
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
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
  const { metricsToken } = config;
  if (metricsToken === undefined) return;
  app.get('/metrics', hidden, async (request, reply) => {
    if (!metricsTokenAccepted(metricsToken, request.headers.authorization)) {
      throw new ApiProblem(401, METRICS_TOKEN_REFUSED);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
