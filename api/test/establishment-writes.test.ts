import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  mergePatch,
  postJson,
  type Session,
  type TestApi,
} from './helpers.ts';

/** The writes of issue 3 (PATCH site, POST and PATCH entity): access decided by the policy, and validation. */

let api: TestApi;
let producer: Session;
let retriever: Session;
let carrier: Session;
let chantier: Session;
/** Site ids by company id. */
const sitesOf = new Map<number, number[]>();
let foreignSiteId: number;
let foreignEntityId: number;
let foreignCompanyId: number;
let providerSiteId: number;

const demo = () => api.demo!;

beforeAll(async () => {
  api = await createTestApi();
  [producer, retriever, carrier, chantier] = await Promise.all([
    login(api, 'producteur@demo.fr'),
    login(api, 'prestataire@demo.fr'),
    login(api, 'transporteur@demo.fr'),
    login(api, 'chantier@demo.fr'),
  ]);
  const sites = await api.db.query<{ id: number; companyId: number }>(
    'select id, company_id as "companyId" from company_sites order by id',
  );
  for (const site of sites) sitesOf.set(site.companyId, [...(sitesOf.get(site.companyId) ?? []), site.id]);
  const foreign = await api.db.one<{ siteId: number; entityId: number; companyId: number }>(
    `select cs.id as "siteId", e.id as "entityId", cs.company_id as "companyId"
     from company_sites cs join company_site_entities e on e.company_site_id = cs.id
     where cs.company_id not in ($1, $2, $3) order by cs.id, e.id limit 1`,
    [demo().producerCompanyId, demo().retrieverCompanyId, demo().carrierCompanyId],
  );
  foreignSiteId = foreign.siteId;
  foreignEntityId = foreign.entityId;
  foreignCompanyId = foreign.companyId;
  const provider = await api.db.one<{ id: number }>(
    `select l.retriever_site_id as id from site_links l
     join company_sites cs on cs.id = l.retriever_site_id and cs.company_id = $2
     where l.producer_site_id = $1 limit 1`,
    [ownSite(), demo().retrieverCompanyId],
  );
  providerSiteId = provider.id;
});
afterAll(() => api.close());

const ownSite = (index = 0) => sitesOf.get(demo().producerCompanyId)![index]!;
const entitiesUrl = (siteId: number) => `/api/company_sites/${siteId}/company_site_entities`;
const entityUrl = (siteId: number, entityId: number) => `${entitiesUrl(siteId)}/${entityId}`;

/** Every row a write of issue 3 could touch, to prove that a refusal changed nothing. */
async function snapshot() {
  const [sites, entities, companies] = await Promise.all([
    api.db.query('select * from company_sites order by id'),
    api.db.query('select * from company_site_entities order by id'),
    api.db.query('select * from companies order by id'),
  ]);
  return { sites, entities, companies };
}

async function siteRow(siteId: number) {
  return api.db.one<Record<string, unknown>>(
    'select name, address, city, postcode, department, siret from company_sites where id = $1',
    [siteId],
  );
}

async function entityRow(entityId: number) {
  return api.db.maybeOne<Record<string, unknown>>(
    `select company_site_id as "siteId", name, start_date::text as "startDate", end_date::text as "endDate",
            address from company_site_entities where id = $1`,
    [entityId],
  );
}

async function firstEntityOf(siteId: number): Promise<number> {
  const row = await api.db.one<{ id: number }>(
    'select id from company_site_entities where company_site_id = $1 order by id limit 1',
    [siteId],
  );
  return row.id;
}

function expectRefused(response: { statusCode: number; json: () => unknown }, status: 403 | 404) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({
    status,
    title: status === 403 ? messages.forbidden : messages.notFound,
  });
}

function expectViolations(
  response: { statusCode: number; body: string; json: () => unknown },
  violations: { propertyPath: string; message: string }[],
) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { violations: { propertyPath: string; message: string }[] };
  expect(body.violations.map(({ propertyPath, message }) => ({ propertyPath, message }))).toEqual(violations);
}

