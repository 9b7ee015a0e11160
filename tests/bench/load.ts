/**
 * Under load: 200 virtual users for 60 s through the gateway, on PostgreSQL (a database of its own,
 * `bench_load`, on the server of BENCH_POSTGRES_URL, dropped and seeded anew at each run) then on the embedded
 * PGlite, the same generated world on both (LOAD_WORLD, seeded by the api's seed in a few seconds); and logins at 20
 * a second. Goals: on PostgreSQL, no error and p99 under 300 ms for each kind of request; on PGlite, no error, the
 * figures printed with what explains them; a login's p95 under 300 ms at 20 a second. Figures only.
 *
 *   npx node tests/bench/run.ts load                          (npm run bench -- load builds the web app first)
 *   BENCH_LOAD_SECONDS=15 npx node tests/bench/run.ts load    (a shorter run, while developing)
 *   BENCH_LOAD_ENGINE=pglite npx node tests/bench/run.ts load  (one engine: postgresql or pglite)
 *
 * The portal runs as docker compose runs it: the api and the gateway, each its own process (NODE_ENV production,
 * warnings only in the logs), on the same machine as the load generator.
 *
 * The load generator is autocannon (its HTTP/1.1 client, connections, timings, time-outs and counts); how the users
 * are modelled on it:
 * - Logins first, alone: 20 connections, each sending the browser's login (the persisted LoginPageMutation) once a
 *   second at a random phase of its own, for 20 s (BENCH_LOAD_SECONDS when shorter, never under 12 s): 20 logins a
 *   second, 400 in all, each user's in turn. Every virtual user then browses with the session cookie of one of them,
 *   its own user's: each one logs in once, itself.
 * - Virtual users: one connection each (kept alive, as a browser's), 200, each a user of its own of the world (its
 *   producers and providers, the companies' users taken in turn). Each opens `/` (the layout's query, once), then
 *   loops over four screens, sending each screen's queries as the browser does (persisted ids, the variables the web's
 *   functions give for a URL without a search, the session cookie, a browser's `accept-encoding`, so that the
 *   gateway compresses its answers as it does for one): the dashboard (DashboardFiguresQuery, DashboardMapQuery,
 *   DashboardHomePageQuery), the operations history (OperationListPageQuery), one of its establishments, a
 *   different one each time (EstablishmentPageQuery) and the monthly view (MonthlyFiguresQuery, DetailsPageQuery).
 * - Think times: autocannon has none. Its pacing (connectionRate, overallRate) is a budget of requests per second
 *   and connection whose one-second windows all open together: 200 connections at 1 request a second send 200
 *   requests in the same few milliseconds each second (measured: 160 of 160 in one 50 ms slot at overallRate 160),
 *   a herd no set of users makes; and an overallRate below the connections (200 users × 1 / 1.25 s ≈ 160 a second)
 *   silently cuts them to that number. So `pace` defers each connection's next request instead: it wraps the
 *   Client's `_doRequest` (the step autocannon runs after each answer to write the next request; private, hence the
 *   exact version of autocannon) in a timer of 0.5 to 2 s, uniform, before the first request of each screen, and
 *   none between the requests of one screen. Each user thus runs as a browser's tab does: a screen, its answers, a
 *   pause, the next screen (7 requests per loop of 4 screens: 1.4 requests a second per user, 280 for 200, were
 *   every answer immediate). The users arrive as they signed in, 20 a second: each one's first screen comes at a
 *   random moment of the first 10 s. The approximation: a browser sends a screen's queries at once, on several
 *   connections; here they go one after the other on the user's connection, which spreads them a little more.
 * - Errors: answers other than 2xx, no answer within 20 s (autocannon's time-out, set above the gateway's REST
 *   time-out of 10 s, so that an api too slow comes back as the gateway's UPSTREAM_ERROR, as a browser sees it),
 *   connection errors, and errors in answers (several in one answer, at times: one per row whose REST call
 *   failed). These last are counted by the gateway itself, by their code
 *   (`gateway_graphql_operation_errors_total` by operation, its /metrics read before and after the run), since the
 *   bodies autocannon hands over are text and cannot be decompressed; before the run, each request of a producer
 *   and of a provider is sent alone and read in full ("alone p50": their time without load).
 *
 * Beside the figures, what explains them, measured over the same run: the CPU time of the gateway, the api, the
 * PostgreSQL backends of `bench_load` and the load generator (a share of one core; the machine's own busy share
 * too, other work included), the api's database pool (its busiest and its longest queue, /metrics each second),
 * the worst event-loop delay of each tier, and the REST calls each GraphQL request made.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { World, WorldOptions } from '@portal/api';
import autocannon from 'autocannon';
import { operationListVariables } from '../../web/src/apps/operations/operationListParams.ts';
import { freePort } from '../support/ports.ts';
import { type ServerProcess, startServer, untilAnswers } from '../support/processes.ts';
import {
  databaseEngines,
  type Engine,
  enginesOf,
  graphql,
  ms,
  password,
  percentile,
  persistedId,
  printTable,
  sessionCookie,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = 200;
const LOGINS_PER_SECOND = 20;
/** Enough logins for a session per user: 20 a second for at least 12 s. */
const LOGIN_SECONDS = Math.max(12, Math.min(20, SECONDS));
const THINK_MS: [number, number] = [500, 2000];
/** The users' first screens are spread over this time: they arrive as fast as they sign in. */
const START_SPREAD_MS = (1000 * USERS) / LOGINS_PER_SECOND;
const GOAL_P99_MS = 300;
const GOAL_LOGIN_P95_MS = 300;

