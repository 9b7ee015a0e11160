/**
 * The establishments screen's query (`EstablishmentListPageQuery`, persisted, as the browser sends it with
 * its session cookie: the first 50 establishments with company, city, postcode, SIRET and chantier count, then a
 * search) at 20, 200 and 2,000 sites: REST calls and p50 through the gateway, beside the same data fetched the way
 * the original client did (whole site lists, one call per company name, one call per site for its chantiers).
 * The gateway's unit tests assert that the whole list with chantiers and providers costs 5 calls at any size.
 * Beside it, the header's selection at the same sizes: the layout's query and the selector's list (first page,
 * then a search), which must cost the same whatever the number of sites.
 */
import {
  bearerToken,
  graphql,
  ms,
  percentile,
  persistedId,
  printTable,
  producerUser,
  restGetter,
  sessionCookie,
  startPortal,
  time,
} from './lib.ts';

export async function benchEstablishments(iterations: number, sizes = [20, 200, 2000]): Promise<void> {
  const rows = [
    [
      'sites',
      'screen p50',
      'p95',
      'REST calls',
      'search p50',
      'REST calls',
      'original client p50',
      'REST calls',
    ],
  ];
  const listQuery = persistedId('EstablishmentListPageQuery');
  // The header's selection: the layout's query (counts, never the list) and the selector's list, opened then searched.
  const header = [
    ['sites', 'layout p50', 'REST calls', 'selector p50', 'REST calls', 'search p50', 'REST calls'],
  ];
  const layoutQuery = persistedId('DashboardLayoutQuery');
  const selectorQuery = persistedId('SiteComboboxQuery');
  for (const size of sizes) {
    // One producer company owning `size` establishments, served by a handful of providers.
    const options = {
      companies: 1,
      sitesPerCompany: size,
      entitiesPerSite: 2,
      retrieverCompanies: 3,
      usersPerCompany: 1,
      seed: 3,
    };
    const portal = await startPortal(options, (world) => producerUser(world).email);
    try {
      const { world, gateway, api } = portal;
      const user = producerUser(world);
      const token = await bearerToken(gateway, user.email);
      const cookie = await sessionCookie(gateway, user.email);
      const screen = (search: string | null) =>
        graphql(gateway, { doc_id: listQuery }, { linked: false, search, orderBy: null }, { cookie });

      const viaGateway: number[] = [];
      const firstPage: number[] = [];
      let gatewayCalls = 0;
      let firstPageCalls = 0;
      for (let i = 0; i < iterations; i++) {
        gatewayCalls = (await time(viaGateway, () => screen(null))).restCalls;
        firstPageCalls = (await time(firstPage, () => screen('Lyon'))).restCalls;
      }

      // The original client: slow at 2,000 sites (thousands of calls), so fewer rounds there.
      const originalRounds = Math.max(1, Math.min(iterations, Math.floor(2000 / size)));
      const original: number[] = [];
      let originalCalls = 0;
      const me = await restGetter(api, token, { calls: 0 })<{ id: number }>('/users/me');
      for (let i = 0; i < originalRounds; i++) {
        const counter = { calls: 0 };
        const get = restGetter(api, token, counter);
        await time(original, async () => {
          type Site = { id: number; company: string; linkedCompanySites?: string[] };
          type Collection = { 'hydra:member': Site[] };
          const base = `/users/${me.id}`;
          const [own, linked] = await Promise.all([
            get<Collection>(`${base}/company_sites_full?typology=producer&pagination=false&order[name]=asc`),
            get<Collection>(`${base}/company_sites_linked_retriever_full?pagination=false&order[name]=asc`),
          ]);
          const sites = [...own['hydra:member'], ...linked['hydra:member']];
          const companies = [...new Set(sites.map((site) => site.company))];
          // Browsers open at most a few connections per host: the original client's calls queue the same way.
          const calls = [
            ...companies.map((company) => () => get(company.replace(/^\/api/, ''))),
            ...own['hydra:member'].map(
              (site) => () =>
                get(`/company_sites/${site.id}/company_site_entities?pagination=false&order[name]=asc`),
            ),
          ];
          const queue = [...calls];
          await Promise.all(
            Array.from({ length: 6 }, async () => {
              for (let call = queue.shift(); call; call = queue.shift()) await call();
            }),
          );
        });
        originalCalls = counter.calls;
      }

      const layout: number[] = [];
      const opened: number[] = [];
      const searched: number[] = [];
      const calls = { layout: 0, opened: 0, searched: 0 };
      const selector = (search: string | null) =>
        graphql(gateway, { doc_id: selectorQuery }, { search, first: 20, linked: false }, { cookie });
      for (let i = 0; i < iterations; i++) {
        calls.layout = (
          await time(layout, () => graphql(gateway, { doc_id: layoutQuery }, {}, { cookie }))
        ).restCalls;
        calls.opened = (await time(opened, () => selector(null))).restCalls;
        calls.searched = (await time(searched, () => selector('Lyon'))).restCalls;
      }

      const own = world.sites.filter((site) => site.company === user.company).length;
      header.push([
        String(own),
        ms(percentile(layout, 50)),
        String(calls.layout),
        ms(percentile(opened, 50)),
        String(calls.opened),
        ms(percentile(searched, 50)),
        String(calls.searched),
      ]);
      rows.push([
        String(own),
        ms(percentile(viaGateway, 50)),
        ms(percentile(viaGateway, 95)),
        String(gatewayCalls),
        ms(percentile(firstPage, 50)),
        String(firstPageCalls),
        `${ms(percentile(original, 50))} (${originalRounds} rounds)`,
        String(originalCalls),
      ]);
    } finally {
      portal.close();
    }
  }
  printTable('## Establishments screen: first page of 50, then a search', rows);
  printTable("## Header selection: the layout's query, the selector's first 20 sites, then a search", header);
}
