import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  type Session,
  type TestApi,
} from './helpers.ts';

let api: TestApi;
let producer: Session;
let retriever: Session;
let carrier: Session;
let chantier: Session;
/** Site ids by company id. */
const sitesOf = new Map<number, number[]>();
let otherProducerCompanyId: number;

beforeAll(async () => {
  api = await createTestApi();
  producer = await login(api, 'producteur@demo.fr');
  retriever = await login(api, 'prestataire@demo.fr');
  carrier = await login(api, 'transporteur@demo.fr');
  chantier = await login(api, 'chantier@demo.fr');
  const sites = await api.db.query<{ id: number; companyId: number }>(
    'select id, company_id as "companyId" from company_sites order by id',
  );
  for (const site of sites) sitesOf.set(site.companyId, [...(sitesOf.get(site.companyId) ?? []), site.id]);
  const other = await api.db.one<{ id: number }>(
    `select c.id from companies c where c.id <> $1 and exists (
       select 1 from company_sites cs join company_site_site_typologies x on x.company_site_id = cs.id
       join site_typologies st on st.id = x.site_typology_id where cs.company_id = c.id and st.code = 'producer')
     order by c.id limit 1`,
    [api.demo?.producerCompanyId],
  );
  otherProducerCompanyId = other.id;
});
afterAll(() => api.close());

const members = async (url: string, session: Session) => {
  const response = await get(api, url, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HydraCollectionBody>()['hydra:member'];
};
const ids = (items: Record<string, unknown>[]) => items.map((item) => item.id as number);
const demo = () => api.demo!;

describe('a producer', () => {
  it('reads its own sites with full access, and the linked provider sites without', async () => {
    const own = sitesOf.get(demo().producerCompanyId)!;
    const visible = await members('/api/company_sites?pagination=false', producer);
    const fullAccess = visible.filter((site) => site.hasFullAccess).map((site) => site.id);
    expect(fullAccess).toEqual(own);
    const providers = visible.filter((site) => !site.hasFullAccess);
    expect(providers.length).toBeGreaterThan(0);
    for (const site of providers) expect(site.siteTypologies).not.toContain('producer');

    const linked = await members(
      '/api/users/me/company_sites_linked_retriever_full?pagination=false',
      producer,
    );
    expect(ids(linked).sort()).toEqual(ids(providers).sort());
    expect(await members('/api/users/me/company_sites_linked_producer_full', producer)).toEqual([]);

    const providerSite = await get(api, `/api/company_sites/${providers[0]?.id}`, producer);
    expect(providerSite.statusCode).toBe(200);
    expect(providerSite.json()).toMatchObject({ '@type': 'CompanySite', hasFullAccess: false });
  });

  it("cannot read another company's site, entity or company, by id or by IRI", async () => {
    const foreignSite = sitesOf.get(otherProducerCompanyId)![0]!;
    const foreignEntity = await api.db.one<{ id: number }>(
      'select id from company_site_entities where company_site_id = $1 order by id limit 1',
      [foreignSite],
    );
    const notFound = async (url: string) => {
      const response = await get(api, url, producer);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().title).toBe(messages.notFound);
    };
    await notFound(`/api/company_sites/${foreignSite}`);
    await notFound(`/api/company_sites/${foreignSite}/company_site_entities`);
    await notFound(`/api/company_sites/${foreignSite}/company_site_entities/${foreignEntity.id}`);
    await notFound(`/api/companies/${otherProducerCompanyId}`);
    await notFound('/api/company_sites/999999');
    await notFound('/api/company_sites/abc');

    const ownSite = sitesOf.get(demo().producerCompanyId)![0]!;
    // An entity id of another site, reached through one of my sites, is not there either.
    await notFound(`/api/company_sites/${ownSite}/company_site_entities/${foreignEntity.id}`);

    expect(
      await members(`/api/company_sites?id[]=/api/company_sites/${foreignSite}&id[]=${ownSite}`, producer),
    ).toEqual([expect.objectContaining({ id: ownSite })]);
    expect(
      await members(
        `/api/company_site_entities?id[]=/api/company_sites/${foreignSite}/company_site_entities/${foreignEntity.id}`,
        producer,
      ),
    ).toEqual([]);
    expect(await members(`/api/companies?id[]=/api/companies/${otherProducerCompanyId}`, producer)).toEqual(
      [],
    );
  });

  it('sees its own company and the companies of linked sites', async () => {
    const companies = ids(await members('/api/companies?pagination=false', producer));
    expect(companies).toContain(demo().producerCompanyId);
    expect(companies).toContain(demo().retrieverCompanyId);
    expect(companies).toContain(demo().carrierCompanyId);
    expect(companies).not.toContain(otherProducerCompanyId);
    const company = await get(api, `/api/companies/${demo().producerCompanyId}`, producer);
    expect(Object.keys(company.json()).sort()).toEqual([
      '@context',
      '@id',
      '@type',
      'companySector',
      'id',
      'name',
      'siret',
    ]);
  });

  it('sees every entity of its own sites', async () => {
    const own = sitesOf.get(demo().producerCompanyId)!;
    const entities = await members('/api/users/me/company_site_entities_full?pagination=false', producer);
    expect(entities).toHaveLength(own.length * 3);
    expect(entities[0]).toMatchObject({
      '@type': 'CompanySiteEntity',
      companySite: expect.stringMatching(/^\/api\/company_sites\/\d+$/),
    });
    expect(Object.keys(entities[0]!).sort()).toEqual(
      ['@id', '@type', 'id', 'name', 'companySite', 'startDate', 'endDate', 'address'].sort(),
    );
  });

  it('refuses the users/{id} collections of someone else', async () => {
    const otherId = demo().userIds['prestataire@demo.fr'];
    for (const path of ['company_sites', 'company_sites_full', 'company_site_entities_full']) {
      expect((await get(api, `/api/users/${otherId}/${path}`, producer)).statusCode).toBe(404);
    }
  });
});