/**
 * 40 producer companies of 5 establishments (2 chantiers, 6 containers each) served by 4 provider companies, 3
 * years of operations (about 26,000), 5 users per company: 225 users, of whom 220 producers and providers.
 */
export const LOAD_WORLD: WorldOptions = {
  companies: 40,
  sitesPerCompany: 5,
  entitiesPerSite: 2,
  skipsPerSite: 6,
  retrieverCompanies: 4,
  usersPerCompany: 5,
  years: 3,
  seed: 14,
};
const DATABASE = 'bench_load';

/** A browser's headers for /graphql (what the web's fetchGraphQL sends, and what a browser adds). */
const BROWSER_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

interface Screen {
  name: string;
  /** The persisted operations the screen's loaders start, in their order. */
  operations: string[];
}

const SCREENS: Screen[] = [
  { name: 'dashboard', operations: ['DashboardFiguresQuery', 'DashboardMapQuery', 'DashboardHomePageQuery'] },
  { name: 'operations history', operations: ['OperationListPageQuery'] },
  { name: 'establishment', operations: ['EstablishmentPageQuery'] },
  { name: 'monthly view', operations: ['MonthlyFiguresQuery', 'DetailsPageQuery'] },
];
/** The dashboard layout's query: once, with the first screen after signing in. */
const LANDING = 'DashboardLayoutQuery';

interface Viewer {
  ownSiteTypology: 'PRODUCER' | 'RETRIEVER';
  isRetriever: boolean;
}

interface VirtualUser {
  email: string;
  company: number;
  viewer: Viewer;
  cookie: string;
  /** Its own establishments' database ids, visited in turn. */
  establishments: number[];
  visits: number;
  /** Requests written so far: the next one is `stepAt(sent)`. */
  sent: number;
}

/** One request of a user's sequence: the landing's, then the screens' over and over. */
interface Step {
  operation: string;
  startsScreen: boolean;
}

const loop: Step[] = SCREENS.flatMap((screen) =>
  screen.operations.map((operation, index) => ({ operation, startsScreen: index === 0 })),
);
const firstPass: Step[] = [{ operation: LANDING, startsScreen: true }, ...loop.map((step) => ({ ...step }))];
firstPass[1] = { ...firstPass[1]!, startsScreen: false };
const stepAt = (index: number): Step =>
  index < firstPass.length ? firstPass[index]! : loop[(index - firstPass.length) % loop.length]!;

/** What one kind of request got: its latencies and its failures. */
class Kind {
  readonly samples: number[] = [];
  non2xx = 0;
  timeouts = 0;
  connectionErrors = 0;
  /** Errors in answers, by their code (several may come in one answer). */
  readonly graphqlErrors = new Map<string, number>();
  /** REST calls the gateway made for one it read (not kept), on average. */
  restCalls = Number.NaN;
  /** The share of them the gateway answered with a kept answer, its data stamp standing. */
  kept = Number.NaN;

  graphqlError(code: string, count = 1) {
    this.graphqlErrors.set(code, (this.graphqlErrors.get(code) ?? 0) + count);
  }

  /** Requests that got no good answer: not 2xx, none in time, connection lost. */
  get failed() {
    return this.non2xx + this.timeouts + this.connectionErrors;
  }

  get errorCount() {
    return this.failed + [...this.graphqlErrors.values()].reduce((sum, count) => sum + count, 0);
  }

