import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  mergePatch,
  postJson,
  type TestApi,
} from './helpers.ts';
import {
  del,
  expectProblem,
  expectViolations,
  loadSkipWorld,
  type SkipWorld,
  skipTables,
} from './skip-fixtures.ts';

/** Containers through the api: visibility, creation, validation, the provider's completion, archive, delete. */

let api: TestApi;
let w: SkipWorld;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

type SkipBody = Record<string, unknown> & { id: number; '@id': string };

const waste = (code: string) => w.wastes.get(code)!;
const skipType = (code: string) => w.skipTypes.get(code)!;
const site = (id: number) => `/api/company_sites/${id}`;

/** A complete hazardous container of the demo producer, provided by the demo provider. */
const hazardousBody = () => ({
  name: 'Fûts huiles atelier 3',
  companySite: site(w.ownSiteIds[0]!),
  skipType: `/api/skip_types/${skipType('FUT_200').id}`,
  thirdLevelWaste: `/api/third_level_wastes/${waste('HUILES_MOTEUR').id}`,
  provider: site(w.providerSiteId),
  plannedTreatmentCode: 'R 9',
  estimatedFullQuantity: '0,72',
  packageCount: 4,
  dangerous: true,
  consistency: 'LIQUID',
  capNumber: 'CAP-2026-00042',
  adrMention: "Non soumis à l'ADR",
  providerReceiptValidity: '2027-12-31',
});

