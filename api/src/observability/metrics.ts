import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index.ts';

/** Seconds: the api answers most reads in milliseconds, the heavy dashboard ones in a second or more. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Throttles that refuse a request with a 429. */
export type Throttle = 'login' | 'password_reset';

/**
 * The api's Prometheus metrics, one registry per api (tests run several in one process): its requests by route
 * and status with their latency, the database pool, login failures and throttle refusals, and Node's own.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #loginFailures: Counter;
  readonly #throttled: Counter<'throttle'>;

  constructor(db: Db) {
    const registers = [this.registry];
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
    this.#loginFailures = new Counter({
      name: 'portal_login_failures_total',
      help: 'Logins refused for a wrong e-mail or password',
      registers,
    });
    this.#throttled = new Counter({
      name: 'portal_throttled_requests_total',
      help: 'Requests refused by a throttle (429), by throttle',
      labelNames: ['throttle'],
      registers,
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database connections, busy (running a query or a transaction) or idle',
      labelNames: ['state'],
      registers,
      collect() {
        const use = db.poolUse();
        this.set({ state: 'busy' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_max_connections',
      help: 'The most connections the pool opens',
      registers,
      collect() {
        this.set(db.poolUse().max);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries and transactions waiting for a connection',
      registers,
      collect() {
        this.set(db.poolUse().waiting);
      },
    });
  }

  /** A request answered: `route` is its pattern (`/api/skips/:id`), never its path, which would not bound. */
  requestAnswered(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#latency.observe(labels, seconds);
  }

  loginFailed(): void {
    this.#loginFailures.inc();
  }

  throttled(throttle: Throttle): void {
    this.#throttled.inc({ throttle });
  }
}