  /** `0`, or what went wrong: `3 time-outs, 5 GraphQL errors (UPSTREAM_ERROR 5)`. */
  get errorText() {
    const graphql = [...this.graphqlErrors.values()].reduce((sum, count) => sum + count, 0);
    const parts = [
      this.non2xx && `${this.non2xx} non-2xx`,
      this.timeouts && `${this.timeouts} time-outs`,
      this.connectionErrors && `${this.connectionErrors} connection errors`,
      graphql &&
        `${graphql} GraphQL errors (${[...this.graphqlErrors].map(([code, count]) => `${code} ${count}`).join(', ')})`,
    ];
    return parts.filter(Boolean).join(', ') || '0';
  }
}

const uniform = ([low, high]: [number, number]) => low + Math.random() * (high - low);

/**
 * Defers the connection's next request by `delay()` ms: autocannon calls `_doRequest` once a connection is open
 * and after each answer, to write the next request. A call while one is deferred (a reconnection's) is dropped:
 * a connection never has two requests out.
 */
function pace(client: autocannon.Client, delay: () => number, sent: () => void): void {
  const internal = client as unknown as { _doRequest?: () => void; destroyed?: boolean };
  const write = internal._doRequest?.bind(client);
  if (write === undefined) throw new Error('autocannon has no Client#_doRequest any more: see pace()');
  let deferred = false;
  const send = () => {
    if (internal.destroyed) return;
    sent();
    write();
  };
  internal._doRequest = () => {
    if (deferred) return;
    deferred = true;
    const go = () => {
      deferred = false;
      send();
    };
    // Even without a pause, after what autocannon does next (its time-out and error events name the request out).
    const wait = delay();
    if (wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  };
}

/** The portal's two processes, as docker compose runs them. */
interface Tiers {
  /** On PostgreSQL (else PGlite). */
  postgres: boolean;
  gateway: string;
  api: string;
  processes: { api: ServerProcess; gateway: ServerProcess };
  metrics(tier: 'api' | 'gateway'): Promise<Sample[]>;
  /** Stops both and resolves once they are gone (PGlite's files can then be removed). */
  close(): Promise<void>;
}

async function startTiers(env: NodeJS.ProcessEnv, postgres: boolean): Promise<Tiers> {
  const [apiPort, gatewayPort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const token = randomBytes(24).toString('base64url');
  const tierEnv = {
    ...env,
    API_PORT: String(apiPort),
    API_BASE_URL: api,
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
    METRICS_TOKEN: token,
  };
  const processes = {
    api: startServer('api/src/main.ts', tierEnv),
    gateway: startServer('gateway/src/main.ts', tierEnv),
  };
  const stop = async ({ process: child }: ServerProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  const close = async () => {
    await stop(processes.gateway);
    await stop(processes.api);
  };
  try {
    await untilAnswers(`${api}/readyz`, processes.api);
    await untilAnswers(`${gateway}/readyz`, processes.gateway);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    postgres,
    gateway,
    api,
    processes,
    async metrics(tier) {
      const response = await fetch(`${tier === 'api' ? api : gateway}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${tier} /metrics: HTTP ${response.status}`);
      return parseMetrics(await response.text());
    },
    close,
  };
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, the lines that are samples. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

/** CPU seconds (user and system) of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database`, by their process title (`postgres: user database address state`). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      // `postgres: [cluster: ]user database address state`
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(title)?.[1] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The machine's busy and total CPU time (all cores), from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** What explains the figures, measured over a run (see observed). */
interface Observation {
  seconds: number;
  /** CPU seconds of each process over the run; the PostgreSQL backends' null on PGlite. */
  cpu: { gateway: number; api: number; postgres: number | null; generator: number };
  /** The machine's busy CPU, in cores (everything on it, other work included). */
  machineCores: number;
  /**
   * The api's database pool at its busiest. PostgreSQL only: under load PGlite's gauge reads 0 at every reading (its
   * queries run on the api's own thread, and /metrics is answered between them).
   */
  pool: { busy: number; waiting: number; max: number };
  /** The longest event-loop delay of each tier, ms. */
  lag: { gateway: number; api: number };
}

/**
 * Runs `run` while measuring the CPU of each process (from /proc), the machine's, and each second the api's pool and
 * each tier's event loop from their /metrics (prom-client's event-loop figures cover the time since the previous
 * reading).
 */
async function observed<T>(tiers: Tiers, run: () => Promise<T>): Promise<{ result: T } & Observation> {
  const { postgres } = tiers;
  const pids = {
    api: tiers.processes.api.process.pid ?? 0,
    gateway: tiers.processes.gateway.process.pid ?? 0,
  };
  // Backends may come and go: each one's latest reading, and its reading at the start.
  const backends = new Map<number, number>();
  const backendsBefore = new Map<number, number>();
  const readBackends = () => {
    if (!postgres) return;
    for (const pid of backendsOf(DATABASE)) backends.set(pid, cpuSeconds(pid));
  };
  if (postgres) for (const pid of backendsOf(DATABASE)) backendsBefore.set(pid, cpuSeconds(pid));
  const before = {
    api: cpuSeconds(pids.api),
    gateway: cpuSeconds(pids.gateway),
    generator: process.cpuUsage(),
    machine: machineCpu(),
  };
  const pool = { busy: 0, waiting: 0, max: 0 };
  const lag = { api: 0, gateway: 0 };
  const sample = async () => {
    readBackends();
    const [api, gateway] = await Promise.all([tiers.metrics('api'), tiers.metrics('gateway')]);
    pool.busy = Math.max(pool.busy, sumOf(api, 'portal_db_pool_connections', { state: 'busy' }));
    pool.waiting = Math.max(pool.waiting, sumOf(api, 'portal_db_pool_waiting'));
    pool.max = sumOf(api, 'portal_db_pool_max_connections');
    lag.api = Math.max(lag.api, 1000 * sumOf(api, 'nodejs_eventloop_lag_max_seconds'));
    lag.gateway = Math.max(lag.gateway, 1000 * sumOf(gateway, 'nodejs_eventloop_lag_max_seconds'));
  };
  await sample(); // resets the event-loop histograms: the run's own from here
  lag.api = 0;
  lag.gateway = 0;
  const started = performance.now();
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample, sample);
  }, 1000);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
    await sampling.catch(() => undefined);
  }
  readBackends();
  await sample().catch(() => undefined);
  const seconds = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(before.generator);
  const machine = machineCpu();
  let postgresSeconds = 0;
  for (const [pid, reading] of backends) postgresSeconds += reading - (backendsBefore.get(pid) ?? 0);
  return {
    result,
    seconds,
    cpu: {
      gateway: cpuSeconds(pids.gateway) - before.gateway,
      api: cpuSeconds(pids.api) - before.api,
      postgres: postgres ? postgresSeconds : null,
      generator: (generator.user + generator.system) / 1e6,
    },
    machineCores:
      (cpus().length * (machine.busy - before.machine.busy)) / (machine.total - before.machine.total),
    pool,
    lag,
  };
}

