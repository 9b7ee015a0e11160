import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOWNS } from '../src/seed/towns.ts';
import { departmentOfPostcode } from '../src/sites/department.ts';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  type Session,
  type TestApi,
} from './helpers.ts';

/** The read side of issue 3: search, sorts, paging and linkedTo on site collections, and the new fields. */

let api: TestApi;
let producer: Session;
let retriever: Session;
let chantier: Session;
/** Site ids by company id. */
const sitesOf = new Map<number, number[]>();

type Site = Record<string, unknown> & { id: number };

beforeAll(async () => {
  api = await createTestApi();
  [producer, retriever, chantier] = await Promise.all([
    login(api, 'producteur@demo.fr'),
    login(api, 'prestataire@demo.fr'),
    login(api, 'chantier@demo.fr'),
  ]);
  const sites = await api.db.query<{ id: number; companyId: number }>(
    'select id, company_id as "companyId" from company_sites order by id',
  );
  for (const site of sites) sitesOf.set(site.companyId, [...(sitesOf.get(site.companyId) ?? []), site.id]);
  // Accents, ligatures, apostrophes and hyphens to search through, on one of the producer's sites and on
  // its company.
  const [accented] = sitesOf.get(demo().producerCompanyId)!;
  await api.db.query(
    `update company_sites set name = 'Dépôt Œuvre-Élan', city = 'Saint-Étienne' where id = $1`,
    [accented],
  );
  await api.db.query(`update companies set name = 'Société Générale d''Équipement' where id = $1`, [
    demo().producerCompanyId,
  ]);
});
afterAll(() => api.close());

const demo = () => api.demo!;
const ids = (items: { id: number }[]) => items.map((item) => item.id);

async function collection(url: string, session: Session) {
  const response = await get(api, url, session);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<HydraCollectionBody<Site>>();
}
const members = async (url: string, session: Session) => (await collection(url, session))['hydra:member'];

/** What a person means by "the same letters": the api folds in SQL, the test in JavaScript. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('œ', 'oe')
    .replace(/[-'’]/g, ' ');

/** The sites of `all` that `q` should find: every word in the site's fields or its company's name. */
function expectedMatches(all: Site[], q: string): number[] {
  const words = /^[0-9][0-9 .-]*$/.test(q.trim()) ? [q.replace(/[^0-9]/g, '')] : fold(q).split(/\s+/);
  return ids(
    all.filter((site) => {
      const own = fold([site.name, site.city, site.postcode, site.siret].join(' '));
      const company = fold(String(site.companyName));
      return words.filter(Boolean).every((word) => own.includes(word) || company.includes(word));
    }),
  );
}

const siteCollections = [
  '/api/company_sites',
  '/api/users/me/company_sites',
  '/api/users/me/company_sites_full',
  '/api/users/me/company_sites_linked_producer_full',
  '/api/users/me/company_sites_linked_retriever_full',
];

describe('search (q=) on site collections', () => {
  it('ignores case and accents, ligatures, apostrophes and hyphens', async () => {
    const [accented] = sitesOf.get(demo().producerCompanyId)!;
    for (const q of ['depot oeuvre', 'DÉPÔT', 'élan', 'OEUVRE ELAN', 'saint etienne', 'Saint-Étienne']) {
      const found = await members(`/api/company_sites?q=${encodeURIComponent(q)}&pagination=false`, producer);
      expect(ids(found), q).toContain(accented);
    }
    expect(await members('/api/company_sites?q=depot%20lyonnaise%20xyz', producer)).toEqual([]);
  });

  it('finds by company name, city, postcode and SIRET typed with spaces, like a reference implementation', async () => {
    const all = await members('/api/company_sites?pagination=false', retriever);
    const clientSite = all.find((site) => (site.siteTypologies as string[]).includes('producer'))!;
    const siret = String(clientSite.siret);
    const queries = [
      'generale d equipement',
      "Société Générale d'Équipement",
      String(clientSite.city).toUpperCase(),
      String(clientSite.postcode),
      `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`,
      siret.slice(4, 10),
      `${String(clientSite.companyName).split(' ')[0]} ${String(clientSite.city)}`,
    ];
    for (const q of queries) {
      const found = await members(
        `/api/company_sites?q=${encodeURIComponent(q)}&pagination=false`,
        retriever,
      );
      const expected = expectedMatches(all, q);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(found), q).toEqual(expected);
    }
    const bySiret = await members(`/api/company_sites?q=${siret}`, retriever);
    expect(ids(bySiret)).toEqual([clientSite.id]);
  });

  it('treats LIKE wildcards as text and refuses a search longer than 200 characters', async () => {
    expect(await members('/api/company_sites?q=%25', producer)).toEqual([]);
    expect(await members('/api/company_sites?q=_', producer)).toEqual([]);
    expect((await get(api, `/api/company_sites?q=${'a'.repeat(201)}`, producer)).statusCode).toBe(400);
    const all = await collection('/api/company_sites?q=%20%20', producer);
    expect(all['hydra:totalItems']).toBeGreaterThan(0);
  });

  it('works on every site collection, within what that collection lists', async () => {
    const session = { producer, retriever };
    for (const path of siteCollections) {
      for (const [who, caller] of Object.entries(session)) {
        const all = await members(`${path}?pagination=false`, caller);
        if (all.length === 0) continue;
        const q = String(all[all.length - 1]?.city);
        const found = await members(`${path}?q=${encodeURIComponent(q)}&pagination=false`, caller);
        expect(ids(found), `${who} ${path} q=${q}`).toEqual(expectedMatches(all, q));
      }
    }
  });
});