async function createSkip(body: Record<string, unknown>, session = w.producer): Promise<SkipBody> {
  const response = await postJson(api, '/api/skips', session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SkipBody>();
}

async function skipRow(id: number) {
  return api.db.maybeOne<Record<string, unknown>>('select * from skips where id = $1', [id]);
}

describe('GET /api/skips', () => {
  const listIds = async (url: string, session = w.producer) => {
    const response = await get(api, url, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HydraCollectionBody<SkipBody>>()['hydra:member'].map((skip) => skip.id);
  };
  const skipIdsWhere = async (condition: string, params: unknown[]) =>
    (await api.db.query<{ id: number }>(`select id from skips s where ${condition} order by id`, params)).map(
      (row) => row.id,
    );

  it('shows the producer the containers of its sites, with every field of the contract', async () => {
    const expected = await skipIdsWhere('s.company_site_id = any($1::int[])', [w.ownSiteIds]);
    expect(expected.length).toBe(18);
    expect((await listIds('/api/skips?pagination=false')).sort((a, b) => a - b)).toEqual(expected);
    const response = await get(api, `/api/skips/${expected[0]}`, w.producer);
    expect(response.headers['content-type']).toContain('application/ld+json');
    const skip = response.json<SkipBody>();
    expect(Object.keys(skip)).toEqual([
      '@context',
      '@id',
      '@type',
      'id',
      'name',
      'companySite',
      'companySiteEntity',
      'skipType',
      'unit',
      'volume',
      'firstLevelWaste',
      'secondLevelWaste',
      'thirdLevelWaste',
      'provider',
      'ecoOrganisation',
      'plannedTreatmentCode',
      'fillingLevel',
      'estimatedFullQuantity',
      'quantityEstimated',
      'packageCount',
      'dangerous',
      'persistentOrganicPollutants',
      'consistency',
      'wasteCode',
      'providerReceiptNumber',
      'providerReceiptValidity',
      'capNumber',
      'adrMention',
      'adrNumber',
      'state',
      'plannedWork',
      'missingForRotation',
      'version',
      'createdAt',
      'updatedAt',
    ]);
    expect(skip).toMatchObject({ '@type': 'Skip', '@context': '/api/contexts/Skip' });
    expect(skip.volume).toMatch(/^\d+\.\d{3}$/);
  });

  it('shows a provider only the containers it provides, and the carrier none', async () => {
    const provided = await skipIdsWhere(
      's.provider_site_id in (select id from company_sites where company_id = $1)',
      [api.demo!.retrieverCompanyId],
    );
    expect(provided.length).toBeGreaterThan(0);
    expect((await listIds('/api/skips?pagination=false', w.retriever)).sort((a, b) => a - b)).toEqual(
      provided,
    );
    expect(await listIds('/api/skips?pagination=false', w.carrier)).toEqual([]);
  });

  it('shows a limited-entity user only the containers of their chantiers', async () => {
    const expected = await skipIdsWhere('s.company_site_entity_id = any($1::int[])', [w.chantierEntityIds]);
    expect(expected.length).toBeGreaterThan(0);
    expect((await listIds('/api/skips?pagination=false', w.chantier)).sort((a, b) => a - b)).toEqual(
      expected,
    );
    const other = await skipIdsWhere('s.company_site_id = $1 and s.company_site_entity_id is null', [
      w.chantierSiteId,
    ]);
    expectProblem(await get(api, `/api/skips/${other[0]}`, w.chantier), 404, messages.notFound);
  });

  it('filters by site, chantier, provider, state, danger and name, and orders', async () => {
    const ownSite = w.ownSiteIds[0]!;
    expect((await listIds(`/api/skips?pagination=false&companySite[]=${site(ownSite)}`)).sort()).toEqual(
      (await skipIdsWhere('s.company_site_id = $1', [ownSite])).sort(),
    );
    expect(await listIds('/api/skips?pagination=false&state[]=ARCHIVED')).toEqual(
      await skipIdsWhere(`s.company_site_id = any($1::int[]) and s.state = 'ARCHIVED'`, [w.ownSiteIds]),
    );
    expect(await listIds('/api/skips?pagination=false&dangerous=true')).toEqual(
      await skipIdsWhere('s.company_site_id = any($1::int[]) and s.dangerous', [w.ownSiteIds]),
    );
    expect(await listIds(`/api/skips?pagination=false&provider[]=${w.providerSiteId}`)).toEqual(
      await skipIdsWhere('s.company_site_id = any($1::int[]) and s.provider_site_id = $2', [
        w.ownSiteIds,
        w.providerSiteId,
      ]),
    );
    const entity = w.chantierEntityIds[0]!;
    expect(
      await listIds(
        `/api/skips?pagination=false&companySiteEntity[]=/api/company_sites/${w.chantierSiteId}/company_site_entities/${entity}`,
      ),
    ).toEqual(await skipIdsWhere('s.company_site_entity_id = $1', [entity]));
    const names = (await get(api, '/api/skips?pagination=false&q=BENNE&order[name]=desc', w.producer)).json<
      HydraCollectionBody<SkipBody>
    >()['hydra:member'];
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((skip) => String(skip.name).startsWith('Benne'))).toBe(true);
    const sorted = names.map((skip) => String(skip.name));
    expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expectProblem(await get(api, '/api/skips?state[]=LOST', w.producer), 400);
    expectProblem(await get(api, '/api/skips?dangerous=maybe', w.producer), 400);
  });

  it("never shows another company's container, by id or by IRI", async () => {
    expectProblem(await get(api, `/api/skips/${w.foreignSkipId}`, w.producer), 404, messages.notFound);
    expect(await listIds(`/api/skips?id[]=/api/skips/${w.foreignSkipId}`)).toEqual([]);
    expect(await listIds(`/api/skips?companySite[]=${site(w.foreignSiteId)}`)).toEqual([]);
  });
});

describe('POST /api/skips', () => {
  it('creates a hazardous container, filling what the choices imply', async () => {
    const skip = await createSkip(hazardousBody());
    expect(skip).toMatchObject({
      name: 'Fûts huiles atelier 3',
      companySite: site(w.ownSiteIds[0]!),
      companySiteEntity: null,
      // The skip type brings its unit and volume; the waste its flow, family and default code.
      skipType: `/api/skip_types/${skipType('FUT_200').id}`,
      unit: 'L',
      volume: '200.000',
      firstLevelWaste: `/api/first_level_wastes/${waste('HUILES_MOTEUR').first}`,
      secondLevelWaste: `/api/second_level_wastes/${waste('HUILES_MOTEUR').second}`,
      wasteCode: '13 02 05*',
      estimatedFullQuantity: '0.720',
      packageCount: 4,
      dangerous: true,
      persistentOrganicPollutants: false,
      consistency: 'LIQUID',
      providerReceiptValidity: '2027-12-31',
      state: 'AVAILABLE',
      plannedWork: null,
      missingForRotation: [],
      version: 1,
    });
    expect(skip['@id']).toBe(`/api/skips/${skip.id}`);
    expect(await skipRow(skip.id)).toMatchObject({ waste_code: '13 02 05*', dangerous: true });
  });

  it('lists the mandatory fields still missing, with the hazardous extras of a dangerous container', async () => {
    const skip = await createSkip({ name: 'Fût à compléter', companySite: w.ownSiteIds[0], dangerous: true });
    expect(skip.missingForRotation).toEqual([
      'skipType',
      'volume',
      'unit',
      'firstLevelWaste',
      'secondLevelWaste',
      'thirdLevelWaste',
      'provider',
      'plannedTreatmentCode',
      'estimatedFullQuantity',
      'consistency',
      'wasteCode',
      'capNumber',
      'adrMention',
    ]);
  });

  it('refuses bad input with French messages and stores nothing', async () => {
    const before = await skipTables(api);
    const cases: [Record<string, unknown>, { propertyPath: string; message: string }[]][] = [
      [{ wasteCode: '99 99 99*' }, [{ propertyPath: 'wasteCode', message: messages.unknownWasteCode }]],
      [
        { wasteCode: '15 01 01' },
        [{ propertyPath: 'wasteCode', message: messages.dangerousSkipNeedsHazardousCode }],
      ],
      [
        { dangerous: false, wasteCode: '13 02 05*' },
        [{ propertyPath: 'wasteCode', message: messages.hazardousCodeNeedsDangerousSkip }],
      ],
      [{ volume: '-5' }, [{ propertyPath: 'volume', message: messages.positiveValue }]],
      [{ volume: '1.2345' }, [{ propertyPath: 'volume', message: messages.decimals(3) }]],
      [
        { estimatedFullQuantity: 'lourd' },
        [{ propertyPath: 'estimatedFullQuantity', message: messages.quantityFormat }],
      ],
      [{ packageCount: -1 }, [{ propertyPath: 'packageCount', message: messages.positiveInteger }]],
      [
        { skipType: '/api/skip_types/9999' },
        [{ propertyPath: 'skipType', message: messages.unknownSkipType }],
      ],
      // An IRI of another resource names no skip type, even if the id exists.
      [
        { skipType: `/api/company_sites/${skipType('BENNE_15').id}` },
        [{ propertyPath: 'skipType', message: messages.unknownSkipType }],
      ],
      [
        { plannedTreatmentCode: 'R 14' },
        [{ propertyPath: 'plannedTreatmentCode', message: messages.unknownTreatmentCode }],
      ],
      [
        { plannedTreatmentCode: 'recyclage' },
        [{ propertyPath: 'plannedTreatmentCode', message: messages.unknownTreatmentCode }],
      ],
      [
        { provider: site(w.foreignSiteId) },
        [{ propertyPath: 'provider', message: messages.providerNotLinked }],
      ],
      [
        { provider: site(w.carrierSiteId) },
        [{ propertyPath: 'provider', message: messages.providerNotLinked }],
      ],
      [
        {
          companySiteEntity: `/api/company_sites/${w.ownSiteIds[1]}/company_site_entities/${w.entityOfOtherSite}`,
        },
        [{ propertyPath: 'companySiteEntity', message: messages.entityNotOfSite }],
      ],
      [
        {
          secondLevelWaste: `/api/second_level_wastes/${waste('EMBALLAGES_CARTON').second}`,
          thirdLevelWaste: `/api/third_level_wastes/${waste('HUILES_MOTEUR').id}`,
        },
        [{ propertyPath: 'thirdLevelWaste', message: messages.wasteLevelMismatch }],
      ],
      [
        { thirdLevelWaste: '/api/third_level_wastes/9999' },
        [{ propertyPath: 'thirdLevelWaste', message: messages.unknownWasteType }],
      ],
      [{ consistency: 'PLASMA' }, [{ propertyPath: 'consistency', message: messages.unknownChoice }]],
      [
        { providerReceiptValidity: '2027-02-30' },
        [{ propertyPath: 'providerReceiptValidity', message: messages.dateFormat }],
      ],
      [{ name: '  ' }, [{ propertyPath: 'name', message: messages.required }]],
      [
        { volume: '-5', skipType: '/api/skip_types/9999' },
        // Field rules first; the references are checked once the fields are well formed.
        [{ propertyPath: 'volume', message: messages.positiveValue }],
      ],
    ];
    for (const [change, violations] of cases) {
      expectViolations(
        await postJson(api, '/api/skips', w.producer, { ...hazardousBody(), ...change }),
        violations,
      );
    }
    expectViolations(await postJson(api, '/api/skips', w.producer, { name: 'Sans site' }), [
      { propertyPath: 'companySite', message: messages.required },
    ]);
    expectProblem(await postJson(api, '/api/skips', w.producer, ['not', 'an', 'object']), 400);
    expect(await skipTables(api)).toEqual(before);
  });

  it("refuses a container on another company's site (404) or on a provider's site it sees (403)", async () => {
    const before = await skipTables(api);
    for (const companySite of [w.foreignSiteId, site(w.foreignSiteId)]) {
      expectProblem(
        await postJson(api, '/api/skips', w.producer, { ...hazardousBody(), companySite, provider: null }),
        404,
        messages.notFound,
      );
    }
    expectProblem(
      await postJson(api, '/api/skips', w.producer, {
        name: 'Chez le prestataire',
        companySite: w.providerSiteId,
      }),
      403,
      messages.forbidden,
    );
    // A provider completes containers, it does not create them, even for its clients.
    expectProblem(
      await postJson(api, '/api/skips', w.retriever, { name: 'Benne', companySite: w.ownSiteIds[0] }),
      403,
      messages.forbidden,
    );
    expect(await skipTables(api)).toEqual(before);
  });

  it('lets a limited-entity user create containers on their own chantiers only', async () => {
    const entityIri = (id: number) => `/api/company_sites/${w.chantierSiteId}/company_site_entities/${id}`;
    const skip = await createSkip(
      {
        name: 'Big bag chantier',
        companySite: w.chantierSiteId,
        companySiteEntity: entityIri(w.chantierEntityIds[0]!),
      },
      w.chantier,
    );
    expect(skip.companySiteEntity).toBe(entityIri(w.chantierEntityIds[0]!));
    const before = await skipTables(api);
    for (const companySiteEntity of [null, entityIri(w.otherEntityId)]) {
      expectProblem(
        await postJson(api, '/api/skips', w.chantier, {
          name: 'Ailleurs',
          companySite: w.chantierSiteId,
          companySiteEntity,
        }),
        403,
        messages.forbidden,
      );
    }
    expect(await skipTables(api)).toEqual(before);
  });
});

describe('PATCH /api/skips/{id}', () => {
  it('applies a merge-patch: absent fields untouched, null clears, the version moves on', async () => {
    const created = await createSkip(hazardousBody());
    const response = await mergePatch(api, `/api/skips/${created.id}`, w.producer, {
      name: 'Fûts huiles quai 1',
      capNumber: null,
      fillingLevel: 'HALF',
      unknownField: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(200);
    const skip = response.json<SkipBody>();
    expect(skip).toMatchObject({
      name: 'Fûts huiles quai 1',
      capNumber: null,
      fillingLevel: 'HALF',
      wasteCode: '13 02 05*',
      plannedTreatmentCode: 'R 9',
      missingForRotation: ['capNumber'],
      version: 2,
    });
    // Nothing to change: the container and its version stay.
    const same = await mergePatch(api, `/api/skips/${created.id}`, w.producer, {
      name: 'Fûts huiles quai 1',
      volume: '200',
    });
    expect(same.json<SkipBody>().version).toBe(2);
  });

  it('changes the waste with its flow, family and default code, and the type with its volume', async () => {
    const created = await createSkip({
      name: 'Benne à réaffecter',
      companySite: w.ownSiteIds[0],
      skipType: skipType('BENNE_30').id,
      thirdLevelWaste: waste('PALETTES_BOIS').id,
    });
    expect(created).toMatchObject({ volume: '30.000', unit: 'm3', wasteCode: '15 01 03' });
    const response = await mergePatch(api, `/api/skips/${created.id}`, w.producer, {
      thirdLevelWaste: `/api/third_level_wastes/${waste('FERRAILLE').id}`,
      skipType: `/api/skip_types/${skipType('BENNE_15').id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      secondLevelWaste: `/api/second_level_wastes/${waste('FERRAILLE').second}`,
      firstLevelWaste: `/api/first_level_wastes/${waste('FERRAILLE').first}`,
      wasteCode: '17 04 05',
      volume: '15.000',
    });
  });

  it('refuses a write based on an old version (409) and stores nothing', async () => {
    const created = await createSkip(hazardousBody());
    expect(
      (await mergePatch(api, `/api/skips/${created.id}`, w.producer, { name: 'Un', version: 1 })).statusCode,
    ).toBe(200);
    const before = await skipTables(api);
    const stale = await mergePatch(api, `/api/skips/${created.id}`, w.producer, { name: 'Deux', version: 1 });
    expectProblem(stale, 409, messages.concurrentModification);
    expect(await skipTables(api)).toEqual(before);
  });

  it('validates the merged container with the same rules and stores nothing on a refusal', async () => {
    const created = await createSkip(hazardousBody());
    const before = await skipTables(api);
    expectViolations(await mergePatch(api, `/api/skips/${created.id}`, w.producer, { dangerous: false }), [
      { propertyPath: 'wasteCode', message: messages.hazardousCodeNeedsDangerousSkip },
    ]);
    expectViolations(await mergePatch(api, `/api/skips/${created.id}`, w.producer, { volume: '-1' }), [
      { propertyPath: 'volume', message: messages.positiveValue },
    ]);
    expectViolations(
      await mergePatch(api, `/api/skips/${created.id}`, w.producer, { wasteCode: '16 01 03' }),
      [{ propertyPath: 'wasteCode', message: messages.dangerousSkipNeedsHazardousCode }],
    );
    expectViolations(await mergePatch(api, `/api/skips/${created.id}`, w.producer, { skipType: 'benne' }), [
      { propertyPath: 'skipType', message: messages.unknownSkipType },
    ]);
    expect(await skipTables(api)).toEqual(before);
  });

  it('lets the provider complete its fields only', async () => {
    const created = await createSkip({ ...hazardousBody(), capNumber: null, plannedTreatmentCode: null });
    const response = await mergePatch(api, `/api/skips/${created.id}`, w.retriever, {
      capNumber: 'CAP-2026-77777',
      plannedTreatmentCode: 'R9',
      providerReceiptNumber: '2025/R/69/0042',
      adrNumber: 'UN 1202',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      capNumber: 'CAP-2026-77777',
      plannedTreatmentCode: 'R 9',
      missingForRotation: [],
    });
    const before = await skipTables(api);
    for (const body of [
      { name: 'Renommé' },
      { capNumber: 'X', volume: '10' },
      { archived: true },
      { provider: null },
    ]) {
      expectProblem(
        await mergePatch(api, `/api/skips/${created.id}`, w.retriever, body),
        403,
        messages.forbidden,
      );
    }
    // Another provider (the carrier) does not even see it.
    expectProblem(await mergePatch(api, `/api/skips/${created.id}`, w.carrier, { capNumber: 'Y' }), 404);
    expect(await skipTables(api)).toEqual(before);
  });

  it('says whether its quantities are estimated: weighed unless told, set by either side, a yes or no only', async () => {
    const created = await createSkip({ ...hazardousBody() });
    expect(created).toMatchObject({ quantityEstimated: false });
    expect((await skipRow(created.id))?.quantity_estimated).toBe(false);
    const byProvider = await mergePatch(api, `/api/skips/${created.id}`, w.retriever, {
      quantityEstimated: true,
    });
    expect(byProvider.statusCode, byProvider.body).toBe(200);
    expect(byProvider.json()).toMatchObject({ quantityEstimated: true });
    const before = await skipTables(api);
    expectViolations(
      await mergePatch(api, `/api/skips/${created.id}`, w.producer, { quantityEstimated: 'oui' }),
      [{ propertyPath: 'quantityEstimated', message: messages.yesOrNo }],
    );
    expect(await skipTables(api)).toEqual(before);
    const byProducer = await mergePatch(api, `/api/skips/${created.id}`, w.producer, {
      quantityEstimated: false,
    });
    expect(byProducer.json()).toMatchObject({ quantityEstimated: false });
    expect((await skipRow(created.id))?.quantity_estimated).toBe(false);
  });

  it("refuses to change another company's container, by id (404), and a move out of my chantiers (403)", async () => {
    const before = await skipTables(api);
    expectProblem(
      await mergePatch(api, `/api/skips/${w.foreignSkipId}`, w.producer, { name: 'x' }),
      404,
      messages.notFound,
    );
    expectProblem(
      await mergePatch(api, `/api/skips/${w.foreignSkipId}`, w.retriever, { capNumber: 'x' }),
      404,
    );
    const own = await api.db.one<{ id: number }>(
      'select id from skips where company_site_entity_id = $1 order by id limit 1',
      [w.chantierEntityIds[0]],
    );
    expectProblem(
      await mergePatch(api, `/api/skips/${own.id}`, w.chantier, {
        companySiteEntity: `/api/company_sites/${w.chantierSiteId}/company_site_entities/${w.otherEntityId}`,
      }),
      403,
    );
    expectProblem(
      await mergePatch(api, `/api/skips/${own.id}`, w.producer, { companySite: site(w.foreignSiteId) }),
      404,
    );
    expect(await skipTables(api)).toEqual(before);
  });

  it('moves a container to another of my sites, with its deliveries', async () => {
    const created = await createSkip({
      name: 'Benne mobile',
      companySite: w.ownSiteIds[0],
      provider: w.providerSiteId,
    });
    const order = await postJson(api, '/api/skip_deliveries', w.producer, {
      skip: created['@id'],
      requestedDate: '2026-03-25',
    });
    expect(order.statusCode, order.body).toBe(201);
    const moved = await mergePatch(api, `/api/skips/${created.id}`, w.producer, {
      companySite: site(w.ownSiteIds[1]!),
      provider: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      companySite: site(w.ownSiteIds[1]!),
      provider: null,
      state: 'ORDERED',
    });
    const delivery = await api.db.one<{ siteId: number }>(
      'select company_site_id as "siteId" from skip_deliveries where skip_id = $1',
      [created.id],
    );
    expect(delivery.siteId).toBe(w.ownSiteIds[1]);
  });

  it('archives and restores', async () => {
    const created = await createSkip(hazardousBody());
    const archived = await mergePatch(api, `/api/skips/${created.id}`, w.producer, { archived: true });
    expect(archived.json()).toMatchObject({ state: 'ARCHIVED' });
    const restored = await mergePatch(api, `/api/skips/${created.id}`, w.producer, { archived: false });
    expect(restored.json()).toMatchObject({ state: 'AVAILABLE' });
    expectViolations(await mergePatch(api, `/api/skips/${created.id}`, w.producer, { archived: 'oui' }), [
      { propertyPath: 'archived', message: messages.yesOrNo },
    ]);
  });
});

describe('DELETE /api/skips/{id}', () => {
  it('deletes a container of the producer, and only the producer may', async () => {
    const created = await createSkip(hazardousBody());
    expectProblem(await del(api, `/api/skips/${created.id}`, w.retriever), 403, messages.forbidden);
    expectProblem(await del(api, `/api/skips/${created.id}`, w.carrier), 404);
    expect(await skipRow(created.id)).not.toBeNull();
    const response = await del(api, `/api/skips/${created.id}`, w.producer);
    expect(response.statusCode).toBe(204);
    expect(await skipRow(created.id)).toBeNull();
    expectProblem(await get(api, `/api/skips/${created.id}`, w.producer), 404);
  });

  it("refuses to delete another company's container and stores nothing", async () => {
    const before = await skipTables(api);
    expectProblem(await del(api, `/api/skips/${w.foreignSkipId}`, w.producer), 404, messages.notFound);
    expect(await skipTables(api)).toEqual(before);
  });

  it('refuses to archive or delete a container with a delivery in progress', async () => {
    const created = await createSkip(hazardousBody());
    const order = await postJson(api, '/api/skip_deliveries', w.producer, {
      skip: created['@id'],
      requestedDate: '2026-03-20',
    });
    expect(order.statusCode, order.body).toBe(201);
    const before = await skipTables(api);
    expectProblem(
      await del(api, `/api/skips/${created.id}`, w.producer),
      409,
      messages.skipHasDeliveriesInProgress,
    );
    expectProblem(
      await mergePatch(api, `/api/skips/${created.id}`, w.producer, { archived: true }),
      409,
      messages.skipHasDeliveriesInProgress,
    );
    expect(await skipTables(api)).toEqual(before);
  });
});