/** The observation in a sentence; per answer when `answers` is given. */
function describe(observation: Observation, postgres: boolean, answers?: number): string {
  const { cpu, seconds } = observation;
  const share = (value: number) =>
    `${Math.round((100 * value) / seconds)} %` +
    (answers ? ` (${((1000 * value) / answers).toFixed(1)} ms an answer)` : '');
  const tiers = [
    `gateway ${share(cpu.gateway)}`,
    `api${postgres ? '' : ' (PGlite inside)'} ${share(cpu.api)}`,
    ...(cpu.postgres === null ? [] : [`PostgreSQL backends ${share(cpu.postgres)}`]),
    `load generator ${share(cpu.generator)}`,
  ];
  const { pool, lag } = observation;
  return (
    `CPU, in shares of one core: ${tiers.join(', ')}; the machine's ${cpus().length} cores busy ` +
    `${Math.round(100 * observation.machineCores)} % (all its work, others' included). ` +
    (postgres
      ? `Api database pool: at most ${pool.busy} of ${pool.max} connections busy, ${pool.waiting} queries ` +
        'waiting for one at most. '
      : '') +
    `Longest event-loop delay: gateway ${ms(lag.gateway)}, api ${ms(lag.api)}.`
  );
}

/** The world's producers and providers, the companies' first users first, then their second ones, ... */
function usersInTurn(world: World) {
  const eligible = world.users.filter(
    (user) => user.typology === 'producer' || user.typology === 'retriever',
  );
  const rank = new Map<string, number>();
  const seen = new Map<number, number>();
  for (const user of eligible) {
    const index = seen.get(user.company) ?? 0;
    seen.set(user.company, index + 1);
    rank.set(user.email, index);
  }
  return [...eligible].sort((a, b) => rank.get(a.email)! - rank.get(b.email)! || a.company - b.company);
}

/** A header of an answer autocannon hands over, whose names keep the server's case. */
function headerOf(headers: object | undefined, name: string): string | string[] | undefined {
  const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found?.[1] as string | string[] | undefined;
}

/** autocannon's time-out, above the gateway's REST time-out (10 s): an api too slow comes back as its error. */
const TIMEOUT_SECONDS = 20;

