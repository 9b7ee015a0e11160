/**
 * The dashboard at scale, on PostgreSQL. A generated world of 200 establishments (4 producer companies of
 * 50, their chantiers, 2 provider companies, a carrier) with 1,000,000 realised operations over the last 5 full
 * years (and a few cancelled or missed ones), their final outlets and costs; the bench user is a real user of the
 * portal (the seed's first producer user, whose company links are extended to the 4 producer companies, as a
 * group's environment manager) who sees all 200 establishments.
 *
 * Figures: p50 and p95 of every api endpoint of the dashboard (one line each in ENDPOINTS: an endpoint the api does
 * not serve is left out, and said so) for the whole scope, one company and one establishment, for the latest full
 * year; and of the `/` screen through the gateway (persisted queries, with the session cookie, as the browser
 * sends them). Goals: every endpoint under 100 ms p50, the whole screen under 250 ms p50.
 *
 * The world goes into its own database, `bench_dashboard`, on the server of BENCH_POSTGRES_URL (default the local
 * `test` database's server, never touching `test` itself). It is kept between runs and reused when it was seeded
 * with the same parameters (the same year included): seeding takes a minute or two. BENCH_RESEED=1 seeds anew.
 *
 *   BENCH_ITERATIONS=30 npx node tests/bench/run.ts dashboard
 *   BENCH_ONLY='^(month|map)' BENCH_ITERATIONS=10 npx node tests/bench/run.ts dashboard
 *   BENCH_PG_SETTINGS=jit=off,random_page_cost=1.1 BENCH_ITERATIONS=30 npx node tests/bench/run.ts dashboard
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorld } from '@portal/api';
import pg from 'pg';
import { freePort } from '../support/ports.ts';
import {
  bearerToken,
  freshPostgresDatabase,
  graphql,
  json,
  ms,
  POSTGRES_ADMIN_URL,
  password,
  percentile,
  persistedId,
  postgresDatabaseUrl,
  printTable,
  producerUser,
  root,
  sessionCookie,
  time,
  withPostgres,
} from './lib.ts';

/** Every api figure of the dashboard, one line each: `{role}`, `{year}` and `{month}` are filled in. */
const ENDPOINTS: [label: string, path: string][] = [
  ['year list', '/dashboardV2/{role}_year_list/me'],
  ['yearly summary', '/dashboardV2/{role}_summary/me/year/{year}'],
  ['chart: treatment cost evolution', '/dashboardV2/{role}_treatment_cost_evolution/me/year/{year}'],
  ['chart: waste evolution', '/dashboardV2/{role}_waste_evolution_chart/me/year/{year}'],
  ['chart: treatment types', '/dashboardV2/{role}_distribution_treatment_types_chart/me/year/{year}'],
  ['chart: waste distribution', '/dashboardV2/{role}_waste_distribution_chart/me/year/{year}'],
  ['chart: costs by waste', '/dashboardV2/{role}_costs_distribution_by_waste_chart/me/year/{year}'],
  ['month: detailed summary', '/dashboardV2/{role}_detailed_summary/me/month/{year}/{month}'],
  ['month: detailed summary light', '/dashboardV2/{role}_detailed_summary_light/me/month/{year}/{month}'],
  ['month: summary by waste', '/dashboardV2/{role}_detailed_summary_by_waste/me/month/{year}/{month}'],
  ['month: waste chart', '/dashboardV2/{role}_detailed_waste_chart/me/month/{year}/{month}'],
  ['month: cost chart', '/dashboardV2/{role}_detailed_cost_chart/me/month/{year}/{month}'],
  ['map: aggregate data', '/dashboard/map/{role}/aggregate_data?year={year}'],
  ['map: final outlets', '/dashboard/map/{role}/final_outlet?year={year}'],
];

