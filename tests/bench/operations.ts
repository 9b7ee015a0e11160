/**
 * The operations history of a provider that handles about 50,000 operations (a world of 30 producer
 * companies × 10 establishments × 6 containers over 4 years, all served by one provider company): the first page
 * of the history tab (`OperationListPageQuery`, persisted, with the session cookie, as the browser sends it) and
 * filtered pages (validated only; one client establishment), through the gateway, with the REST calls each costs,
 * beside the api's own page of operations.
 */
import { operationListVariables } from '../../web/src/apps/operations/operationListParams.ts';
import {
  bearerToken,
  graphql,
  ms,
  percentile,
  persistedId,
  printTable,
  restGetter,
  retrieverUser,
  sessionCookie,
  startPortal,
  time,
} from './lib.ts';

export async function benchOperations(iterations: number): Promise<void> {
  const options = {
    companies: 30,
    sitesPerCompany: 10,
    entitiesPerSite: 1,
    retrieverCompanies: 1,
    skipsPerSite: 6,
    usersPerCompany: 1,
    years: 4,
    seed: 5,
  };
  const portal = await startPortal(options, (world) => retrieverUser(world).email);
  try {
    const { world, gateway, api } = portal;
    const user = retrieverUser(world);
    const cookie = await sessionCookie(gateway, user.email);
    const listQuery = persistedId('OperationListPageQuery');
    const token = await bearerToken(gateway, user.email);
    const counter = { calls: 0 };
    const rest = restGetter(api, token, counter);
    const clientSite = await rest<{ 'hydra:member': { id: number }[] }>(
      '/users/me/company_sites_linked_producer_full?pagination=false',
    );
    const firstClient = clientSite['hydra:member'][0]?.id;
    // The variables the list's route sends for the URL's search, built by the web's own function.
    const retrieverViewer = { ownSiteTypology: 'RETRIEVER', isRetriever: true };
    const variables = (search: string) =>
      operationListVariables('history', retrieverViewer, new URLSearchParams(search));
    const cases: [string, string][] = [
      ['history, first page (50)', ''],
      ['history, validated only', 'filtre=validees'],
      ['history of one client establishment', `client=${firstClient}`],
    ];
    const rows = [['query', 'operations', 'p50', 'p95', 'REST calls']];
    for (const [label, search] of cases) {
      const samples: number[] = [];
      let restCalls = 0;
      let total = 0;
      for (let i = 0; i < iterations; i++) {
        const answer = await time(samples, () =>
          graphql(gateway, { doc_id: listQuery }, variables(search), { cookie }),
        );
        restCalls = answer.restCalls;
        total =
          (answer.data as { viewer?: { operations?: { totalCount: number } } }).viewer?.operations
            ?.totalCount ?? Number.NaN;
      }
      rows.push([
        label,
        total.toLocaleString('fr-FR'),
        ms(percentile(samples, 50)),
        ms(percentile(samples, 95)),
        String(restCalls),
      ]);
    }
    const direct: number[] = [];
    for (let i = 0; i < iterations; i++) {
      await time(direct, () => rest('/operations?page=1&itemsPerPage=50&order[createdAt]=desc'));
    }
    rows.push([
      'api alone: GET /api/operations, page 1 of 50',
      '',
      ms(percentile(direct, 50)),
      ms(percentile(direct, 95)),
      '1',
    ]);
    printTable(
      `Operations history of a provider (PGlite; seeded in ${portal.seedSeconds.toFixed(1)} s)`,
      rows,
    );
  } finally {
    portal.close();
  }
}