describe('sorting and paging site collections', () => {
  it('orders by postcode, siret and companyName, with the id as tie-breaker', async () => {
    const all = await members('/api/company_sites?pagination=false', retriever);
    for (const [field, column] of [
      ['postcode', 'cs.postcode'],
      ['siret', 'cs.siret'],
      ['companyName', 'c.name'],
      ['city', 'cs.city'],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const sorted = await members(
          `/api/company_sites?order[${field}]=${direction}&pagination=false`,
          retriever,
        );
        // The database's collation decides the order: compare with its own sort.
        const expected = await api.db.query<{ id: number }>(
          `select cs.id from company_sites cs join companies c on c.id = cs.company_id
           where cs.id = any($1::int[]) order by ${column} ${direction}, cs.id`,
          [ids(all)],
        );
        expect(ids(sorted), `${field} ${direction}`).toEqual(ids(expected));
      }
    }
    expect((await get(api, '/api/company_sites?order[siret]=up', retriever)).statusCode).toBe(400);
  });

  it('pages a search with view links that keep q, the order and the filters', async () => {
    const url =
      '/api/users/me/company_sites_linked_producer_full?q=a&order[companyName]=asc&order[name]=desc';
    const all = await members(`${url}&pagination=false`, retriever);
    expect(all.length).toBeGreaterThan(4);
    const page = await collection(`${url}&itemsPerPage=2&page=2`, retriever);
    expect(page['hydra:totalItems']).toBe(all.length);
    expect(ids(page['hydra:member'])).toEqual(ids(all.slice(2, 4)));
    const view = page['hydra:view']!;
    const last = Math.ceil(all.length / 2);
    expect(view['hydra:next']).toBe(
      '/api/users/me/company_sites_linked_producer_full?q=a&order%5BcompanyName%5D=asc&order%5Bname%5D=desc&itemsPerPage=2&page=3',
    );
    expect(view['hydra:last']).toContain(`page=${last}`);
    const lastPage = await collection(`${url}&itemsPerPage=2&page=${last}`, retriever);
    expect(ids(lastPage['hydra:member'])).toEqual(ids(all.slice((last - 1) * 2)));
  });
});

describe('linkedTo[] on site collections', () => {
  it("lists a producer site's providers and a retriever site's clients, by id or IRI", async () => {
    const [ownProducerSite] = sitesOf.get(demo().producerCompanyId)!;
    const providers = await members(
      `/api/company_sites?linkedTo[]=/api/company_sites/${ownProducerSite}&pagination=false`,
      producer,
    );
    expect(ids(providers)).toEqual(await linksOfSite(ownProducerSite!));

    const retrieverSites = sitesOf.get(demo().retrieverCompanyId)!;
    const clients = await members(
      `/api/users/me/company_sites_linked_producer_full?${retrieverSites.map((id) => `linkedTo[]=${id}`).join('&')}&pagination=false`,
      retriever,
    );
    const expected = new Set<number>();
    for (const id of retrieverSites) for (const linked of await linksOfSite(id)) expected.add(linked);
    expect(ids(clients)).toEqual([...expected].sort((a, b) => a - b));
    expect(clients.every((site) => (site.siteTypologies as string[]).includes('producer'))).toBe(true);
  });

  it('says nothing about the links of a site the caller cannot see', async () => {
    const visible = new Set(ids(await members('/api/company_sites?pagination=false', producer)));
    const foreignSites = await api.db.query<{ id: number }>(
      'select id from company_sites where not (id = any($1::int[])) order by id',
      [[...visible]],
    );
    // A foreign client site that works with a provider the producer sees: its link must stay hidden.
    let foreignWithVisibleProvider: number | undefined;
    for (const { id } of foreignSites) {
      if ((await linksOfSite(id)).some((linked) => visible.has(linked))) {
        foreignWithVisibleProvider = id;
        break;
      }
    }
    expect(foreignWithVisibleProvider).toBeDefined();
    expect(await members(`/api/company_sites?linkedTo[]=${foreignWithVisibleProvider}`, producer)).toEqual(
      [],
    );
    expect((await get(api, '/api/company_sites?linkedTo[]=abc', producer)).statusCode).toBe(400);
  });
});

