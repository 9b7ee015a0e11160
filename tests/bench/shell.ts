/**
 * Time from starting the portal to the first login; login plus the dashboard shell's queries through the
 * gateway, beside the same data fetched with direct REST calls the way the original client did (one call per
 * company name, one per establishment for its chantiers).
 */
import {
  cookieOf,
  graphql,
  json,
  ms,
  password,
  percentile,
  persistedId,
  printTable,
  producerUser,
  restGetter,
  startPortal,
  time,
} from './lib.ts';

/** The operations the browser sends to show `/` right after login (web/src/routes.tsx). */
const shellOperationNames = ['viewerSessionQuery', 'DashboardLayoutQuery', 'DashboardHomePageQuery'];

export async function benchShell(iterations: number): Promise<void> {
  const options = { companies: 40, sitesPerCompany: 50, entitiesPerSite: 3, usersPerCompany: 1, seed: 1 };
  const portal = await startPortal(options, (world) => producerUser(world).email);
  try {
    const { world, gateway, api } = portal;
    const user = producerUser(world);
    const loginId = persistedId('LoginPageMutation');
    const shellIds = shellOperationNames.map(persistedId);

    const gatewayLogin: number[] = [];
    const gatewayShell: number[] = [];
    let gatewayRestCalls = 0;
    for (let i = 0; i < iterations; i++) {
      const login = await time(gatewayLogin, () =>
        graphql(gateway, { doc_id: loginId }, { input: { email: user.email, password } }),
      );
      const cookie = cookieOf(login.response);
      await time(gatewayShell, async () => {
        const answers = await Promise.all(
          shellIds.map((id) => graphql(gateway, { doc_id: id }, {}, { cookie })),
        );
        gatewayRestCalls = login.restCalls + answers.reduce((sum, answer) => sum + answer.restCalls, 0);
      });
    }

    const restLogin: number[] = [];
    const restShell: number[] = [];
    let restCalls = 0;
    for (let i = 0; i < iterations; i++) {
      const session = await time(restLogin, async () =>
        json<{ token: string; userId: number }>(
          await fetch(`${api}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: user.email, password }),
          }),
        ),
      );
      await time(restShell, async () => {
        const counter = { calls: 0 };
        const get = restGetter(api, session.token, counter);
        type Collection = { 'hydra:member': { id: number; company: string }[] };
        const me = `/users/${session.userId}`;
        const [, own, linked] = await Promise.all([
          get(me),
          get<Collection>(`${me}/company_sites_full?typology=producer&pagination=false&order[name]=asc`),
          get<Collection>(`${me}/company_sites_linked_retriever_full?pagination=false&order[name]=asc`),
        ]);
        const companies = [
          ...new Set([...own['hydra:member'], ...linked['hydra:member']].map((s) => s.company)),
        ];
        await Promise.all([
          ...companies.map((company) => get(company.replace(/^\/api/, ''))),
          ...own['hydra:member'].map((site) =>
            get(`/company_sites/${site.id}/company_site_entities?pagination=false&order[name]=asc`),
          ),
        ]);
        restCalls = counter.calls + 1;
      });
    }

    const sum = (a: number[], b: number[]) => a.map((value, i) => value + (b[i] ?? 0));
    const ownSites = world.sites.filter((site) => site.company === user.company).length;
    process.stdout.write(
      `\n## Login and dashboard shell\n` +
        `World: ${world.companies.length} companies, ${world.sites.length} sites, ${world.entities.length} chantiers ` +
        `(seeded in ${portal.seedSeconds.toFixed(1)} s). User ${user.email}: ${ownSites} establishments. ` +
        `${iterations} iterations.\n` +
        `Start to first successful login: ${ms(portal.startToLoginMs)}\n`,
    );
    printTable('', [
      ['', 'p50', 'p95', 'REST calls'],
      ['gateway: login mutation', ms(percentile(gatewayLogin, 50)), ms(percentile(gatewayLogin, 95)), ''],
      [
        `gateway: shell queries (${shellIds.length}, in parallel)`,
        ms(percentile(gatewayShell, 50)),
        ms(percentile(gatewayShell, 95)),
        '',
      ],
      [
        'gateway: login + shell',
        ms(percentile(sum(gatewayLogin, gatewayShell), 50)),
        ms(percentile(sum(gatewayLogin, gatewayShell), 95)),
        String(gatewayRestCalls),
      ],
      [
        'direct REST: login + shell data',
        ms(percentile(sum(restLogin, restShell), 50)),
        ms(percentile(sum(restLogin, restShell), 95)),
        String(restCalls),
      ],
    ]);
  } finally {
    portal.close();
  }
}