describe('access, read at every request', () => {
  it('sees a removed link and a removed company from the very next request', async () => {
    const [provider] = await members('/api/users/me/company_sites_linked_retriever_full', producer);
    const own = sitesOf.get(demo().producerCompanyId)!;
    const site = `/api/company_sites/${provider!.id}`;
    expect((await get(api, site, producer)).statusCode).toBe(200);
    const removed = await api.db.query<{ producer: number; retriever: number }>(
      `delete from site_links where retriever_site_id = $1 and producer_site_id = any($2::int[])
       returning producer_site_id as producer, retriever_site_id as retriever`,
      [provider!.id, own],
    );
    try {
      expect((await get(api, site, producer)).statusCode).toBe(404);
    } finally {
      for (const link of removed) {
        await api.db.query('insert into site_links (producer_site_id, retriever_site_id) values ($1, $2)', [
          link.producer,
          link.retriever,
        ]);
      }
    }
    expect((await get(api, site, producer)).statusCode).toBe(200);

    const ownSite = `/api/company_sites/${own[0]}`;
    await api.db.query('delete from user_companies where user_id = $1', [producer.userId]);
    try {
      expect((await get(api, ownSite, producer)).statusCode).toBe(404);
    } finally {
      await api.db.query('insert into user_companies (user_id, company_id) values ($1, $2)', [
        producer.userId,
        demo().producerCompanyId,
      ]);
    }
    expect((await get(api, ownSite, producer)).json()).toMatchObject({ hasFullAccess: true });
  });
});

describe('a retriever', () => {
  it('sees the producer sites it works for as clients, with their entities', async () => {
    const clients = await members(
      '/api/users/me/company_sites_linked_producer_full?pagination=false',
      retriever,
    );
    const producerSites = sitesOf.get(demo().producerCompanyId)!;
    expect(ids(clients)).toEqual(expect.arrayContaining(producerSites));
    for (const client of clients) {
      expect(client.siteTypologies).toEqual(['producer']);
      expect(client.hasFullAccess).toBe(false);
      expect(client.companySiteEntities).toHaveLength(3);
    }
    const own = await members('/api/users/me/company_sites?typology=retriever', retriever);
    expect(ids(own)).toEqual(sitesOf.get(demo().retrieverCompanyId));
  });

  it('filters visible sites by typology and company', async () => {
    const producers = await members('/api/company_sites?typology=producer&pagination=false', retriever);
    expect(producers.every((site) => (site.siteTypologies as string[]).includes('producer'))).toBe(true);
    const ofCompany = await members(
      `/api/company_sites?company[]=/api/companies/${demo().retrieverCompanyId}&pagination=false`,
      retriever,
    );
    expect(ids(ofCompany)).toEqual(sitesOf.get(demo().retrieverCompanyId));
    const bad = await get(api, '/api/company_sites?typology=admin', retriever);
    expect(bad.statusCode).toBe(400);
  });
});

describe('a carrier', () => {
  it('sees its own sites and the clients it serves', async () => {
    const own = await members('/api/users/me/company_sites', carrier);
    expect(ids(own)).toEqual(sitesOf.get(demo().carrierCompanyId));
    expect(own.every((site) => (site.siteTypologies as string[]).includes('carrier'))).toBe(true);
    const clients = await members(
      '/api/users/me/company_sites_linked_producer_full?pagination=false',
      carrier,
    );
    expect(clients.length).toBeGreaterThan(0);
  });
});