/** The operations the browser sends to show `/` (web/src/routes.tsx): the layout, the home page, the figures. */
/** The screen's queries beside the figures, with the variables the producer's browser sends. */
const SCREEN_OPERATIONS: [string, object][] = [
  ['DashboardLayoutQuery', {}],
  ['DashboardHomePageQuery', { carrier: false }],
];

/**
 * The api calls the gateway makes at once for the `/` figures (DashboardFiguresQuery), by their labels in
 * ENDPOINTS, measured together too: the yearly figures, and the map.
 */
const FAN_OUTS: [label: string, endpoints: string[]][] = [
  [
    'api: the yearly figures of /, in parallel',
    ENDPOINTS.map(([label]) => label).filter((label) => /^(year list|yearly summary|chart: )/.test(label)),
  ],
  ['api: the map of /, in parallel', ['map: aggregate data', 'map: final outlets']],
];

const GOAL_ENDPOINT_MS = 100;
const GOAL_SCREEN_MS = 250;

export const WORLD = {
  companies: 4,
  sitesPerCompany: 50,
  entitiesPerSite: 2,
  retrieverCompanies: 2,
  usersPerCompany: 1,
  years: 5,
  seed: 6,
};
const CONTAINERS_PER_SITE = 6;
const REALISED = 1_000_000;
/** Cancelled, not carried out or not processed: they must not count. */
const NOT_REALISED = 30_000;
const DATABASE = 'bench_dashboard';
/**
 * BENCH_PG_SETTINGS (`jit=off,random_page_cost=1.1`): settings of the bench database, for the api's sessions, to
 * measure the server's configuration too; none by default (the server's own, as a deployment gets them).
 */
const PG_SETTINGS = (process.env.BENCH_PG_SETTINGS ?? '')
  .split(',')
  .map((setting) => setting.trim().split('='))
  .filter((pair): pair is [string, string] => pair.length === 2 && /^[a-z_]+$/.test(pair[0]!));
/** BENCH_ONLY (a regular expression on the measures' labels, e.g. `^map`) measures only those. */
const only = new RegExp(process.env.BENCH_ONLY ?? '');

interface TreatmentCode {
  code: string;
  kind: 'R' | 'D';
  isFinal: boolean;
  usableInTrackdechets: boolean;
  operationModes: string[];
}

/**
 * The official codes (REFERENCE_DATA_DIR/treatment-codes.json, read here, never copied): the final codes usable in
 * France by family, the transit codes of a first hop (R 13, D 15 for hazardous waste) and each code's first
 * operation mode (the outlet's qualification).
 */
function treatmentCodes() {
  const dir = process.env.REFERENCE_DATA_DIR ?? join(root, '..', 'shared', 'data');
  const all = JSON.parse(readFileSync(join(dir, 'treatment-codes.json'), 'utf8')) as TreatmentCode[];
  const final = all.filter((code) => code.isFinal && code.usableInTrackdechets);
  const isEnergy = (code: TreatmentCode) =>
    code.operationModes.length === 1 && code.operationModes[0] === 'VALORISATION_ENERGETIQUE';
  const transit = (wanted: string) => {
    const code = all.find((candidate) => candidate.code === wanted);
    if (code === undefined || code.isFinal) throw new Error(`${wanted} is not a transit code`);
    return wanted;
  };
  return {
    material: final.filter((code) => code.kind === 'R' && !isEnergy(code)).map((code) => code.code),
    energy: final.filter(isEnergy).map((code) => code.code),
    disposal: final.filter((code) => code.kind === 'D').map((code) => code.code),
    transit: transit('R 13'),
    hazardousTransit: transit('D 15'),
    modes: Object.fromEntries(all.map((code) => [code.code, code.operationModes[0] ?? null])),
  };
}

const currentYear = new Date().getFullYear();
/** The years of the operations: the last 5 full years; the figures are those of the latest. */
export const firstYear = currentYear - 5;
export const latestYear = currentYear - 1;
const MONTH = 6;

const databaseUrl = () => postgresDatabaseUrl(DATABASE);

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')}: ${code}`)),
    );
  });
}