describe('site and company fields of issue 3', () => {
  it('lists the linked sites the caller sees on each site', async () => {
    const own = await members('/api/users/me/company_sites?pagination=false', producer);
    for (const site of own) {
      expect(site.linkedCompanySites).toEqual(
        (await linksOfSite(site.id)).map((id) => `/api/company_sites/${id}`),
      );
    }
    // The retriever sees, on a client site, only its own sites among that client's providers.
    const retrieverSites = new Set(sitesOf.get(demo().retrieverCompanyId));
    const clients = await members(
      '/api/users/me/company_sites_linked_producer_full?pagination=false',
      retriever,
    );
    for (const client of clients) {
      const all = await linksOfSite(client.id);
      const seen = all.filter((id) => retrieverSites.has(id));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.length).toBeLessThan(all.length);
      expect(client.linkedCompanySites).toEqual(seen.map((id) => `/api/company_sites/${id}`));
    }
  });

  it('counts the chantiers the caller sees', async () => {
    const own = await members('/api/users/me/company_sites', producer);
    expect(own.map((site) => site.entityCount)).toEqual(own.map(() => 3));
    const clients = await members('/api/users/me/company_sites_linked_producer_full', retriever);
    expect(clients.every((site) => site.entityCount === 3)).toBe(true);
    const [limited] = await members('/api/users/me/company_sites_full', chantier);
    expect(limited).toMatchObject({ id: demo().chantierSiteId, entityCount: 2 });
    expect(limited?.companySiteEntities).toHaveLength(2);
  });

  it('gives sites and companies the sector of their company', async () => {
    const site = (
      await get(api, `/api/company_sites/${sitesOf.get(demo().retrieverCompanyId)![0]}`, retriever)
    ).json();
    const company = (await get(api, `/api/companies/${demo().retrieverCompanyId}`, retriever)).json();
    expect(company.companySector).toMatch(/^\/api\/company_sectors\/\d+$/);
    expect(site.companySector).toBe(company.companySector);
    const sector = (await get(api, company.companySector, retriever)).json();
    expect(sector).toMatchObject({ '@type': 'CompanySector', code: 'E' });
  });
});

describe('reference lists company_sectors and states', () => {
  it('lists the 21 sections of NAF rev. 2 with their French labels', async () => {
    const sectors = await members('/api/company_sectors?pagination=false', producer);
    expect(sectors.map((sector) => sector.code)).toEqual([...'ABCDEFGHIJKLMNOPQRSTU']);
    expect(sectors.find((sector) => sector.code === 'E')).toMatchObject({
      '@id': expect.stringMatching(/^\/api\/company_sectors\/\d+$/),
      '@type': 'CompanySector',
      label: "Production et distribution d'eau ; assainissement, gestion des déchets et dépollution",
    });
    expect(Object.keys(sectors[0]!).sort()).toEqual(['@id', '@type', 'code', 'id', 'label']);
    const one = await get(api, `/api/company_sectors/${sectors[5]?.id}`, producer);
    expect(one.json()).toMatchObject({
      '@context': '/api/contexts/CompanySector',
      code: 'F',
      label: 'Construction',
    });
    expect((await get(api, '/api/company_sectors/9999', producer)).statusCode).toBe(404);
  });

  it('lists the 18 regions with their INSEE codes and every department once', async () => {
    const states = await members('/api/states?order[code]=asc&pagination=false', producer);
    expect(states).toHaveLength(18);
    expect(states.find((state) => state.code === '84')).toMatchObject({
      '@type': 'State',
      label: 'Auvergne-Rhône-Alpes',
      departments: ['01', '03', '07', '15', '26', '38', '42', '43', '63', '69', '73', '74'],
    });
    const departments = states.flatMap((state) => state.departments as string[]);
    expect(departments).toHaveLength(101);
    expect(new Set(departments).size).toBe(101);
    for (const town of TOWNS) expect(departments, town.city).toContain(town.department);
    const corse = states.find((state) => state.code === '94')!;
    expect((await get(api, `/api/states/${corse.id}`, producer)).json()).toMatchObject({
      label: 'Corse',
      departments: ['2A', '2B'],
    });
  });

  it("derives a site's department from its postcode", () => {
    for (const town of TOWNS) expect(departmentOfPostcode(town.postcode), town.city).toBe(town.department);
    expect(departmentOfPostcode('20200')).toBe('2B');
    expect(departmentOfPostcode('97400')).toBe('974');
    expect(departmentOfPostcode('1234')).toBeNull();
  });
});

async function linksOfSite(siteId: number): Promise<number[]> {
  const rows = await api.db.query<{ id: number }>(
    `select retriever_site_id as id from site_links where producer_site_id = $1
     union select producer_site_id from site_links where retriever_site_id = $1 order by 1`,
    [siteId],
  );
  return rows.map((row) => row.id);
}
