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
 * The establishment lists at 2,000+ sites: searching, sorting and paging give the right pages, on one producer
 * company of 2,100 sites and the retriever that serves all of them. How fast they are is measured by
 * `npm run bench -- establishments`, never here: a shared machine's timings would make this suite flaky.
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

/** A list's answer, which must be a 200. */
async function list(url: string, session: Session) {
  const response = await get(api, url, session);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<HydraCollectionBody>() };
}

describe(`site lists at ${SITES} sites`, () => {
  it('pages, sorts and searches own sites', async () => {
    const page = await list(
      '/api/users/me/company_sites?order[companyName]=asc&order[name]=desc&page=40&itemsPerPage=30',
      producer,
    );
    expect(page.body['hydra:totalItems']).toBe(SITES);
    expect(page.body['hydra:member']).toHaveLength(30);
    expect(page.body['hydra:member'][0]).toMatchObject({ entityCount: 3, hasFullAccess: true });

    const search = await list('/api/users/me/company_sites?q=lyon&order[postcode]=desc', producer);
    const total = search.body['hydra:totalItems'];
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(SITES);
    expect(search.body['hydra:member'].every((site) => /lyon/i.test(`${site.name} ${site.city}`))).toBe(true);

    const everything = await list(
      '/api/users/me/company_sites_full?pagination=false&order[name]=asc',
      producer,
    );
    expect(everything.body['hydra:member']).toHaveLength(SITES);
  });

  it("pages and searches a retriever's clients, with their linked sites", async () => {
    const clients = await list(
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
    const linked = await list(
      `/api/users/me/company_sites_linked_producer_full?linkedTo[]=${busiest['@id']}&q=${siren}&itemsPerPage=30`,
      retriever,
    );
    expect(linked.body['hydra:totalItems']).toBe((busiest.linkedCompanySites as string[]).length);
  });
});