interface LoginRun extends Observation {
  kind: Kind;
  /** Each e-mail's first session cookie. */
  cookies: Map<string, string>;
}

/** 20 logins a second (the browser's persisted mutation), users in turn, each session's cookie kept. */
async function runLogins(tiers: Tiers, emails: string[]): Promise<LoginRun> {
  const kind = new Kind();
  const cookies = new Map<string, string>();
  const loginId = persistedId('LoginPageMutation');
  let next = 0;
  const observation = await observed(tiers, () =>
    autocannon({
      url: tiers.gateway,
      connections: LOGINS_PER_SECOND,
      duration: LOGIN_SECONDS,
      timeout: TIMEOUT_SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          headers: BROWSER_HEADERS,
          setupRequest: (request, context) => {
            const email = emails[next++ % emails.length]!;
            (context as { email?: string }).email = email;
            return {
              ...request,
              body: JSON.stringify({ doc_id: loginId, variables: { input: { email, password } } }),
            };
          },
          onResponse: (status, body, context, headers) => {
            if (status < 200 || status >= 300) return;
            // Small answers come uncompressed: read them; a refused login is an answer with userErrors.
            if (headerOf(headers, 'content-encoding') === undefined) {
              const answer = JSON.parse(body) as {
                errors?: { extensions?: { code?: string } }[];
                data?: { login?: { viewer: unknown } };
              };
              for (const error of answer.errors ?? []) kind.graphqlError(error.extensions?.code ?? 'UNKNOWN');
              if (!answer.errors && !answer.data?.login?.viewer) kind.graphqlError('userErrors');
            }
            const setCookie = headerOf(headers, 'set-cookie');
            const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
              .map((header) => header.split(';')[0])
              .join('; ');
            const { email } = context as { email?: string };
            if (email !== undefined && cookie.includes('portal_session=') && !cookies.has(email)) {
              cookies.set(email, cookie);
            }
          },
        },
      ],
      setupClient: (client) => {
        // Once a second, at this connection's own moment of the second.
        let due = performance.now() + Math.random() * 1000;
        pace(
          client,
          () => due - performance.now(),
          () => {
            due = Math.max(due, performance.now()) + 1000;
          },
        );
        client.on('response', (status: number, _bytes: number, latency: number) => {
          kind.samples.push(latency);
          if (status < 200 || status >= 300) kind.non2xx++;
        });
        // Events of autocannon's Client that its types leave out.
        const events = client as unknown as NodeJS.EventEmitter;
        events.on('timeout', () => kind.timeouts++);
        events.on('connError', () => kind.connectionErrors++);
      },
    }),
  );
  return { ...observation, kind, cookies };
}

/** This year and month in France, as the web's dashboard reads them. */
const inFrance = (part: 'year' | 'month') =>
  Number(
    new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', [part]: 'numeric' }).format(new Date()),
  );

/**
 * The figures' variables for a URL without a search: what the web's dashboardVariables and monthlyVariables
 * (web/src/apps/dashboard/dashboardParams.ts) give, the user's side, this year (and month), no selection. Written
 * out here: that file imports a component's type, which the root typecheck cannot read.
 */
function figuresVariables(viewer: Viewer, monthly: boolean) {
  const retriever = viewer.ownSiteTypology === 'RETRIEVER';
  return {
    year: inFrance('year'),
    ...(monthly ? { month: inFrance('month') } : {}),
    scope: {
      side: retriever ? 'RETRIEVER' : 'PRODUCER',
      producerSiteId: null,
      producerEntityId: null,
      retrieverSiteId: null,
      companyId: null,
      location: null,
    },
  };
}

/** The requests of one step for a user, as the browser sends them. */
function requestOf(step: Step, user: VirtualUser, ids: Map<string, string>): autocannon.Request {
  const headers = { ...BROWSER_HEADERS, cookie: user.cookie };
  const body = (variables: object) =>
    JSON.stringify({ doc_id: ids.get(step.operation), variables: variables });
  const request = { method: 'POST' as const, path: '/graphql', headers };
  switch (step.operation) {
    case 'DashboardFiguresQuery':
    case 'DashboardMapQuery':
      return { ...request, body: body(figuresVariables(user.viewer, false)) };
    case 'DashboardHomePageQuery':
      return { ...request, body: body({ carrier: false }) };
    case 'OperationListPageQuery':
      return {
        ...request,
        body: body(operationListVariables('history', user.viewer, new URLSearchParams())),
      };
    case 'MonthlyFiguresQuery':
      return { ...request, body: body(figuresVariables(user.viewer, true)) };
    case 'EstablishmentPageQuery':
      return {
        ...request,
        body: body({ databaseId: user.establishments[0] }),
        // Built again just before each is written: the next of the user's establishments.
        setupRequest: (built) => ({
          ...built,
          body: body({ databaseId: user.establishments[user.visits++ % user.establishments.length] }),
        }),
      };
    default:
      return { ...request, body: body({}) };
  }
}