describe('a user limited to entities', () => {
  it('is flagged limitedToEntities, with fewer permissions', async () => {
    const me = (await get(api, '/api/users/me', chantier)).json();
    expect(me).toMatchObject({
      limitedToEntities: true,
      companies: [],
      companySites: [],
      companySitesIdsFull: [demo().chantierSiteId],
      companySiteEntities: demo().chantierEntityIds.map(
        (id) => `/api/company_sites/${demo().chantierSiteId}/company_site_entities/${id}`,
      ),
    });
    expect(me.permissions).toContain('skip:create');
    for (const permission of ['site:update', 'entity:create', 'entity:update']) {
      expect(me.permissions).not.toContain(permission);
    }
  });

  it('sees only its entities, and no full access', async () => {
    const siteId = demo().chantierSiteId;
    expect(await members('/api/users/me/company_sites', chantier)).toEqual([]);
    const [site] = await members('/api/users/me/company_sites_full', chantier);
    expect(site).toMatchObject({ id: siteId, hasFullAccess: false });
    expect(site?.companySiteEntities).toHaveLength(2);
    expect(
      Object.keys(site?.companySiteEntitiesData as object)
        .map(Number)
        .sort(),
    ).toEqual([...demo().chantierEntityIds].sort());

    const entities = await members(`/api/company_sites/${siteId}/company_site_entities`, chantier);
    expect(ids(entities).sort()).toEqual([...demo().chantierEntityIds].sort());
    expect(ids(await members('/api/company_site_entities?pagination=false', chantier))).not.toHaveLength(0);

    const hidden = await api.db.one<{ id: number }>(
      'select id from company_site_entities where company_site_id = $1 and not (id = any($2::int[])) limit 1',
      [siteId, demo().chantierEntityIds],
    );
    expect(
      (await get(api, `/api/company_sites/${siteId}/company_site_entities/${hidden.id}`, chantier))
        .statusCode,
    ).toBe(404);
    const visible = await get(
      api,
      `/api/company_sites/${siteId}/company_site_entities/${demo().chantierEntityIds[0]}`,
      chantier,
    );
    expect(visible.statusCode).toBe(200);
    expect(visible.json()).toMatchObject({
      '@context': '/api/contexts/CompanySiteEntity',
      id: demo().chantierEntityIds[0],
    });
  });
});

describe('collections through Hydra', () => {
  it('sorts names as a French reader does: É with the E, before U', async () => {
    const all = await members('/api/company_sites?order[name]=asc&pagination=false', retriever);
    const names = all.map((site) => (site as unknown as { name: string }).name);
    const firstLetters = names.map((name) => name.normalize('NFD').charAt(0).toUpperCase());
    expect(firstLetters).toEqual([...firstLetters].sort());
    expect(names.some((name) => name.startsWith('É'))).toBe(true);
  });

  it('paginates with views, orders by whitelisted fields and keeps filters in the links', async () => {
    const response = await get(
      api,
      '/api/company_sites?typology=producer&order[name]=desc&itemsPerPage=2&page=2',
      retriever,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<HydraCollectionBody>();
    const all = await members(
      '/api/company_sites?typology=producer&order[name]=desc&pagination=false',
      retriever,
    );
    expect(body['hydra:totalItems']).toBe(all.length);
    expect(ids(body['hydra:member'])).toEqual(ids(all.slice(2, 4)));
    // Accent- and case-folded first (as a French reader sorts), whatever the database's collation.
    const sorted = await api.db.query<{ id: number }>(
      'select id from company_sites where id = any($1::int[]) order by search_fold(name) desc, name desc, id',
      [ids(all)],
    );
    expect(ids(all)).toEqual(sorted.map((row) => row.id));
    expect(ids(all)).not.toEqual([...ids(all)].sort((a, b) => a - b));
    const view = body['hydra:view']!;
    expect(view['hydra:next']).toBe(
      '/api/company_sites?typology=producer&order%5Bname%5D=desc&itemsPerPage=2&page=3',
    );
    expect(view['hydra:previous']).toBe(
      '/api/company_sites?typology=producer&order%5Bname%5D=desc&itemsPerPage=2&page=1',
    );
    expect(view['hydra:last']).toBe(
      `/api/company_sites?typology=producer&order%5Bname%5D=desc&itemsPerPage=2&page=${Math.ceil(all.length / 2)}`,
    );
  });

  it('filters entities by site and dates for batching', async () => {
    const siteIds = sitesOf.get(demo().producerCompanyId)!.slice(0, 2);
    const query = siteIds.map((id) => `companySite[]=/api/company_sites/${id}`).join('&');
    const entities = await members(
      `/api/company_site_entities?${query}&order[name]=asc&pagination=false`,
      producer,
    );
    expect(entities).toHaveLength(6);
    const after = entities.map((e) => e.startDate as string).sort()[3]!;
    const recent = await members(
      `/api/company_site_entities?${query}&startDate[after]=${after}&pagination=false`,
      producer,
    );
    expect(recent.every((e) => (e.startDate as string) >= after)).toBe(true);
    expect(recent.length).toBeLessThan(6);
    expect((await get(api, '/api/company_site_entities?companySite[]=abc', producer)).statusCode).toBe(400);
  });

  it('lists the typology reference lists', async () => {
    for (const path of ['/api/site_typologies', '/api/user_typologies']) {
      const list = await members(path, producer);
      expect(list.map((t) => t.code)).toEqual(['producer', 'retriever', 'carrier']);
      expect(list[0]).toMatchObject({ '@id': `${path}/${list[0]?.id}`, label: 'Producteur' });
    }
  });

  it('needs a session', async () => {
    expect((await get(api, '/api/company_sites')).statusCode).toBe(401);
  });
});