describe('PATCH /api/company_sites/{id}', () => {
  it('updates the profile of an own site, as a merge-patch, and keeps the department with the postcode', async () => {
    const siteId = ownSite(1);
    const before = await siteRow(siteId);
    const response = await mergePatch(api, `/api/company_sites/${siteId}`, producer, {
      name: '  Usine de Bastia  ',
      city: 'Bastia',
      postcode: '20200',
      address: '',
      unknownField: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/ld+json');
    expect(response.json()).toMatchObject({
      '@context': '/api/contexts/CompanySite',
      '@id': `/api/company_sites/${siteId}`,
      name: 'Usine de Bastia',
      city: 'Bastia',
      postcode: '20200',
      department: '2B',
      address: null,
      siret: before.siret,
      hasFullAccess: true,
      entityCount: 3,
    });
    expect(await siteRow(siteId)).toEqual({
      ...before,
      name: 'Usine de Bastia',
      city: 'Bastia',
      postcode: '20200',
      department: '2B',
      address: null,
    });
    // The search column follows the write.
    const found = await get(api, '/api/company_sites?q=bastia', producer);
    expect(found.json<HydraCollectionBody>()['hydra:member'].map((site) => site.id)).toEqual([siteId]);

    // Without a new postcode, a stored department stays (a commune served by a neighbouring post office).
    await api.db.query(`update company_sites set department = '2A' where id = $1`, [siteId]);
    const siret = await mergePatch(api, `/api/company_sites/${siteId}`, producer, {
      siret: '73282932000074',
    });
    expect(siret.statusCode).toBe(200);
    expect(await siteRow(siteId)).toMatchObject({
      name: 'Usine de Bastia',
      siret: '73282932000074',
      department: '2A',
    });
  });

  it('lets a retriever edit its own establishment', async () => {
    const siteId = sitesOf.get(demo().retrieverCompanyId)![0]!;
    const response = await mergePatch(api, `/api/company_sites/${siteId}`, retriever, { city: 'Vénissieux' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await siteRow(siteId)).city).toBe('Vénissieux');
  });

  it('gives the SIRET messages of SPEC 5 and stores nothing', async () => {
    const siteId = ownSite(2);
    const before = await snapshot();
    const cases: [unknown, string][] = [
      ['7328293200007A', messages.siretDigitsOnly],
      ['abcdefghijklmn', messages.siretDigitsOnly],
      ['732 829 320 00074', messages.siretDigitsOnly],
      ['7328293200007', messages.siretTooShort],
      ['', messages.siretTooShort],
      ['1'.repeat(51), messages.siretTooLong],
      [null, messages.required],
    ];
    for (const [siret, message] of cases) {
      const response = await mergePatch(api, `/api/company_sites/${siteId}`, producer, { siret });
      expectViolations(response, [{ propertyPath: 'siret', message }]);
    }
    const fifty = await mergePatch(api, `/api/company_sites/${siteId}`, producer, { siret: '1'.repeat(50) });
    expect(fifty.statusCode).toBe(200);
    const after = await snapshot();
    expect(after.sites.find((site) => (site as { id: number }).id === siteId)).toMatchObject({
      siret: '1'.repeat(50),
    });
    expect(after.entities).toEqual(before.entities);
  });

  it('checks name, city and postcode, reporting every violation of the merged result', async () => {
    const siteId = ownSite(2);
    const before = await snapshot();
    expectViolations(await mergePatch(api, `/api/company_sites/${siteId}`, producer, { postcode: '6900' }), [
      { propertyPath: 'postcode', message: messages.postcodeFormat },
    ]);
    expectViolations(await mergePatch(api, `/api/company_sites/${siteId}`, producer, { postcode: '69OO7' }), [
      { propertyPath: 'postcode', message: messages.postcodeFormat },
    ]);
    expectViolations(
      await mergePatch(api, `/api/company_sites/${siteId}`, producer, {
        name: '   ',
        city: null,
        siret: '12',
      }),
      [
        { propertyPath: 'name', message: messages.required },
        { propertyPath: 'city', message: messages.required },
        { propertyPath: 'siret', message: messages.siretTooShort },
      ],
    );
    expectViolations(
      await mergePatch(api, `/api/company_sites/${siteId}`, producer, { name: 'x'.repeat(256) }),
      [{ propertyPath: 'name', message: messages.maxLength(255) }],
    );
    // Not a string: French too.
    const typed = await mergePatch(api, `/api/company_sites/${siteId}`, producer, { address: 12 });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().violations[0].message).toMatch(/^Entrée invalide/);
    expect(await snapshot()).toEqual(before);
  });

  it('wants a merge-patch JSON object', async () => {
    const siteId = ownSite(2);
    const before = await snapshot();
    const asJson = await api.app.inject({
      method: 'PATCH',
      url: `/api/company_sites/${siteId}`,
      headers: { authorization: `Bearer ${producer.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ignoré' }),
    });
    expect(asJson.statusCode).toBe(415);
    expect((await mergePatch(api, `/api/company_sites/${siteId}`, producer, ['name'])).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/company_sites/{id}/company_site_entities', () => {
  it('adds a chantier to an own site', async () => {
    const siteId = ownSite();
    const response = await postJson(api, entitiesUrl(siteId), producer, {
      name: 'Chantier Part-Dieu',
      startDate: '2026-03-02',
      address: ' 5 place Charles Béraudier, 69003 Lyon ',
      id: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      '@context': '/api/contexts/CompanySiteEntity',
      '@type': 'CompanySiteEntity',
      name: 'Chantier Part-Dieu',
      companySite: `/api/company_sites/${siteId}`,
      startDate: '2026-03-02',
      endDate: null,
      address: '5 place Charles Béraudier, 69003 Lyon',
    });
    expect(created.id).not.toBe(1);
    expect(response.headers.location).toBe(entityUrl(siteId, created.id));
    expect(await entityRow(created.id)).toEqual({
      siteId,
      name: 'Chantier Part-Dieu',
      startDate: '2026-03-02',
      endDate: null,
      address: '5 place Charles Béraudier, 69003 Lyon',
    });
    const site = (await get(api, `/api/company_sites/${siteId}`, producer)).json();
    expect(site.entityCount).toBe(4);
    expect(site.companySiteEntitiesData[String(created.id)]).toEqual({ name: 'Chantier Part-Dieu' });
  });

  it('refuses an end before the start, invalid dates and a missing name, storing nothing', async () => {
    const siteId = ownSite();
    const before = await snapshot();
    const post = (body: unknown) => postJson(api, entitiesUrl(siteId), producer, body);
    expectViolations(await post({ name: 'Chantier', startDate: '2026-03-10', endDate: '2026-03-09' }), [
      { propertyPath: 'endDate', message: messages.endBeforeStart },
    ]);
    for (const startDate of ['2026-02-30', '02/03/2026', '2026-3-2', '2026-13-01', '']) {
      const response = await post({ name: 'Chantier', startDate });
      expect(response.statusCode, startDate).toBe(422);
      expect(response.json().violations[0], startDate).toMatchObject({
        propertyPath: 'startDate',
        message: messages.dateFormat,
      });
    }
    // The format is reported once. (The domain's rule also compares the malformed end with the start.)
    const badEnd = await post({ name: 'Chantier', startDate: '2026-03-10', endDate: '10/03/2027' });
    expect(badEnd.statusCode).toBe(422);
    expect(
      badEnd.json().violations.filter((v: { message: string }) => v.message === messages.dateFormat),
    ).toEqual([{ propertyPath: 'endDate', message: messages.dateFormat, code: 'invalid_format' }]);
    expectViolations(await post({ startDate: '2026-03-10' }), [
      { propertyPath: 'name', message: messages.required },
    ]);
    expectViolations(await post({ name: 'Chantier' }), [
      { propertyPath: 'startDate', message: messages.required },
    ]);
    expect((await post([])).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const sameDay = await post({ name: 'Chantier du jour', startDate: '2026-03-10', endDate: '2026-03-10' });
    expect(sameDay.statusCode).toBe(201);
  });
});

describe('PATCH /api/company_sites/{id}/company_site_entities/{entityId}', () => {
  it('validates the merged chantier: a new end before the stored start, a new start after the stored end', async () => {
    const siteId = ownSite();
    const created = await postJson(api, entitiesUrl(siteId), producer, {
      name: 'Chantier Confluence',
      startDate: '2026-01-10',
      endDate: '2026-06-30',
    });
    const entityId = created.json().id as number;
    const url = entityUrl(siteId, entityId);
    const before = await entityRow(entityId);
    expectViolations(await mergePatch(api, url, producer, { endDate: '2026-01-09' }), [
      { propertyPath: 'endDate', message: messages.endBeforeStart },
    ]);
    expectViolations(await mergePatch(api, url, producer, { startDate: '2026-07-01' }), [
      { propertyPath: 'endDate', message: messages.endBeforeStart },
    ]);
    expectViolations(await mergePatch(api, url, producer, { name: null }), [
      { propertyPath: 'name', message: messages.required },
    ]);
    expect(await entityRow(entityId)).toEqual(before);

    const cleared = await mergePatch(api, url, producer, { endDate: null, name: 'Chantier Confluence Sud' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ id: entityId, name: 'Chantier Confluence Sud', endDate: null });
    const moved = await mergePatch(api, url, producer, {
      startDate: '2026-07-01',
      address: '1 cours Charlemagne',
    });
    expect(moved.statusCode).toBe(200);
    expect(await entityRow(entityId)).toEqual({
      siteId,
      name: 'Chantier Confluence Sud',
      startDate: '2026-07-01',
      endDate: null,
      address: '1 cours Charlemagne',
    });
  });
});

describe('access to writes, directly against the REST API: refused, and nothing changes', () => {
  it("refuses another company's site, entity and company, read or changed, by id or IRI (404)", async () => {
    const before = await snapshot();
    const foreignEntity = entityUrl(foreignSiteId, foreignEntityId);
    expectRefused(await get(api, `/api/company_sites/${foreignSiteId}`, producer), 404);
    expectRefused(await get(api, foreignEntity, producer), 404);
    expectRefused(await get(api, `/api/companies/${foreignCompanyId}`, producer), 404);
    expectRefused(
      await mergePatch(api, `/api/company_sites/${foreignSiteId}`, producer, { name: 'Volé' }),
      404,
    );
    expectRefused(
      await mergePatch(api, `/api/company_sites/${foreignSiteId}`, producer, { siret: 'abc' }),
      404,
    );
    expectRefused(
      await postJson(api, entitiesUrl(foreignSiteId), producer, { name: 'Intrus', startDate: '2026-03-02' }),
      404,
    );
    expectRefused(await mergePatch(api, foreignEntity, producer, { name: 'Volé' }), 404);
    // The foreign entity through one of my own sites' paths.
    expectRefused(
      await mergePatch(api, entityUrl(ownSite(), foreignEntityId), producer, { name: 'Volé' }),
      404,
    );
    // An own entity through a foreign site's path.
    const ownEntity = await firstEntityOf(ownSite());
    expectRefused(
      await mergePatch(api, entityUrl(foreignSiteId, ownEntity), producer, { name: 'Volé' }),
      404,
    );
    expect(
      (await mergePatch(api, `/api/companies/${foreignCompanyId}`, producer, { name: 'Volé' })).statusCode,
    ).toBe(404);
    expect((await mergePatch(api, `/api/company_sites/999999`, producer, { name: 'Rien' })).statusCode).toBe(
      404,
    );

    const byIri = async (url: string) =>
      (await get(api, url, producer)).json<HydraCollectionBody>()['hydra:member'];
    expect(await byIri(`/api/company_sites?id[]=/api/company_sites/${foreignSiteId}`)).toEqual([]);
    expect(await byIri(`/api/users/me/company_sites_full?id[]=/api/company_sites/${foreignSiteId}`)).toEqual(
      [],
    );
    expect(await byIri(`/api/company_site_entities?id[]=${foreignEntity}`)).toEqual([]);
    expect(
      await byIri(`/api/company_site_entities?companySite[]=/api/company_sites/${foreignSiteId}`),
    ).toEqual([]);
    expect(await byIri(`/api/companies?id[]=/api/companies/${foreignCompanyId}`)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("lets a producer read its providers' sites and their chantiers but not change them (403)", async () => {
    // A chantier on the provider's side: the producer may edit chantiers, but not this one.
    const providerEntity = await api.db.one<{ id: number }>(
      `insert into company_site_entities (company_site_id, name, start_date) values ($1, 'Plateforme de tri', '2025-01-06')
       returning id`,
      [providerSiteId],
    );
    const before = await snapshot();
    expect((await get(api, `/api/company_sites/${providerSiteId}`, producer)).json()).toMatchObject({
      hasFullAccess: false,
      entityCount: 1,
    });
    expect((await get(api, entityUrl(providerSiteId, providerEntity.id), producer)).statusCode).toBe(200);
    expectRefused(
      await mergePatch(api, entityUrl(providerSiteId, providerEntity.id), producer, { name: 'Volé' }),
      403,
    );
    expectRefused(
      await mergePatch(api, `/api/company_sites/${providerSiteId}`, producer, { name: 'Volé' }),
      403,
    );
    expectRefused(
      await postJson(api, entitiesUrl(providerSiteId), producer, { name: 'Intrus', startDate: '2026-03-02' }),
      403,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lets a retriever read the producer sites linked to it, with their chantiers, but not change them', async () => {
    const before = await snapshot();
    const clientSite = ownSite();
    const clientEntity = await firstEntityOf(clientSite);
    expect((await get(api, `/api/company_sites/${clientSite}`, retriever)).statusCode).toBe(200);
    expect((await get(api, entityUrl(clientSite, clientEntity), retriever)).statusCode).toBe(200);
    expectRefused(
      await mergePatch(api, `/api/company_sites/${clientSite}`, retriever, { name: 'Volé' }),
      403,
    );
    // Invalid bodies do not tell a forbidden caller anything about validation.
    expectRefused(
      await mergePatch(api, `/api/company_sites/${clientSite}`, retriever, { siret: 'abc' }),
      403,
    );
    expectRefused(
      await postJson(api, entitiesUrl(clientSite), retriever, { name: 'Intrus', startDate: '2026-03-02' }),
      403,
    );
    expectRefused(
      await mergePatch(api, entityUrl(clientSite, clientEntity), retriever, { name: 'Volé' }),
      403,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a carrier the profile of its own site: it has no site:update permission', async () => {
    const before = await snapshot();
    const carrierSite = sitesOf.get(demo().carrierCompanyId)![0]!;
    expectRefused(
      await mergePatch(api, `/api/company_sites/${carrierSite}`, carrier, { name: 'Dépôt' }),
      403,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('lets a limited-entity user change nothing of its establishment: not the site, nor a chantier, even its own', async () => {
    const siteId = demo().chantierSiteId;
    const [mine, alsoMine] = demo().chantierEntityIds;
    const visible = await get(api, entitiesUrl(siteId), chantier);
    expect(
      visible
        .json<HydraCollectionBody>()
        ['hydra:member'].map((entity) => entity.id)
        .sort(),
    ).toEqual([mine, alsoMine].sort());
    const hidden = await api.db.one<{ id: number }>(
      'select id from company_site_entities where company_site_id = $1 and not (id = any($2::int[])) limit 1',
      [siteId, demo().chantierEntityIds],
    );

    const before = await snapshot();
    expectRefused(await mergePatch(api, `/api/company_sites/${siteId}`, chantier, { name: 'Volé' }), 403);
    expectRefused(
      await postJson(api, entitiesUrl(siteId), chantier, { name: 'Nouveau', startDate: '2026-03-02' }),
      403,
    );
    expectRefused(await mergePatch(api, entityUrl(siteId, hidden.id), chantier, { name: 'Volé' }), 404);
    // SPEC 6: access limited to its chantiers, without full access; it consults them, the establishment's
    // full-access users define them.
    for (const entityId of [mine!, alsoMine!]) {
      expectRefused(
        await mergePatch(api, entityUrl(siteId, entityId), chantier, { name: 'Mon chantier' }),
        403,
      );
      expectRefused(
        await mergePatch(api, entityUrl(siteId, entityId), chantier, { endDate: '2026-12-31' }),
        403,
      );
    }
    expect(await snapshot()).toEqual(before);

    // The producer, with full access, changes them.
    const edited = await mergePatch(api, entityUrl(siteId, mine!), producer, { name: 'Chantier renommé' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await entityRow(mine!)).toMatchObject({ name: 'Chantier renommé' });
  });

  it('needs a session', async () => {
    const before = await snapshot();
    const response = await api.app.inject({
      method: 'PATCH',
      url: `/api/company_sites/${ownSite()}`,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ name: 'Anonyme' }),
    });
    expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