interface BrowseRun extends Observation {
  kinds: Map<string, Kind>;
  outcome: autocannon.Result;
  /** Each answer's time (ms after the run began) and latency (ms): the run's warm-up against its rest. */
  timeline: [number, number][];
}

/** The timeline's p50 and p99 by TIMELINE_STEP_S of the run. */
const TIMELINE_STEP_S = 10;
function timelineText(timeline: [number, number][]): string {
  const parts: string[] = [];
  for (let from = 0; from < SECONDS; from += TIMELINE_STEP_S) {
    const latencies = timeline
      .filter(([at]) => at >= from * 1000 && at < (from + TIMELINE_STEP_S) * 1000)
      .map(([, latency]) => latency);
    if (latencies.length === 0) continue;
    parts.push(
      `${from}–${from + TIMELINE_STEP_S} s ${Math.round(percentile(latencies, 50))} / ${Math.round(percentile(latencies, 99))}`,
    );
  }
  return parts.join(', ');
}

/** The virtual users, one connection each, for SECONDS. */
async function runUsers(tiers: Tiers, users: VirtualUser[], ids: Map<string, string>): Promise<BrowseRun> {
  const kinds = new Map<string, Kind>(
    [LANDING, ...loop.map((step) => step.operation)].map((operation) => [operation, new Kind()]),
  );
  const gatewayBefore = await tiers.metrics('gateway');
  let nextUser = 0;
  const timeline: [number, number][] = [];
  let startedAt = Number.NaN;
  const observation = await observed(tiers, () =>
    autocannon({
      url: tiers.gateway,
      connections: users.length,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      setupClient: (client) => {
        const user = users[nextUser++]!;
        const first = firstPass.map((step) => requestOf(step, user, ids));
        // After the first pass, the loop alone, given just before its first request is written. autocannon then
        // writes the request after the one it is on, so the loop is given from the first pass's last request.
        const rest = [first.at(-1)!, ...loop.slice(0, -1).map((step) => requestOf(step, user, ids))];
        client.setRequests(first);
        const inFlight = () => kinds.get(stepAt(user.sent - 1).operation)!;
        pace(
          client,
          () =>
            user.sent === 0
              ? Math.random() * START_SPREAD_MS
              : stepAt(user.sent).startsScreen
                ? uniform(THINK_MS)
                : 0,
          () => {
            user.sent++;
            if (user.sent === firstPass.length + 1) client.setRequests(rest);
          },
        );
        client.on('response', (status: number, _bytes: number, latency: number) => {
          const kind = inFlight();
          kind.samples.push(latency);
          if (Number.isNaN(startedAt)) startedAt = performance.now() - latency;
          timeline.push([performance.now() - startedAt, latency]);
          if (status < 200 || status >= 300) kind.non2xx++;
        });
        const events = client as unknown as NodeJS.EventEmitter;
        events.on('timeout', () => inFlight().timeouts++);
        events.on('connError', () => inFlight().connectionErrors++);
      },
    }),
  );
  // The gateway's own counts over the run: the errors in its answers (by code) and its REST calls.
  const gatewayAfter = await tiers.metrics('gateway');
  const delta = (name: string, labels: Record<string, string>) =>
    sumOf(gatewayAfter, name, labels) - sumOf(gatewayBefore, name, labels);
  for (const [operation, kind] of kinds) {
    const codes = new Set(
      gatewayAfter
        .filter((sample) => sample.name === 'gateway_graphql_operation_errors_total')
        .filter((sample) => sample.labels.operation === operation)
        .map((sample) => sample.labels.code ?? 'UNKNOWN'),
    );
    for (const code of codes) {
      const count = delta('gateway_graphql_operation_errors_total', { operation, code });
      if (count > 0) kind.graphqlError(code, count);
    }
    kind.restCalls =
      delta('gateway_graphql_operation_rest_calls_sum', { operation }) /
      delta('gateway_graphql_operation_rest_calls_count', { operation });
    kind.kept = delta('gateway_kept_answers_total', { operation, outcome: 'served' }) / kind.samples.length;
  }
  return { ...observation, kinds, outcome: observation.result, timeline };
}