/** What a world was seeded with: a database seeded with the same is reused. */
const parameters = JSON.stringify({
  ...WORLD,
  containersPerSite: CONTAINERS_PER_SITE,
  realised: REALISED,
  notRealised: NOT_REALISED,
  firstYear,
  version: 2,
});

interface Seeding {
  reused: boolean;
  seconds: number;
  steps: string;
}

/** The bench database with the world: reused when seeded with the same parameters, else dropped and seeded. */
export async function ensureWorld(userEmail: string): Promise<Seeding> {
  const existing = await withPostgres(POSTGRES_ADMIN_URL, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    return found.rowCount === 1;
  });
  if (existing && process.env.BENCH_RESEED !== '1') {
    const seeded = await withPostgres(databaseUrl(), async (client) => {
      const marker = await client
        .query<{ parameters: string; seconds: number; steps: string }>(
          'select parameters, seconds, steps from bench_world',
        )
        .catch(() => null);
      return marker?.rows[0]?.parameters === parameters ? marker.rows[0] : null;
    });
    if (seeded) return { reused: true, seconds: seeded.seconds, steps: seeded.steps };
  }
  await freshPostgresDatabase(DATABASE);
  const started = performance.now();
  const lap = (() => {
    let last = started;
    const laps: string[] = [];
    return (label?: string) => {
      const now = performance.now();
      if (label) laps.push(`${label} ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
      return laps.join(', ');
    };
  })();
  // The structure (migrations, companies, sites, chantiers, site links, users with their password) by the api's
  // own seed, the way the other benchmarks do; no containers there: their operations come from SQL below.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  try {
    await runNode(
      [
        'api/src/seed/cli.ts',
        `--companies=${WORLD.companies}`,
        `--sites-per-company=${WORLD.sitesPerCompany}`,
        `--entities-per-site=${WORLD.entitiesPerSite}`,
        `--retriever-companies=${WORLD.retrieverCompanies}`,
        `--users-per-company=${WORLD.usersPerCompany}`,
        `--years=${WORLD.years}`,
        `--seed=${WORLD.seed}`,
        '--skips-per-site=0',
      ],
      {
        ...process.env,
        DATABASE_URL: databaseUrl(),
        DATABASE_SCHEMA: '',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  lap('world (api seed)');
  await withPostgres(databaseUrl(), async (client) => {
    await seedOperations(client, userEmail, lap);
    const seconds = (performance.now() - started) / 1000;
    await client.query('create table bench_world (parameters text, seconds double precision, steps text)');
    await client.query('insert into bench_world values ($1, $2, $3)', [parameters, seconds, lap()]);
  });
  return { reused: false, seconds: (performance.now() - started) / 1000, steps: lap() };
}

/**
 * Containers, operations, final outlets and costs, set-based (`insert ... select ... from generate_series`): a
 * few statements for a million rows. Every operation is a container's (its site, chantier, provider, waste and
 * planned code); dates are uniform over the 5 years; ids follow the dates, as requests made over time do.
 */
async function seedOperations(client: pg.Client, userEmail: string, lap: (label?: string) => string) {
  const codes = treatmentCodes();
  const sql = (text: string, values: unknown[] = []) => client.query(text, values);
  await sql(`set work_mem = '256MB'`);
  await sql(`set maintenance_work_mem = '512MB'`);
  await sql('set synchronous_commit = off');
  await sql('select setseed(0.6)');
  await sql('begin');
  // The bench user: a producer user of the first company, linked to every producer company.
  const linked = await sql(
    `insert into user_companies (user_id, company_id)
     select u.id, cs.company_id from users u, company_sites cs
       join company_site_site_typologies t on t.company_site_id = cs.id
       join site_typologies st on st.id = t.site_typology_id and st.code = 'producer'
     where u.email = $1
     group by u.id, cs.company_id
     on conflict do nothing`,
    [userEmail],
  );
  if (!linked.rowCount) throw new Error(`no user ${userEmail} to link to the producer companies`);

  const typed = (code: string) => `select cs.* from company_sites cs
    join company_site_site_typologies t on t.company_site_id = cs.id
    join site_typologies st on st.id = t.site_typology_id and st.code = '${code}'`;
  await sql(`create temp table bench_sites as
    select s.id, e.ids as entities, p.ids as providers
    from (${typed('producer')}) s
    join (select l.producer_site_id, array_agg(l.retriever_site_id order by l.retriever_site_id) as ids
          from site_links l join (${typed('retriever')}) r on r.id = l.retriever_site_id group by 1) p
      on p.producer_site_id = s.id
    left join (select company_site_id, array_agg(id order by id) as ids from company_site_entities group by 1) e
      on e.company_site_id = s.id`);
  await sql(`create temp table bench_wastes as
    select row_number() over (order by w.id) - 1 as n, w.id, w.label, w.waste_code, s.id as second,
      s.first_level_waste_id as first
    from third_level_wastes w join second_level_wastes s on s.id = w.second_level_waste_id`);
  await sql(`create temp table bench_types as
    select row_number() over (order by id) - 1 as n, id, unit, volume from skip_types`);
  /** A final code drawn from two uniform numbers: 60 % material recovery, 15 % energy, 25 % disposal. */
  const finalCode = (family: string, which: string) => `case
      when ${family} < 0.60 then ($1::text[])[1 + floor(${which} * cardinality($1::text[]))::int]
      when ${family} < 0.75 then ($2::text[])[1 + floor(${which} * cardinality($2::text[]))::int]
      else ($3::text[])[1 + floor(${which} * cardinality($3::text[]))::int] end`;
  const finals = [codes.material, codes.energy, codes.disposal];

  // Containers: 6 per establishment, one in three on a chantier, each with one of the site's providers.
  await sql(
    `insert into skips (company_site_id, company_site_entity_id, name, skip_type_id, unit, volume,
       first_level_waste_id, second_level_waste_id, third_level_waste_id, provider_site_id, planned_treatment_code,
       filling_level, package_count, dangerous, waste_code, state, created_at, updated_at)
     select x.id, case when x.j % 3 = 2 then x.entities[1 + (x.j / 3) % cardinality(x.entities)] end,
       w.label || ' ' || (x.j + 1), t.id, t.unit, t.volume, w.first, w.second, w.id,
       x.providers[1 + x.j % cardinality(x.providers)], ${finalCode('x.r1', 'x.r2')}, 'HALF', 1,
       w.waste_code like '%*', w.waste_code, 'AVAILABLE', $4::date, $4::date
     from (select s.*, j, random() as r1, random() as r2, random() as r3, random() as r4
           from bench_sites s cross join generate_series(0, ${CONTAINERS_PER_SITE - 1}) j) x
     join bench_wastes w on w.n = floor(x.r3 * (select count(*) from bench_wastes))
     join bench_types t on t.n = floor(x.r4 * (select count(*) from bench_types))`,
    [...finals, `${firstYear}-01-01`],
  );
  await sql(`create temp table bench_containers as
    select row_number() over (order by id) - 1 as n, id, company_site_id, company_site_entity_id, provider_site_id,
      third_level_waste_id, waste_code, dangerous, planned_treatment_code
    from skips`);
  lap('containers');

  // Operations: a container and a day drawn for each; 12 % go first to a transit station (R 13, D 15), the
  // rest to the container's planned code; tonnes from 0.2 to 12, most of them small.
  const days = (Date.UTC(latestYear + 1, 0, 1) - Date.UTC(firstYear, 0, 1)) / 86_400_000;
  await sql(
    `insert into operations (type, status, skip_id, company_site_id, company_site_entity_id, provider_site_id,
       third_level_waste_id, waste_code, dangerous, planned_treatment_code, requested_date, intervention_date,
       received_quantity, real_intervention_date, bsd_number, transporter_name, created_at, updated_at, completed_at,
       validated_at)
     select 'ROTATION', g.status, c.id, c.company_site_id, c.company_site_entity_id, c.provider_site_id,
       c.third_level_waste_id, c.waste_code, c.dangerous,
       case when not g.transit then c.planned_treatment_code when c.dangerous then $2 else $1 end,
       g.day - 3, g.day,
       case when g.status = 'REALISED' then round((0.2 + g.q * g.q * 11.8)::numeric, 3) end,
       case when g.status = 'REALISED' then g.day end,
       case when c.dangerous and g.status = 'REALISED' then 'BSD-' || to_char(g.day, 'YYYYMMDD') || '-' || g.i end,
       case when g.status = 'REALISED' then 'Transports du bench' end,
       (g.day - 3) + time '09:00', g.day + time '17:00',
       case when g.status = 'REALISED' then g.day + time '17:00' end,
       case when g.status = 'REALISED' then g.day + 2 + time '10:00' end
     from (select i, floor(random() * (select count(*) from bench_containers))::int as k,
             $3::date + floor(random() * $4)::int as day,
             case when i <= $5 then 'REALISED' when i % 3 = 0 then 'NOT_CARRIED_OUT'
               when i % 3 = 1 then 'CANCELLED' else 'NOT_PROCESSED' end as status,
             random() < 0.12 as transit, random() as q
           from generate_series(1, $6::int) i) g
     join bench_containers c on c.n = g.k
     order by g.day, g.i`,
    [codes.transit, codes.hazardousTransit, `${firstYear}-01-01`, days, REALISED, REALISED + NOT_REALISED],
  );
  lap('operations');

  // Final outlets, as a provider sends a container's waste to the same places: its planned code (after a transit
  // station too) and, for a second outlet (sorting residue), the container's residue code, energy recovery or
  // disposal; each to one of two establishments of the provider companies (the map places them by SIRET). After a
  // transit, 40 % have no outlet yet (they count as transit) and the rest 1 or 2; otherwise 8 % have none (they
  // count under their planned code), 70 % one and 22 % two; half in tonnes, half in percentages of the received
  // weight. A second outlet is still in transit 5 % of the time (the R 13 left of the fixture).
  await sql(`create temp table bench_outlets as
    select row_number() over (order by id) - 1 as n, name, siret, address || ', ' || postcode || ' ' || city as address
    from (${typed('retriever')}) r`);
  await sql(
    `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
       quantity, quantity_unit, qualification)
     select x.id, p, f.name, f.siret, f.address, x.code, x.quantity, x.unit, ($4::jsonb ->> x.code)
     from (
       select y.*, p,
         case when p = 1 then y.usual when y.c3 < 0.05 then $3
           when y.skip % 2 = 0 then ($1::text[])[1]
           else ($2::text[])[1 + y.skip % cardinality($2::text[])] end as code,
         case when y.percent then 'PERCENT' else 'TONNE' end as unit,
         case when y.outlets = 1 then (case when y.percent then 100 else y.q end)
           when p = 1 then (case when y.percent then y.share else round(y.q * y.share / 100, 3) end)
           else (case when y.percent then 100 - y.share else y.q - round(y.q * y.share / 100, 3) end) end
           as quantity
       from (
         select z.*, case when z.transit then (case when z.shape < 0.4 then 0 when z.shape < 0.85 then 1 else 2 end)
             else (case when z.shape < 0.08 then 0 when z.shape < 0.78 then 1 else 2 end) end as outlets
         from (select o.id, o.skip_id as skip, o.received_quantity as q, s.planned_treatment_code as usual,
                 o.planned_treatment_code = any($5::text[]) as transit, random() as shape,
                 random() < 0.5 as percent, 50 + floor(random() * 46)::int as share, random() as c3
               from operations o join skips s on s.id = o.skip_id where o.status = 'REALISED') z) y
       cross join generate_series(1, y.outlets) p) x
     join bench_outlets f on f.n = (x.skip * 7 + x.p) % (select count(*) from bench_outlets)`,
    [
      codes.energy,
      codes.disposal,
      codes.transit,
      JSON.stringify(codes.modes),
      [codes.transit, codes.hazardousTransit],
    ],
  );
  lap('final outlets');

  // Costs, euro excluding tax per tonne, on 92 % of the realised operations.
  await sql(
    `insert into operation_costs (operation_id, treatment_cost, transport_cost, recycling_revenue, purchase_price,
       updated_at)
     select o.id, round((20 + random() * 180)::numeric, 2), round((25 + random() * 100)::numeric, 2),
       case when random() < 0.3 then round((random() * 80)::numeric, 2) end,
       case when random() < 0.05 then round((random() * 40)::numeric, 2) end, o.updated_at
     from operations o where o.status = 'REALISED' and random() < 0.92`,
  );
  await sql('commit');
  lap('costs');
  // Statistics for the planner, and the visibility map that lets index-only scans skip the table.
  await sql('vacuum (analyze)');
  lap('vacuum analyze');
}

interface Running {
  gateway: string;
  api: string;
  /** The portal's process (api and gateway): its memory is read from /proc. */
  pid: number;
  close(): void;
}

/** The portal (api and gateway, scripts/start.ts) on the bench database. */
export async function startOnBenchDatabase(email: string): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  let child: ChildProcess | undefined;
  const close = () => {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = spawn(process.execPath, ['scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(),
        DATABASE_SCHEMA: '',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        API_PORT: String(apiPort),
        GATEWAY_DEBUG: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const gateway = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the portal stopped while starting');
      const answer = await fetch(`${gateway}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).catch(() => null);
      if (answer?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { gateway, api: `http://127.0.0.1:${apiPort}/api`, pid: child.pid ?? 0, close };
  } catch (error) {
    close();
    throw error;
  }
}

async function measure(iterations: number, action: () => Promise<unknown>): Promise<number[]> {
  await action(); // warm-up: plans, caches and connections, not counted
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) await time(samples, action);
  return samples;
}

