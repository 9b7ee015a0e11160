/**
 * `npm run bench`: starts the portal on a generated database and prints
 * - the time from starting the portal (`node scripts/start.ts`, what `npm start` runs after its build) to the first
 *   successful login;
 * - p50 and p95 of login plus the dashboard shell's queries through the gateway, beside the same data fetched with
 *   direct REST calls the way the original client did (one call per company name, one per site for its entities);
 * - the REST calls each way costs.
 * Figures only: nothing here passes or fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorld, type WorldOptions } from '@portal/api';
import { freePort } from '../support/ports.ts';

const root = join(import.meta.dirname, '..', '..');
const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const world: WorldOptions = {
  companies: 40,
  sitesPerCompany: 50,
  entitiesPerSite: 3,
  usersPerCompany: 1,
  seed: 1,
};
const password = 'Portail2026!';

/** The operations the browser sends to show `/` right after login (see web/src routes). */
const shellOperationNames = ['viewerSessionQuery', 'DashboardLayoutQuery', 'DashboardHomePageQuery'];
const loginOperationName = 'LoginPageMutation';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${code}`)),
    );
  });
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function time<T>(samples: number[], action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  samples.push(performance.now() - started);
  return result;
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

const persisted = JSON.parse(readFileSync(join(root, 'web', 'persisted-queries.json'), 'utf8')) as Record<
  string,
  string
>;
function persistedId(operationName: string): string {
  const pattern = new RegExp(`^\\s*(query|mutation)\\s+${operationName}\\b`);
  const entry = Object.entries(persisted).find(([, text]) => pattern.test(text));
  if (!entry) throw new Error(`no persisted operation ${operationName}: run npm run build first`);
  return entry[0];
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
let portal: ChildProcess | undefined;
try {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const seedStarted = performance.now();
  await run(
    process.execPath,
    [
      'api/src/seed/cli.ts',
      `--companies=${world.companies}`,
      `--sites-per-company=${world.sitesPerCompany}`,
      `--entities-per-site=${world.entitiesPerSite}`,
      `--users-per-company=${world.usersPerCompany}`,
      `--seed=${world.seed}`,
      '--years=1',
    ],
    env,
  );
  const generated = generateWorld(world);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const user = generated.users.find((candidate) => candidate.typology === 'producer');
  if (!user) throw new Error('the generated world has no producer user');

  const [port, apiPort] = [await freePort(), await freePort()];
  const gateway = `http://127.0.0.1:${port}`;
  const api = `http://127.0.0.1:${apiPort}/api`;
  const startedAt = performance.now();
  portal = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', API_PORT: String(apiPort), GATEWAY_DEBUG: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let startToLogin = Number.NaN;
  while (Number.isNaN(startToLogin)) {
    if (portal.exitCode !== null) throw new Error('the portal stopped while starting');
    const answer = await fetch(`${gateway}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    }).catch(() => null);
    if (answer?.ok) startToLogin = performance.now() - startedAt;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Through the gateway, as the browser does: persisted login mutation (cookie), then the shell's queries.
  const loginId = persistedId(loginOperationName);
  const shellIds = shellOperationNames.map(persistedId);
  const graphql = async (docId: string, variables: object, cookie?: string) => {
    const response = await fetch(`${gateway}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ doc_id: docId, variables }),
    });
    const body = (await json(response)) as {
      errors?: unknown[];
      extensions?: { restCalls?: { count: number } };
    };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return { response, restCalls: body.extensions?.restCalls?.count ?? 0 };
  };
  const gatewayLogin: number[] = [];
  const gatewayShell: number[] = [];
  let gatewayRestCalls = 0;
  for (let i = 0; i < iterations; i++) {
    const login = await time(gatewayLogin, () =>
      graphql(loginId, { input: { email: user.email, password } }),
    );
    const cookie = login.response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    gatewayRestCalls = login.restCalls;
    await time(gatewayShell, async () => {
      const answers = await Promise.all(shellIds.map((id) => graphql(id, {}, cookie)));
      gatewayRestCalls = login.restCalls + answers.reduce((sum, answer) => sum + answer.restCalls, 0);
    });
  }

  // Direct REST, the way the original client loaded the same data.
  const restLogin: number[] = [];
  const restShell: number[] = [];
  let restCalls = 0;
  for (let i = 0; i < iterations; i++) {
    const session = (await time(restLogin, async () =>
      json(
        await fetch(`${api}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password }),
        }),
      ),
    )) as { token: string; userId: number };
    await time(restShell, async () => {
      let calls = 0;
      const get = async (path: string) => {
        calls++;
        return json(await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${session.token}` } }));
      };
      type Collection = { 'hydra:member': { id: number; company: string }[] };
      const me = `/users/${session.userId}`;
      const [, own, linked] = (await Promise.all([
        get(me),
        get(`${me}/company_sites_full?typology=producer&pagination=false&order[name]=asc`),
        get(`${me}/company_sites_linked_retriever_full?pagination=false&order[name]=asc`),
      ])) as [unknown, Collection, Collection];
      const sites = [...own['hydra:member'], ...linked['hydra:member']];
      const companies = [...new Set(sites.map((site) => site.company))];
      await Promise.all([
        ...companies.map((company) => get(company.replace(/^\/api/, ''))),
        ...own['hydra:member'].map((site) =>
          get(`/company_sites/${site.id}/company_site_entities?pagination=false&order[name]=asc`),
        ),
      ]);
      restCalls = calls + 1;
    });
  }

  const sites = generated.sites.filter(
    (site) => generated.companies[site.company] === generated.companies[user.company],
  );
  const rows = [
    ['', 'p50', 'p95', 'REST calls'],
    ['gateway: login mutation', ms(percentile(gatewayLogin, 50)), ms(percentile(gatewayLogin, 95)), ''],
    [
      `gateway: shell queries (${shellOperationNames.length}, in parallel)`,
      ms(percentile(gatewayShell, 50)),
      ms(percentile(gatewayShell, 95)),
      String(gatewayRestCalls),
    ],
    [
      'gateway: login + shell',
      ms(
        percentile(
          gatewayLogin.map((v, i) => v + (gatewayShell[i] ?? 0)),
          50,
        ),
      ),
      ms(
        percentile(
          gatewayLogin.map((v, i) => v + (gatewayShell[i] ?? 0)),
          95,
        ),
      ),
      String(gatewayRestCalls),
    ],
    ['direct REST: login', ms(percentile(restLogin, 50)), ms(percentile(restLogin, 95)), '1'],
    [
      'direct REST: shell data',
      ms(percentile(restShell, 50)),
      ms(percentile(restShell, 95)),
      String(restCalls - 1),
    ],
    [
      'direct REST: login + shell data',
      ms(
        percentile(
          restLogin.map((v, i) => v + (restShell[i] ?? 0)),
          50,
        ),
      ),
      ms(
        percentile(
          restLogin.map((v, i) => v + (restShell[i] ?? 0)),
          95,
        ),
      ),
      String(restCalls),
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
    .join('\n');
  process.stdout.write(
    [
      '',
      `Generated world: ${generated.companies.length} companies, ${generated.sites.length} sites, ` +
        `${generated.entities.length} chantiers, ${generated.users.length} users (seeded in ${seedSeconds.toFixed(1)} s)`,
      `Benchmark user: ${user.email}, ${sites.length} establishments; ${iterations} iterations each`,
      `Start to first successful login: ${ms(startToLogin)}`,
      '',
      table,
      '',
    ].join('\n'),
  );
} finally {
  portal?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