/** Each user's own establishments (the establishments screen's query, once per company). */
async function establishmentsOf(gateway: string, users: VirtualUser[]): Promise<void> {
  const listId = persistedId('EstablishmentListPageQuery');
  const byCompany = new Map<number, number[]>();
  for (const user of users) {
    let ids = byCompany.get(user.company);
    if (ids === undefined) {
      const answer = await graphql(
        gateway,
        { doc_id: listId },
        { linked: false, search: null, orderBy: null },
        { cookie: user.cookie },
      );
      const data = answer.data as {
        viewer: { establishments: { edges: { node: { databaseId: number } }[] } };
      };
      ids = data.viewer.establishments.edges.map((edge) => edge.node.databaseId);
      if (ids.length === 0) throw new Error(`${user.email} has no establishment`);
      byCompany.set(user.company, ids);
    }
    user.establishments = ids;
  }
}

/** Rounds of each request alone (one at a time, no other load), after a first one not counted. */
const ALONE_ROUNDS = 5;

/**
 * Each request of a producer's and a provider's sequence, one at a time and read in full (an answer with errors
 * stops the bench): their time without load, the figure the load's are compared with.
 */
async function alone(gateway: string, users: VirtualUser[], ids: Map<string, string>) {
  const samples = new Map<string, number[]>(firstPass.map((step) => [step.operation, []]));
  const chosen = [
    users.find((user) => !user.viewer.isRetriever),
    users.find((user) => user.viewer.isRetriever),
  ].filter((user) => user !== undefined);
  for (let round = 0; round <= ALONE_ROUNDS; round++) {
    for (const user of chosen) {
      for (const step of firstPass) {
        const { doc_id, variables } = JSON.parse(String(requestOf(step, user, ids).body)) as {
          doc_id: string;
          variables: object;
        };
        const started = performance.now();
        await graphql(gateway, { doc_id }, variables, { cookie: user.cookie }).catch((error: unknown) => {
          throw new Error(`${step.operation} for ${user.email}: ${String(error)}`);
        });
        if (round > 0) samples.get(step.operation)!.push(performance.now() - started);
      }
    }
  }
  return samples;
}

const quantile = (kind: Kind, p: number) => percentile(kind.samples, p);
const maxOf = (samples: number[]) =>
  samples.length === 0 ? Number.NaN : samples.reduce((max, value) => Math.max(max, value), 0);
/** A time, or a dash when there was none to measure. */
const time = (value: number) => (Number.isNaN(value) ? '—' : ms(value));

const ENGINES = databaseEngines(LOAD_WORLD, DATABASE);