export async function benchDashboard(iterations: number): Promise<void> {
  const world = generateWorld({ ...WORLD, skipsPerSite: 0 });
  const user = producerUser(world);
  const seeding = await ensureWorld(user.email);
  await withPostgres(POSTGRES_ADMIN_URL, async (admin) => {
    await admin.query(`alter database ${DATABASE} reset all`);
    for (const [name, value] of PG_SETTINGS) {
      await admin.query(`alter database ${DATABASE} set ${name} = ${pg.escapeLiteral(value)}`);
    }
  });
  const portal = await startOnBenchDatabase(user.email);
  try {
    // Once the api started: it applies the migrations the database lacks.
    const counts = await withPostgres(databaseUrl(), async (client) => {
      const row = await client.query<{
        realised: string;
        latest: string;
        outlets: string;
        costs: string;
        containers: string;
        migrations: string | null;
      }>(
        `select (select count(*) from operations where status = 'REALISED') as realised,
           (select count(*) from operations where status = 'REALISED' and real_intervention_date >= $1::date
              and real_intervention_date < $1::date + interval '1 year') as latest,
           (select count(*) from operation_final_outlet_links) as outlets,
           (select count(*) from operation_costs) as costs,
           (select count(*) from skips) as containers,
           (select string_agg(name, ', ' order by version) from schema_migrations where version >= 8)
           as migrations`,
        [`${latestYear}-01-01`],
      );
      const sums = await client
        .query<{ months: string; outlets: string }>(
          `select (select count(*) from dashboard_months where month >= $1::date
                     and month < $1::date + interval '1 year') as months,
             (select count(*) from dashboard_month_outlets where month >= $1::date
                and month < $1::date + interval '1 year') as outlets`,
          [`${latestYear}-01-01`],
        )
        .then(
          (answer) => answer.rows[0],
          () => undefined,
        );
      return { ...row.rows[0]!, sumRows: sums?.months, outletSumRows: sums?.outlets };
    });
    const { gateway, api } = portal;
    const token = await bearerToken(gateway, user.email);
    const get = (path: string) => fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const sites = await json<{ 'hydra:member': { id: number; company: string }[] }>(
      await get('/users/me/company_sites_full?typology=producer&pagination=false&order[name]=asc'),
    );
    const own = sites['hydra:member'];
    const oneSite = own[0]!;
    const companyId = Number(oneSite.company.split('/').pop());
    const scopes: [string, string][] = [
      [`all ${own.length} establishments`, ''],
      [
        `one company (${own.filter((site) => site.company === oneSite.company).length} establishments)`,
        `companyId=${companyId}`,
      ],
      ['one establishment', `producerCompanySiteId=${oneSite.id}`],
    ];

    const rows = [['measure', 'scope', 'p50', 'p95', 'goal (p50)', '']];
    const verdict = (p50: number, goal: number) => (p50 <= goal ? 'ok' : 'MISSED');
    const missing: string[] = [];
    /** The whole scope's address of each endpoint the api serves, by label. */
    const served = new Map<string, string>();
    for (const [label, template] of ENDPOINTS) {
      if (!only.test(label)) continue;
      const path = template
        .replace('{role}', 'producer')
        .replace('{year}', String(latestYear))
        .replace('{month}', String(MONTH));
      const probe = await get(path);
      if (probe.status === 404) {
        missing.push(label);
        continue;
      }
      served.set(label, path);
      for (const [scope, query] of scopes) {
        const url = query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`;
        const samples = await measure(iterations, async () => json(await get(url)));
        const p50 = percentile(samples, 50);
        rows.push([
          label,
          scope,
          ms(p50),
          ms(percentile(samples, 95)),
          ms(GOAL_ENDPOINT_MS),
          verdict(p50, GOAL_ENDPOINT_MS),
        ]);
      }
    }
    for (const [label, endpoints] of FAN_OUTS) {
      if (!only.test(label)) continue;
      const paths = endpoints.flatMap((endpoint) => served.get(endpoint) ?? []);
      if (paths.length === 0) continue;
      const samples = await measure(iterations, () =>
        Promise.all(paths.map(async (path) => json(await get(path)))),
      );
      const p50 = percentile(samples, 50);
      rows.push([
        `${label} (${paths.length})`,
        scopes[0]![0],
        ms(p50),
        ms(percentile(samples, 95)),
        ms(GOAL_SCREEN_MS),
        verdict(p50, GOAL_SCREEN_MS),
      ]);
    }

    // The `/` screen through the gateway, as the browser sends it: persisted queries with the session cookie.
    const cookie = await sessionCookie(gateway, user.email);
    const figuresId = persistedId('DashboardFiguresQuery');
    const screenQueries = SCREEN_OPERATIONS.map(
      ([name, variables]) => [persistedId(name), variables] as const,
    );
    const scope = (producerSiteId: string | null) => ({
      side: 'PRODUCER',
      producerSiteId,
      producerEntityId: null,
      retrieverSiteId: null,
      companyId: null,
      location: null,
    });
    const figures = (producerSiteId: string | null) =>
      graphql(gateway, { doc_id: figuresId }, { year: latestYear, scope: scope(producerSiteId) }, { cookie });
    // The map has a query of its own, sent with the figures' and shown when it comes: not part of the screen's time.
    const mapId = persistedId('DashboardMapQuery');
    const map = () =>
      graphql(gateway, { doc_id: mapId }, { year: latestYear, scope: scope(null) }, { cookie });
    let restCalls = 0;
    const screen = async () => {
      const answers = await Promise.all([
        figures(null),
        ...screenQueries.map(([id, variables]) => graphql(gateway, { doc_id: id }, variables, { cookie })),
      ]);
      restCalls = answers.reduce((sum, answer) => sum + answer.restCalls, 0);
    };
    // `/details` (the month) and `/mes-couts` (its costs), each with the layout's query and its page's own.
    const monthScreen = (operations: string[]) => {
      const ids = operations.map(persistedId);
      return () =>
        Promise.all([
          graphql(
            gateway,
            { doc_id: ids[0]! },
            { year: latestYear, month: MONTH, scope: scope(null) },
            { cookie },
          ),
          ...ids.slice(1).map((id) => graphql(gateway, { doc_id: id }, {}, { cookie })),
        ]);
    };
    const siteGlobalId = Buffer.from(`Establishment:${oneSite.id}`).toString('base64');
    for (const [label, scopeLabel, action, goal] of (
      [
        ['gateway: DashboardFiguresQuery', scopes[0]![0], () => figures(null), GOAL_SCREEN_MS],
        ['gateway: DashboardFiguresQuery', 'one establishment', () => figures(siteGlobalId), GOAL_SCREEN_MS],
        ['gateway: whole / (3 queries in parallel)', scopes[0]![0], screen, GOAL_SCREEN_MS],
        ['gateway: DashboardMapQuery (loads after)', scopes[0]![0], map, GOAL_SCREEN_MS],
        [
          'gateway: whole /details (3 queries in parallel)',
          scopes[0]![0],
          monthScreen(['MonthlyFiguresQuery', 'DetailsPageQuery', 'DashboardLayoutQuery']),
          GOAL_SCREEN_MS,
        ],
        [
          'gateway: whole /mes-couts (3 queries in parallel)',
          scopes[0]![0],
          monthScreen(['MonthlyCostsQuery', 'MonthlyCostsPageQuery', 'DashboardLayoutQuery']),
          GOAL_SCREEN_MS,
        ],
      ] as const
    ).filter(([label]) => only.test(label))) {
      const samples = await measure(iterations, action);
      const p50 = percentile(samples, 50);
      rows.push([label, scopeLabel, ms(p50), ms(percentile(samples, 95)), ms(goal), verdict(p50, goal)]);
    }

    const number = (value: string | undefined) => Number(value).toLocaleString('en-US');
    process.stdout.write(
      `\n## Dashboard at scale, PostgreSQL\n` +
        `World: ${own.length} establishments of ${WORLD.companies} producer companies, ` +
        `${world.entities.length} chantiers, ${number(counts.containers)} containers, ` +
        `${WORLD.retrieverCompanies} provider companies; ${number(counts.realised)} realised operations ` +
        `${firstYear}-${latestYear} (${number(counts.latest)} in ${latestYear}), ` +
        `${number(String(NOT_REALISED))} not realised, ${number(counts.outlets)} final outlets, ` +
        `${number(counts.costs)} costs. User ${user.email}.\n` +
        (seeding.reused
          ? `Database ${DATABASE} reused: already seeded with these parameters (in ${seeding.seconds.toFixed(1)} s: ` +
            `${seeding.steps}); BENCH_RESEED=1 seeds it anew.\n`
          : `Database ${DATABASE} seeded in ${seeding.seconds.toFixed(1)} s (${seeding.steps}).\n`) +
        `PostgreSQL settings: ${PG_SETTINGS.map((pair) => pair.join(' = ')).join(', ') || "the server's"}. ` +
        `Dashboard migrations: ${counts.migrations ?? 'none'}` +
        (counts.sumRows === undefined
          ? '. '
          : ` (monthly sums of ${latestYear}: ${number(counts.sumRows)} rows, ` +
            `${number(counts.outletSumRows)} by final code). `) +
        `Figures of ${latestYear} (monthly ones: ${latestYear}-${String(MONTH).padStart(2, '0')}), ` +
        `${iterations} iterations after one warm-up; the whole screen cost ${restCalls} REST calls.\n` +
        (missing.length > 0 ? `Not served by the api (404), left out: ${missing.join(', ')}.\n` : ''),
    );
    printTable('', rows);
  } finally {
    portal.close();
  }
}
