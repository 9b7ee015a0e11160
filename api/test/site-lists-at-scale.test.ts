import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../src/account/passwords.ts';
import { DEMO_PASSWORD } from '../src/index.ts';
import { generateWorld, insertWorld } from '../src/seed/index.ts';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  type Session,
  TEST_ARGON2,
  type TestApi,
} from './helpers.ts';

/**
 * The establishment lists at 2,000+ sites (issue 3): searching, sorting and paging stay fast, on one
 * producer company of 2,100 sites and the retriever that serves all of them.
 */

const SITES = 2100;
let api: TestApi;
let producer: Session;
let retriever: Session;

beforeAll(async () => {
  api = await createTestApi({ seedDemo: false });
  const world = generateWorld({
    companies: 1,
    sitesPerCompany: SITES,
    entitiesPerSite: 3,
    retrieverCompanies: 1,
    usersPerCompany: 1,
    seed: 11,
    today: new Date('2026-03-02T00:00:00Z'),
  });
  const passwords = await createPasswordHasher(TEST_ARGON2);
  await insertWorld(api.db, world, await passwords.hash(DEMO_PASSWORD));
  const emailOf = (role: string) => {
    const company = world.companies.findIndex((c) => c.role === role);
    const user = world.users.find((u) => u.company === company);
    if (user === undefined) throw new Error(`no ${role} user`);
    return user.email;
  };
  [producer, retriever] = await Promise.all([
    login(api, emailOf('producer')),
    login(api, emailOf('collector')),
  ]);
}, 120_000);
afterAll(() => api.close());

/** The slowest of a few runs of a request, after one warm-up, in milliseconds; and the last answer. */
async function timed(url: string, session: Session) {
  let body: HydraCollectionBody | undefined;
  const durations: number[] = [];
  for (let run = 0; run < 4; run++) {
    const started = performance.now();
    const response = await get(api, url, session);
    if (run > 0) durations.push(performance.now() - started);
    expect(response.statusCode, response.body).toBe(200);
    body = response.json<HydraCollectionBody>();
  }
  return { body: body!, slowest: Math.max(...durations) };
}

describe(`site lists at ${SITES} sites`, () => {
  it('pages, sorts and searches own sites quickly', async () => {
    const page = await timed(
      '/api/users/me/company_sites?order[companyName]=asc&order[name]=desc&page=40&itemsPerPage=30',
      producer,
    );
    expect(page.body['hydra:totalItems']).toBe(SITES);
    expect(page.body['hydra:member']).toHaveLength(30);
    expect(page.body['hydra:member'][0]).toMatchObject({ entityCount: 3, hasFullAccess: true });

    const search = await timed('/api/users/me/company_sites?q=lyon&order[postcode]=desc', producer);
    const total = search.body['hydra:totalItems'];
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(SITES);
    expect(search.body['hydra:member'].every((site) => /lyon/i.test(`${site.name} ${site.city}`))).toBe(true);

    const everything = await timed(
      '/api/users/me/company_sites_full?pagination=false&order[name]=asc',
      producer,
    );
    expect(everything.body['hydra:member']).toHaveLength(SITES);

    // Generous bounds (shared CI machines); a page costs a few milliseconds here.
    expect(page.slowest).toBeLessThan(500);
    expect(search.slowest).toBeLessThan(500);
    expect(everything.slowest).toBeLessThan(5000);
  });

  it("pages and searches a retriever's clients quickly, with their linked sites", async () => {
    const clients = await timed(
      '/api/users/me/company_sites_linked_producer_full?order[city]=asc&page=10&itemsPerPage=50',
      retriever,
    );
    expect(clients.body['hydra:totalItems']).toBe(SITES);
    const first = clients.body['hydra:member'][0]!;
    expect((first.linkedCompanySites as string[]).length).toBeGreaterThan(0);

    const own = await get(api, '/api/users/me/company_sites?pagination=false', retriever);
    const ownSites = own.json<HydraCollectionBody>()['hydra:member'];
    const busiest = ownSites.reduce((a, b) =>
      (a.linkedCompanySites as string[]).length >= (b.linkedCompanySites as string[]).length ? a : b,
    );
    // Every client site shares the producer's SIREN: searching it keeps all the sites linked to `busiest`.
    const siren = String(first.siret).slice(0, 9);
    const linked = await timed(
      `/api/users/me/company_sites_linked_producer_full?linkedTo[]=${busiest['@id']}&q=${siren}&itemsPerPage=30`,
      retriever,
    );
    expect(linked.body['hydra:totalItems']).toBe((busiest.linkedCompanySites as string[]).length);
    expect(clients.slowest).toBeLessThan(500);
    expect(linked.slowest).toBeLessThan(500);
  });
});
