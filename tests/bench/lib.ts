/** What every benchmark needs: a generated database, the portal started on it, timing and a printed table. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorld, type World, type WorldOptions } from '@portal/api';
import pg from 'pg';
import { freePort } from '../support/ports.ts';

export const root = join(import.meta.dirname, '..', '..');
export const password = 'Portail2026!';

export interface Portal {
  world: World;
  gateway: string;
  /** The REST API's base, ending in `/api`. */
  api: string;
  seedSeconds: number;
  /** From spawning the portal to the first successful login. */
  startToLoginMs: number;
  close(): void;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')}: ${code}`)),
    );
  });
}

/** A fresh embedded database (PGlite in its own DATA_DIR) filled with a generated world and the demo. */
export interface SeededDatabase {
  world: World;
  /** The environment of a process that uses it (DATA_DIR, production, warnings only). */
  env: NodeJS.ProcessEnv;
  seedSeconds: number;
  remove(): void;
}

export async function seedDatabase(
  options: WorldOptions,
  /** More environment, e.g. `DATABASE_URL` to seed a PostgreSQL database instead of PGlite. */
  more: NodeJS.ProcessEnv = {},
): Promise<SeededDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...more,
  };
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const seedStarted = performance.now();
    await run(
      [
        'api/src/seed/cli.ts',
        `--companies=${options.companies}`,
        `--sites-per-company=${options.sitesPerCompany}`,
        `--entities-per-site=${options.entitiesPerSite}`,
        `--users-per-company=${options.usersPerCompany ?? 1}`,
        `--seed=${options.seed ?? 1}`,
        `--years=${options.years ?? 1}`,
        ...(options.skipsPerSite === undefined ? [] : [`--skips-per-site=${options.skipsPerSite}`]),
        ...(options.retrieverCompanies === undefined
          ? []
          : [`--retriever-companies=${options.retrieverCompanies}`]),
      ],
      env,
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // The generator is deterministic: the same options give the world the CLI inserted.
    return { world: generateWorld(options), env, seedSeconds, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Seeds a fresh embedded database with the generated world (and the demo), then starts the portal on it. */
/** The PostgreSQL server the benchmarks create their own databases on: BENCH_POSTGRES_URL, or the local one. */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function withPostgres<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** The address of a benchmark's own database on that server. */
export function postgresDatabaseUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A benchmark's own database on that server, dropped and created anew. */
export async function freshPostgresDatabase(database: string): Promise<string> {
  await withPostgres(POSTGRES_ADMIN_URL, async (admin) => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  });
  return postgresDatabaseUrl(database);
}

/** Where a benchmark's world is seeded: a PostgreSQL server, as deployed, or the embedded PGlite of `npm start`. */
export interface Engine {
  label: string;
  postgres: boolean;
  seed(): Promise<SeededDatabase & { label: string }>;
}

/** Both engines for one world; `database` names its database on the PostgreSQL server. */
export function databaseEngines(options: WorldOptions, database: string): Engine[] {
  return [
    {
      label: 'PostgreSQL',
      postgres: true,
      async seed() {
        const url = await freshPostgresDatabase(database);
        const seeded = await seedDatabase(options, { DATABASE_URL: url, DATABASE_SCHEMA: '' });
        const version = await withPostgres(
          POSTGRES_ADMIN_URL,
          async (admin) =>
            (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version,
        );
        return { ...seeded, label: `PostgreSQL ${version}` };
      },
    },
    {
      label: 'PGlite',
      postgres: false,
      seed: async () => ({ ...(await seedDatabase(options)), label: 'PGlite' }),
    },
  ];
}

/** The engines a run measures: all, or the one named by `variable` (`postgresql` or `pglite`). */
export function enginesOf(engines: Engine[], variable: string): Engine[] {
  const only = process.env[variable]?.toLowerCase();
  return engines.filter((engine) => only === undefined || engine.label.toLowerCase() === only);
}

/** The portal as `npm start` runs it (one process), on `database` or else on a fresh PGlite world. */
export async function startPortal(
  options: WorldOptions,
  loginEmail: (world: World) => string,
  database?: SeededDatabase,
): Promise<Portal> {
  const { world, env, seedSeconds, remove } = database ?? (await seedDatabase(options));
  let portal: ChildProcess | undefined;
  const close = () => {
    portal?.kill('SIGTERM');
    remove();
  };
  try {
    const [port, apiPort] = [await freePort(), await freePort()];
    const gateway = `http://127.0.0.1:${port}`;
    const startedAt = performance.now();
    const child = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', API_PORT: String(apiPort), GATEWAY_DEBUG: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    portal = child;
    const email = loginEmail(world);
    let startToLoginMs = Number.NaN;
    while (Number.isNaN(startToLoginMs)) {
      if (child.exitCode !== null) throw new Error('the portal stopped while starting');
      const answer = await fetch(`${gateway}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).catch(() => null);
      if (answer?.ok) startToLoginMs = performance.now() - startedAt;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { world, gateway, api: `http://127.0.0.1:${apiPort}/api`, seedSeconds, startToLoginMs, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** The first user of the first collector or recycler company. */
export function retrieverUser(world: World) {
  const user = world.users.find((candidate) => candidate.typology === 'retriever');
  if (!user) throw new Error('the generated world has no retriever user');
  return user;
}

export function producerUser(world: World) {
  const user = world.users.find((candidate) => candidate.typology === 'producer');
  if (!user) throw new Error('the generated world has no producer user');
  return user;
}

export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * A fixed piece of CPU work on one thread (JSON written and read, then hashed, as the tiers do with answers), timed:
 * the machine's speed of the moment. The machines here vary two- to threefold from one day to the next; figures of
 * two runs compare once read beside it.
 */
export function machineYardstick(): number {
  const rows = Array.from({ length: 2000 }, (_, index) => ({
    id: `/api/operations/${index}`,
    label: `Opération n° ${index}`,
    tonnage: index * 0.75,
    date: '2026-01-01',
    codes: ['20 01 01', '20 03 01', 'R3'],
  }));
  const rounds: number[] = [];
  for (let round = 0; round < 11; round++) {
    const started = performance.now();
    let text = '';
    for (let copy = 0; copy < 10; copy++) text = JSON.stringify(JSON.parse(JSON.stringify(rows)));
    createHash('sha256').update(text.repeat(20)).digest();
    rounds.push(performance.now() - started);
  }
  // The quickest round: the one the least disturbed by the process starting or anything else running.
  return Math.min(...rounds);
}

export async function time<T>(samples: number[], action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  samples.push(performance.now() - started);
  return result;
}

export async function json<T = unknown>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface GraphqlAnswer {
  response: Response;
  restCalls: number;
  /** The longest of the REST calls it cost, as the gateway timed it (0 without any). */
  slowestRestMs: number;
  /** How many calls in a row it waited for: 1 when all started together (0 without any). */
  restRounds: number;
  /** When its first REST call left, in ms after the gateway took the request up (NaN without any). */
  firstCallMs: number;
  /**
   * From the end of its last REST call to its answer being ready to write, in ms: the gateway's work after them
   * (NaN without any).
   */
  afterCallsMs: number;
  /** When its answer was ready to write, in ms after the gateway took the request up. */
  answeredMs: number;
  data: unknown;
}

interface TimedCall {
  startMs: number;
  durationMs: number;
}

/** A call's round is one more than that of the latest round among the calls that ended before it started. */
export function restRoundsOf(calls: readonly TimedCall[]): number {
  const byStart = [...calls].sort((a, b) => a.startMs - b.startMs);
  const rounds: number[] = [];
  byStart.forEach((call, index) => {
    let round = 1;
    for (let before = 0; before < index; before++) {
      const earlier = byStart[before] as TimedCall;
      if (earlier.startMs + earlier.durationMs <= call.startMs)
        round = Math.max(round, (rounds[before] ?? 0) + 1);
    }
    rounds.push(round);
  });
  return Math.max(0, ...rounds);
}

/** POSTs to /graphql and returns the REST calls the gateway made for it (GATEWAY_DEBUG is on). */
export async function graphql(
  gateway: string,
  body: { doc_id: string } | { query: string },
  variables: object,
  headers: Record<string, string> = {},
): Promise<GraphqlAnswer> {
  const response = await fetch(`${gateway}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ ...body, variables }),
  });
  const answer = await json<{
    data?: unknown;
    errors?: unknown[];
    extensions?: { restCalls?: { count: number; calls: TimedCall[]; answeredMs?: number } };
  }>(response);
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  const restCalls = answer.extensions?.restCalls;
  const calls = restCalls?.calls ?? [];
  const answeredMs = restCalls?.answeredMs ?? Number.NaN;
  return {
    response,
    restCalls: restCalls?.count ?? 0,
    slowestRestMs: Math.max(0, ...calls.map((call) => call.durationMs)),
    restRounds: restRoundsOf(calls),
    firstCallMs: calls.length === 0 ? Number.NaN : Math.min(...calls.map((call) => call.startMs)),
    afterCallsMs:
      calls.length === 0
        ? Number.NaN
        : answeredMs - Math.max(...calls.map((call) => call.startMs + call.durationMs)),
    answeredMs,
    data: answer.data,
  };
}

/** The cookies a response sets, as a browser sends them back (`name=value; name=value`). */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** Signs in through the gateway as the browser does (the persisted login mutation): the session cookie. */
export async function sessionCookie(gateway: string, email: string): Promise<string> {
  const login = await graphql(
    gateway,
    { doc_id: persistedId('LoginPageMutation') },
    { input: { email, password } },
  );
  return cookieOf(login.response);
}

export async function bearerToken(gateway: string, email: string): Promise<string> {
  const answer = await json<{ token: string }>(
    await fetch(`${gateway}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  return answer.token;
}

/** A GET on the REST API with a bearer token, counting calls into `counter`. */
export function restGetter(api: string, token: string, counter: { calls: number }) {
  return async <T>(path: string): Promise<T> => {
    counter.calls++;
    return json<T>(await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } }));
  };
}

import { persistedId } from '../persisted.ts';

export { persistedId };

export function printTable(title: string, rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  process.stdout.write(`\n${title}\n${lines.join('\n')}\n`);
}