async function benchEngine(engine: Engine): Promise<void> {
  const database = await engine.seed();
  const tiers = await startTiers(database.env, engine.postgres).catch((error: unknown) => {
    database.remove();
    throw error;
  });
  try {
    const { world } = database;
    const chosen = usersInTurn(world).slice(0, USERS);
    if (chosen.length < USERS) throw new Error(`the world has ${chosen.length} users, not ${USERS}`);
    const ids = new Map(
      [LANDING, ...loop.map((step) => step.operation)].map((operation) => [
        operation,
        persistedId(operation),
      ]),
    );

    const logins = await runLogins(
      tiers,
      chosen.map((user) => user.email),
    );
    // A user whose login the run's end cut off signs in now, outside the figures (said so).
    const late = chosen.filter((user) => !logins.cookies.has(user.email));
    for (const user of late) logins.cookies.set(user.email, await sessionCookie(tiers.gateway, user.email));
    const users: VirtualUser[] = chosen.map((user) => ({
      email: user.email,
      company: user.company,
      viewer:
        user.typology === 'retriever'
          ? { ownSiteTypology: 'RETRIEVER', isRetriever: true }
          : { ownSiteTypology: 'PRODUCER', isRetriever: false },
      cookie: logins.cookies.get(user.email)!,
      establishments: [],
      visits: 0,
      sent: 0,
    }));
    await establishmentsOf(tiers.gateway, users);
    const baseline = await alone(tiers.gateway, users, ids);
    for (const user of users) user.visits = 0;

    const browse = await runUsers(tiers, users, ids);

    const providers = users.filter((user) => user.viewer.isRetriever).length;
    process.stdout.write(
      `\n## Load on ${database.label}\n` +
        `World: ${world.companies.length} companies, ${world.sites.length} establishments, ` +
        `${world.skips.length} containers, ${world.operations.length.toLocaleString('en-US')} operations over ` +
        `${LOAD_WORLD.years} years, ${world.users.length} users; seeded in ${database.seedSeconds.toFixed(1)} s. ` +
        `The api and the gateway each in its own process; autocannon in the bench's.\n`,
    );
    const login = logins.kind;
    const loginP95 = quantile(login, 95);
    printTable(
      `Logins: ${LOGINS_PER_SECOND} a second for ${LOGIN_SECONDS} s (the browser's LoginPageMutation, each user in turn)`,
      [
        ['logins', 'a second', 'p50', 'p95', 'p99', 'max', 'errors', 'goal', ''],
        [
          String(login.samples.length),
          (login.samples.length / logins.seconds).toFixed(1),
          time(quantile(login, 50)),
          time(loginP95),
          time(quantile(login, 99)),
          time(maxOf(login.samples)),
          login.errorText,
          `p95 < ${GOAL_LOGIN_P95_MS} ms, 0 errors`,
          loginP95 < GOAL_LOGIN_P95_MS && login.errorCount === 0 ? 'ok' : 'MISSED',
        ],
      ],
    );
    process.stdout.write(
      `${late.length === 0 ? '' : `Users whose login came too late, signed in after it: ${late.length}. `}` +
        `${describe(logins, engine.postgres, login.samples.length)}\n`,
    );

    const rows = [
      [
        'request',
        'screen',
        'count',
        'a second',
        'alone p50',
        'p50',
        'p95',
        'p99',
        'max',
        'errors',
        'kept',
        'REST calls',
        'goal',
        '',
      ],
    ];
    for (const [operation, kind] of browse.kinds) {
      const p99 = quantile(kind, 99);
      const screen =
        SCREENS.find((candidate) => candidate.operations.includes(operation))?.name ?? '`/` after login';
      const met = kind.samples.length > 0 && kind.errorCount === 0 && (!engine.postgres || p99 < GOAL_P99_MS);
      rows.push([
        operation,
        screen,
        String(kind.samples.length),
        (kind.samples.length / browse.seconds).toFixed(1),
        time(percentile(baseline.get(operation) ?? [], 50)),
        time(quantile(kind, 50)),
        time(quantile(kind, 95)),
        time(p99),
        time(maxOf(kind.samples)),
        kind.errorText,
        Number.isNaN(kind.kept) ? '' : `${Math.round(kind.kept * 100)} %`,
        Number.isNaN(kind.restCalls) ? '' : kind.restCalls.toFixed(1),
        engine.postgres ? `p99 < ${GOAL_P99_MS} ms, 0 errors` : '0 errors',
        met ? 'ok' : 'MISSED',
      ]);
    }
    const answers = [...browse.kinds.values()].reduce((sum, kind) => sum + kind.samples.length, 0);
    // A user answered at once would send a loop's requests in its 4 pauses: the rate the load asks for.
    const asked = (USERS * loop.length) / (SCREENS.length * ((THINK_MS[0] + THINK_MS[1]) / 2 / 1000));
    printTable(
      `${USERS} virtual users (${USERS - providers} producers, ${providers} providers) for ${SECONDS} s, ` +
        `arriving over the first ${START_SPREAD_MS / 1000} s, pauses of ${THINK_MS[0] / 1000} to ` +
        `${THINK_MS[1] / 1000} s between screens ` +
        `("alone": ${ALONE_ROUNDS} rounds of a producer's and a provider's requests one at a time, before)`,
      rows,
    );
    const { outcome } = browse;
    process.stdout.write(
      `Answers: ${answers}, ${(answers / browse.seconds).toFixed(1)} a second, for up to ${Math.round(asked)} a ` +
        `second asked (${loop.length} requests per loop of ${SCREENS.length} screens and ${SCREENS.length} ` +
        `pauses of ${(THINK_MS[0] + THINK_MS[1]) / 2000} s on average, per user, were every answer immediate). ` +
        `autocannon: ${outcome.requests.total} requests written, ${outcome.non2xx} non-2xx, ${outcome.errors} ` +
        `errors of which ${outcome.timeouts} time-outs (${TIMEOUT_SECONDS} s).\n` +
        `Kept: the share the gateway answered with the answer it kept for the user's session, under a data stamp ` +
        `that still stands (one REST call, the stamp's); REST calls: those of the answers read, on average.\n` +
        `All requests by ${TIMELINE_STEP_S} s of the run, p50 / p99 (ms): ${timelineText(browse.timeline)}.\n` +
        `${describe(browse, engine.postgres, answers)}\n`,
    );
  } finally {
    await tiers.close();
    database.remove();
  }
}

export async function benchLoad(): Promise<void> {
  for (const engine of enginesOf(ENGINES, 'BENCH_LOAD_ENGINE')) await benchEngine(engine);
}
