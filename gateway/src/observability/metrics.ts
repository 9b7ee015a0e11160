import type { ApolloServerPlugin } from '@apollo/server';
import { METRICS_TOKEN_REFUSED, metricsTokenAccepted } from '@portal/domain/metrics-token';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { GatewayContext } from '../context.ts';
import { sendProblem } from '../errors.ts';
import type { RestCall } from '../rest/client.ts';
import type { RestErrorKind } from '../rest/errors.ts';

/** Seconds, for the gateway's answers and its calls to the api alike. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** REST calls one GraphQL operation makes: a screen costs one per kind of resource it shows. */
const REST_CALL_BUCKETS = [0, 1, 2, 3, 5, 8, 13, 21, 34];

/** The label of what has no bounded name: an operation a script named, a path no route matched. */
const OTHER = '(other)';

/** The operation names of the persisted documents (`query DashboardLayoutQuery(...)`): a bounded set. */
function operationNames(documents: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of documents) {
    for (const match of text.matchAll(/\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/g)) {
      if (match[1] !== undefined) names.add(match[1]);
    }
  }
  return names;
}

/**
 * The route of an answered request, as a bounded label: the matched route's pattern, the mount of `/graphql`,
 * else `(other)` (the web app's files and pages, unknown paths).
 */
function routeOf(req: Request): string {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  return req.baseUrl === '' ? OTHER : req.baseUrl;
}

/**
 * The gateway's Prometheus metrics: its answers by route and status with their latency; each GraphQL operation's
 * latency, REST calls and errors, by operation (the web's persisted operations by name); the REST calls to the
 * api by method and status with their latency, and those that got no answer (time-outs, unreachable api).
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly #known: ReadonlySet<string>;
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #operationLatency: Histogram<'operation'>;
  readonly #operationRestCalls: Histogram<'operation'>;
  readonly #operationErrors: Counter<'operation' | 'code'>;
  readonly #restCalls: Counter<'method' | 'status'>;
  readonly #restLatency: Histogram<'method'>;
  readonly #upstreamFailures: Counter<'kind'>;
  readonly #poolRenewals: Counter;
  readonly #keptAnswers: Counter<'operation' | 'outcome'>;

  /** `persistedDocuments`: the texts of the persisted queries, whose names label the operations. */
  constructor(persistedDocuments: Iterable<string>) {
    const registers = [this.registry];
    this.#known = operationNames(persistedDocuments);
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route (its pattern) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#operationLatency = new Histogram({
      name: 'gateway_graphql_operation_duration_seconds',
      help: 'Time a GraphQL operation took, by operation',
      labelNames: ['operation'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#operationRestCalls = new Histogram({
      name: 'gateway_graphql_operation_rest_calls',
      help: 'REST calls a GraphQL operation made to the api, by operation',
      labelNames: ['operation'],
      buckets: REST_CALL_BUCKETS,
      registers,
    });
    this.#operationErrors = new Counter({
      name: 'gateway_graphql_operation_errors_total',
      help: 'Errors in GraphQL answers, by operation and code (UPSTREAM_ERROR: the api failed or did not answer)',
      labelNames: ['operation', 'code'],
      registers,
    });
    this.#restCalls = new Counter({
      name: 'gateway_rest_calls_total',
      help: 'Calls to the api, by method and status (none: no answer)',
      labelNames: ['method', 'status'],
      registers,
    });
    this.#restLatency = new Histogram({
      name: 'gateway_rest_call_duration_seconds',
      help: 'Time a call to the api took, by method',
      labelNames: ['method'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#upstreamFailures = new Counter({
      name: 'gateway_upstream_failures_total',
      help: 'Calls to the api that got no answer: timeout (the REST time-out) or network (refused, reset)',
      labelNames: ['kind'],
      registers,
    });
    this.#poolRenewals = new Counter({
      name: 'gateway_api_pool_renewals_total',
      help: 'Times the connections to the api were dropped for new ones after it was lost (refused, silent)',
      registers,
    });
    this.#keptAnswers = new Counter({
      name: 'gateway_kept_answers_total',
      help:
        "Screens' answers kept under their data stamp, by operation and outcome: kept (stored), served (sent " +
        'again, its stamp standing) or stale (read again, the data having changed)',
      labelNames: ['operation', 'outcome'],
      registers,
    });
  }

  /** A screen's answer was kept, served again, or found stale (`kept-answers.ts`). */
  keptAnswer(operation: string, outcome: 'kept' | 'served' | 'stale'): void {
    this.#keptAnswers.inc({ operation: this.#known.has(operation) ? operation : OTHER, outcome });
  }

  /** The first middleware: each request is counted and timed once answered. */
  requests(): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      res.once('finish', () => {
        const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
        this.#requests.inc(labels);
        this.#latency.observe(labels, (performance.now() - started) / 1000);
      });
      next();
    };
  }

  /** A REST call ended: its answer's status, or how it got none. */
  restCallEnded(call: RestCall, failure: RestErrorKind | null): void {
    this.#restCalls.inc({ method: call.method, status: call.status === null ? 'none' : String(call.status) });
    this.#restLatency.observe({ method: call.method }, call.durationMs / 1000);
    if (failure === 'timeout' || failure === 'network') this.#upstreamFailures.inc({ kind: failure });
  }

  apiConnectionsRenewed(): void {
    this.#poolRenewals.inc();
  }

  /** Apollo's plugin: each operation's latency, REST calls and errors. */
  plugin(): ApolloServerPlugin<GatewayContext> {
    const known = this.#known;
    return {
      requestDidStart: async () => {
        const started = performance.now();
        return {
          willSendResponse: async ({ operationName, contextValue, response }) => {
            const operation =
              operationName !== null && operationName !== undefined && known.has(operationName)
                ? operationName
                : OTHER;
            this.#operationLatency.observe({ operation }, (performance.now() - started) / 1000);
            this.#operationRestCalls.observe({ operation }, contextValue.restCalls.count);
            const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
            for (const error of errors) {
              const code = error.extensions?.code;
              this.#operationErrors.inc({ operation, code: typeof code === 'string' ? code : 'UNKNOWN' });
            }
          },
        };
      },
    };
  }

  /** `GET /metrics` for the holder of METRICS_TOKEN. */
  handler(token: string): RequestHandler {
    return async (req: Request, res: Response) => {
      if (!metricsTokenAccepted(token, req.headers.authorization)) {
        sendProblem(res, 401, METRICS_TOKEN_REFUSED);
        return;
      }
      res.type(this.registry.contentType).send(await this.registry.metrics());
    };
  }
}
