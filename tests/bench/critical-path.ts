/**
 * The critical path of each screen query: its p50 through the gateway beside the p50 of the slowest single REST
 * call it makes (as the gateway times it: GATEWAY_DEBUG's `extensions.restCalls`), measured in the same requests.
 * Their ratio says what the gateway adds beyond the one call it must wait for: goal 1.2 or less. Beside it, where
 * the rest goes (p50s, GATEWAY_DEBUG's times): the gateway's work before its first call (middleware, the persisted
 * query, Apollo, the resolvers up to the call), after its last call (resolvers, graphql-js completing the answer),
 * and around both (the answer's JSON and compression, the HTTP exchange with this bench's client). The queries are
 * the screens' of the other benches (the dashboard's, the establishments', the operations history), sent as the
 * browser sends them (persisted, with the session cookie), on a generated world, on a PostgreSQL server (its own
 * database, `bench_critical_path`, on the server of BENCH_POSTGRES_URL) then on the embedded PGlite: PGlite has one
 * connection, so a query's REST calls that the gateway sends together still wait for each other in the database.
 * The gateway keeps no answers and the api shares no reads here (KEPT_ANSWERS_MB=0, SHARED_READS_MB=0): a query asked
 * again would otherwise be a kept answer, its one REST call the stamp's, or its calls answered from rows already read,
 * and the run would measure that instead of the gateway's work over the calls it makes.
 *
 *   BENCH_CRITICAL_PATH_ENGINE=pglite npx node tests/bench/run.ts critical-path   (one engine: postgresql or pglite)
 */
import { operationListVariables } from '../../web/src/apps/operations/operationListParams.ts';
import {
  databaseEngines,
  type Engine,
  enginesOf,
  graphql,
  ms,
  percentile,
  persistedId,
  printTable,
  producerUser,
  retrieverUser,
  sessionCookie,
  startPortal,
} from './lib.ts';

const GOAL_RATIO = 1.2;

const WORLD = {
  companies: 10,
  sitesPerCompany: 5,
  entitiesPerSite: 1,
  retrieverCompanies: 1,
  skipsPerSite: 4,
  usersPerCompany: 1,
  years: 2,
  seed: 11,
};

export async function benchCriticalPath(iterations: number): Promise<void> {
  for (const engine of enginesOf(databaseEngines(WORLD, 'bench_critical_path'), 'BENCH_CRITICAL_PATH_ENGINE'))
    await benchEngine(engine, iterations);
}

async function benchEngine(engine: Engine, iterations: number): Promise<void> {
  const seeded = await engine.seed();
  const database = { ...seeded, env: { ...seeded.env, KEPT_ANSWERS_MB: '0', SHARED_READS_MB: '0' } };
  const portal = await startPortal(WORLD, (world) => producerUser(world).email, database);
  try {
    const { world, gateway } = portal;
    const producer = await sessionCookie(gateway, producerUser(world).email);
    const retriever = await sessionCookie(gateway, retrieverUser(world).email);
    // Last month: a month the generated history has in full.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const year = lastMonth.getUTCFullYear();
    const month = lastMonth.getUTCMonth() + 1;
    const scope = {
      side: 'PRODUCER',
      producerSiteId: null,
      producerEntityId: null,
      retrieverSiteId: null,
      companyId: null,
      location: null,
    };
    const history = operationListVariables(
      'history',
      { ownSiteTypology: 'RETRIEVER', isRetriever: true },
      new URLSearchParams(),
    );
    const queries: [string, object, string][] = [
      ['DashboardLayoutQuery', {}, producer],
      ['DashboardHomePageQuery', { carrier: false }, producer],
      ['DashboardFiguresQuery', { year, scope }, producer],
      ['DashboardMapQuery', { year, scope }, producer],
      ['MonthlyFiguresQuery', { year, month, scope }, producer],
      ['MonthlyCostsQuery', { year, month, scope }, producer],
      ['EstablishmentListPageQuery', { linked: false, search: null, orderBy: null }, producer],
      ['SiteComboboxQuery', { search: null, first: 20, linked: false }, producer],
      ['OperationListPageQuery (provider)', history, retriever],
    ];
    const rows = [
      [
        'query',
        'REST calls',
        'in a row',
        'p50 gateway',
        'p50 slowest REST call',
        'ratio',
        'goal',
        'met',
        'before 1st call',
        'after last call',
        'JSON, compression, HTTP',
      ],
    ];
    for (const [label, variables, cookie] of queries) {
      const docId = persistedId(label.split(' ')[0] as string);
      const send = () => graphql(gateway, { doc_id: docId }, variables, { cookie });
      // One warm-up round (the api's and the database's caches) is not counted.
      await send();
      const wholes: number[] = [];
      const slowest: number[] = [];
      const before: number[] = [];
      const after: number[] = [];
      const around: number[] = [];
      let restCalls = 0;
      let restRounds = 0;
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        const answer = await send();
        const whole = performance.now() - started;
        wholes.push(whole);
        slowest.push(answer.slowestRestMs);
        before.push(answer.firstCallMs);
        after.push(answer.afterCallsMs);
        around.push(whole - answer.answeredMs);
        restCalls = answer.restCalls;
        restRounds = answer.restRounds;
      }
      const ratio = percentile(wholes, 50) / percentile(slowest, 50);
      rows.push([
        label,
        String(restCalls),
        String(restRounds),
        ms(percentile(wholes, 50)),
        ms(percentile(slowest, 50)),
        ratio.toFixed(2),
        `≤ ${GOAL_RATIO}`,
        ratio <= GOAL_RATIO ? 'yes' : 'no',
        ms(percentile(before, 50)),
        ms(percentile(after, 50)),
        ms(percentile(around, 50)),
      ]);
    }
    printTable(
      `Critical path of the screen queries (${iterations} rounds, ${database.label}; seeded in ${portal.seedSeconds.toFixed(1)} s)`,
      rows,
    );
  } finally {
    portal.close();
  }
}
