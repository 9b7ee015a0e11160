import { type Router, Router as router } from 'express';
import { request } from 'undici';
import type { ContextDependencies } from '../context.ts';
import { requestTrace } from '../request-trace.ts';

/** How long `/readyz` waits for the api before it says the gateway is not ready. */
const READY_TIMEOUT_MS = 2_000;

/**
 * What an operator (a load balancer, docker's health check) watches:
 * - `/healthz`: the gateway answers (alive);
 * - `/readyz`: the api answers its own `/healthz` too (the graph can be served), else 503.
 */
export function healthRoutes({ config, dispatcher }: ContextDependencies): Router {
  const routes = router();
  routes.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  routes.get('/readyz', async (req, res) => {
    const api = await request(`${config.apiBaseUrl}/healthz`, {
      dispatcher,
      headers: { traceparent: requestTrace(req).traceparent },
      signal: AbortSignal.timeout(READY_TIMEOUT_MS),
    }).then(
      async (answer) => {
        await answer.body.dump();
        return answer.statusCode === 200;
      },
      () => false,
    );
    if (api) res.json({ status: 'ok', api: 'ok' });
    else res.status(503).json({ status: 'unavailable', api: 'unreachable' });
  });
  return routes;
}
