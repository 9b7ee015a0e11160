import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingForRotation } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceDataError } from '../src/reference/data.ts';
import { generateWorld, insertWorld } from '../src/seed/index.ts';
import { SKIP_TEMPLATES } from '../src/seed/skips.ts';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  referenceDataDir,
  type Session,
  type TestApi,
} from './helpers.ts';

/** The reference data of containers: waste hierarchy, official codes, skip types; and the seeded containers. */

let api: TestApi;
let producer: Session;
let retriever: Session;
const temporary: string[] = [];

beforeAll(async () => {
  api = await createTestApi();
  [producer, retriever] = await Promise.all([
    login(api, 'producteur@demo.fr'),
    login(api, 'prestataire@demo.fr'),
  ]);
});
afterAll(async () => {
  await api.close();
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Member = Record<string, unknown>;
async function members(url: string, session = producer): Promise<Member[]> {
  const response = await get(api, url, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HydraCollectionBody<Member>>()['hydra:member'];
}
const official = async () =>
  JSON.parse(await readFile(join(referenceDataDir(), 'waste-codes.json'), 'utf8')) as {
    code: string;
    dangerous: boolean;
  }[];

describe('waste hierarchy', () => {
  it('has the three families, then the sorting flows of DOMAIN.md', async () => {
    const families = await members('/api/first_level_wastes?pagination=false');
    expect(families.map((f) => [f.code, f.label])).toEqual([
      ['DND', 'Déchets non dangereux'],
      ['DD', 'Déchets dangereux'],
      ['DI', 'Déchets inertes'],
    ]);
    const flows = await members('/api/second_level_wastes?pagination=false');
    const labels = flows.map((f) => f.label);
    for (const flow of [
      'Papier-carton',
      'Métaux',
      'Plastiques',
      'Verre',
      'Bois',
      'Fraction minérale',
      'Plâtre',
      'Textiles',
    ]) {
      expect(labels).toContain(flow);
    }
    const nonHazardous = families[0]!['@id'];
    const filtered = await members(
      `/api/second_level_wastes?pagination=false&firstLevelWaste[]=${nonHazardous}`,
    );
    expect(filtered.length).toBeGreaterThan(5);
    expect(filtered.every((f) => f.firstLevelWaste === nonHazardous)).toBe(true);
  });

  it('gives about sixty precise wastes an official code; hazardous ones exactly in the hazardous family', async () => {
    const codes = new Map((await official()).map((code) => [code.code, code.dangerous]));
    const wastes = await members('/api/third_level_wastes?pagination=false');
    expect(wastes.length).toBeGreaterThanOrEqual(60);
    const flows = new Map(
      (await members('/api/second_level_wastes?pagination=false')).map((f) => [f['@id'], f]),
    );
    const families = new Map(
      (await members('/api/first_level_wastes?pagination=false')).map((f) => [f['@id'], f.code]),
    );
    for (const waste of wastes) {
      expect(codes.has(String(waste.wasteCode)), String(waste.wasteCode)).toBe(true);
      expect(waste.dangerous).toBe(codes.get(String(waste.wasteCode)));
      const family = families.get(flows.get(waste.secondLevelWaste)?.firstLevelWaste);
      expect(waste.dangerous, `${waste.label} in ${family}`).toBe(family === 'DD');
    }
  });

  it('writes the wastes’ French labels with their elisions (d’activités, never dactivités)', async () => {
    const labels = (await members('/api/third_level_wastes?pagination=false')).map((w) => String(w.label));
    expect(labels).toContain('Déchets d’activités économiques en mélange (DIB)');
    expect(labels).toContain('Toners d’impression');
    // An article glued to a word starting with a vowel: d or l, then a vowel, where French elides.
    expect(
      labels.filter((label) => /\b[dl](?:activ|emball|usin|impress|huile|encre|eau|amiante)/.test(label)),
    ).toEqual([]);
  });

  it('searches precise wastes by label, accents aside, and by code, within a flow', async () => {
    expect((await members('/api/third_level_wastes?q=platre')).map((w) => w.label)).toEqual([
      'Plaques et carreaux de plâtre',
    ]);
    expect((await members('/api/third_level_wastes?q=13 02 05')).map((w) => w.wasteCode)).toEqual([
      '13 02 05*',
    ]);
    const flow = (await members('/api/second_level_wastes?pagination=false')).find(
      (f) => f.label === 'Métaux',
    )!;
    const inFlow = await members(`/api/third_level_wastes?pagination=false&secondLevelWaste[]=${flow.id}`);
    expect(inFlow.map((w) => w.label)).toContain('Aluminium');
    expect(inFlow.every((w) => w.secondLevelWaste === flow['@id'])).toBe(true);
    const one = await get(api, `/api/third_level_wastes/${inFlow[0]!.id}`, producer);
    expect(one.json()).toMatchObject({ '@type': 'ThirdLevelWaste', id: inFlow[0]!.id });
    expect((await get(api, '/api/third_level_wastes/99999', producer)).statusCode).toBe(404);
  });

  it('refuses to start when a seeded waste code is not in the official list, naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-reference-'));
    temporary.push(dir);
    await cp(referenceDataDir(), dir, { recursive: true });
    const codes = (await official()).filter((code) => code.code !== '17 08 02');
    await writeFile(join(dir, 'waste-codes.json'), JSON.stringify(codes));
    const start = createTestApi({ referenceDataDir: dir, seedDemo: false });
    await expect(start).rejects.toBeInstanceOf(ReferenceDataError);
    await expect(start).rejects.toThrow(
      /17 08 02 \(third_level_wastes PLAQUES_PLATRE\).*REFERENCE_DATA_DIR|REFERENCE_DATA_DIR.*17 08 02/,
    );
  });
});

describe('official codes', () => {
  it('serves the 842 waste codes from REFERENCE_DATA_DIR, searchable and filtered by danger', async () => {
    const all = await get(api, '/api/operation_waste_codes?itemsPerPage=10', producer);
    const body = all.json<HydraCollectionBody<Member>>();
    expect(body['hydra:totalItems']).toBe(842);
    expect(body['hydra:member']).toHaveLength(10);
    expect(body['hydra:member'][0]).toMatchObject({
      '@id': '/api/operation_waste_codes/010101',
      id: '010101',
      code: '01 01 01',
      dangerous: false,
      chapter: '01',
    });
    const hazardous = await members('/api/operation_waste_codes?pagination=false&dangerous=true');
    expect(hazardous).toHaveLength(408);
    expect(hazardous.every((code) => String(code.code).endsWith('*'))).toBe(true);
    expect((await members('/api/operation_waste_codes?q=150110')).map((c) => c.code)).toEqual(['15 01 10*']);
    expect((await members('/api/operation_waste_codes?q=15 01 10')).map((c) => c.code)).toEqual([
      '15 01 10*',
    ]);
    const accents = await members(
      '/api/operation_waste_codes?pagination=false&q=DECHETS amiante&dangerous=true',
    );
    expect(accents.length).toBeGreaterThan(0);
    expect(accents.every((c) => /amiante/i.test(String(c.description)))).toBe(true);
    expect((await get(api, '/api/operation_waste_codes/150110', producer)).json()).toMatchObject({
      code: '15 01 10*',
    });
    expect((await get(api, '/api/operation_waste_codes/999999', producer)).statusCode).toBe(404);
    expect(
      (await members('/api/operation_waste_codes?id[]=/api/operation_waste_codes/010101')).map((c) => c.code),
    ).toEqual(['01 01 01']);
  });

  it('serves the treatment codes by compact code', async () => {
    const codes = await members('/api/operation_treatment_codes?pagination=false');
    expect(codes).toHaveLength(30);
    expect(codes[1]).toMatchObject({
      '@id': '/api/operation_treatment_codes/R1',
      id: 'R1',
      code: 'R 1',
      kind: 'R',
      isFinal: true,
      usableInTrackdechets: true,
    });
    expect(
      (
        await members(
          '/api/operation_treatment_codes?id[]=R3&id[]=D 9 F&id[]=/api/operation_treatment_codes/R13',
        )
      ).map((c) => c.id),
    ).toEqual(['R3', 'R13', 'D9F']);
    expect(
      (await members('/api/operation_treatment_codes?pagination=false&kind=D')).every((c) => c.kind === 'D'),
    ).toBe(true);
    expect((await get(api, '/api/operation_treatment_codes/D6', producer)).json()).toMatchObject({
      usableInTrackdechets: false,
    });
  });
});

describe('skip types and the types providers offer', () => {
  it("is a collector's catalogue: bins, skips, compactor, big bags, pallets, drums, IBC", async () => {
    const types = await members('/api/skip_types?pagination=false');
    const byCode = new Map(types.map((t) => [t.code, t]));
    for (const [code, volume, unit] of [
      ['BAC_120', '120.000', 'L'],
      ['BAC_770', '770.000', 'L'],
      ['BENNE_7', '7.000', 'm3'],
      ['BENNE_30', '30.000', 'm3'],
      ['COMPACTEUR_20', '20.000', 'm3'],
      ['BIG_BAG_1', '1.000', 'm3'],
      ['PALETTE', '1.000', 'unité'],
      ['FUT_200', '200.000', 'L'],
      ['GRV_1000', '1000.000', 'L'],
      ['CAISSE_PALETTE_600', '600.000', 'L'],
    ]) {
      expect(byCode.get(code), code).toMatchObject({ volume, unit });
    }
    expect(new Set(types.map((t) => t.category))).toEqual(
      new Set([
        'Bac roulant',
        'Benne',
        'Compacteur',
        'Big bag',
        'Palette',
        'Caisse-palette',
        'Fût',
        'GRV',
        'Carton',
      ]),
    );
  });

  it('lists the types of visible provider sites only', async () => {
    const providerSite = await api.db.one<{ id: number }>(
      'select id from company_sites where company_id = $1 order by id limit 1',
      [api.demo!.retrieverCompanyId],
    );
    const links = await members(
      `/api/skip_site_links?pagination=false&companySite[]=${providerSite.id}`,
      retriever,
    );
    expect(links.length).toBeGreaterThan(5);
    expect(links.every((l) => l.companySite === `/api/company_sites/${providerSite.id}`)).toBe(true);
    const visible = new Set(
      (await members('/api/company_sites?pagination=false')).map((site) => site['@id']),
    );
    const all = await members('/api/skip_site_links?pagination=false');
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((l) => visible.has(l.companySite))).toBe(true);
    const hidden = await api.db.one<{ id: number }>(
      'select l.id from skip_site_links l where not (l.company_site_id = any($1::int[])) order by l.id limit 1',
      [[...visible].map((iri) => Number(String(iri).split('/').pop()))],
    );
    expect((await get(api, `/api/skip_site_links/${hidden.id}`, producer)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the routes of containers and their reference data', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    for (const path of [
      '/api/first_level_wastes',
      '/api/second_level_wastes/{id}',
      '/api/third_level_wastes',
      '/api/operation_waste_codes/{id}',
      '/api/operation_treatment_codes',
      '/api/skip_types',
      '/api/skip_site_links',
      '/api/skip_delivery_programs/{id}',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(paths['/api/skips/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(paths['/api/skip_deliveries'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/skip_deliveries/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });
});

describe('seeded containers', () => {
  it('gives the demo producer realistic containers: hazardous ones, an incomplete one, an archived one', async () => {
    const skips = await members('/api/skips?pagination=false');
    expect(skips.filter((s) => s.dangerous === true).length).toBeGreaterThanOrEqual(3);
    expect(skips.some((s) => (s.missingForRotation as string[]).length > 0)).toBe(true);
    expect(skips.some((s) => s.state === 'ARCHIVED')).toBe(true);
    expect(skips.some((s) => s.state === 'ORDERED')).toBe(true);
    for (const skip of skips.filter(
      (s) => s.dangerous === true && (s.missingForRotation as string[]).length === 0,
    )) {
      expect(String(skip.wasteCode)).toMatch(/\*$/);
      expect(skip.consistency).not.toBeNull();
    }
    const programs = await members('/api/skip_delivery_programs?pagination=false');
    expect(programs).toHaveLength(1);
    expect(programs[0]).toMatchObject({ recurrence: 'MONTH', monthPosition: 'FIRST', weekdays: ['MONDAY'] });
  });

  it('generates containers per site for benchmarks, with codes the database knows', async () => {
    const empty = await createTestApi({ seedDemo: false });
    try {
      const world = generateWorld({
        companies: 20,
        sitesPerCompany: 3,
        entitiesPerSite: 2,
        skipsPerSite: 5,
        seed: 9,
        today: new Date('2026-03-02T00:00:00Z'),
      });
      expect(world.skips).toHaveLength(20 * 3 * 5);
      const inserted = await insertWorld(empty.db, world, 'not-a-real-hash');
      expect(inserted.skipIds).toHaveLength(world.skips.length);
      const stored = await empty.db.query<Record<string, unknown>>(
        `select name as "name", skip_type_id as "skipType", volume, unit, first_level_waste_id as "firstLevelWaste",
                second_level_waste_id as "secondLevelWaste", third_level_waste_id as "thirdLevelWaste",
                provider_site_id as "provider", planned_treatment_code as "plannedTreatmentCode",
                estimated_full_quantity as "estimatedFullQuantity", dangerous, consistency,
                waste_code as "wasteCode", cap_number as "capNumber", adr_mention as "adrMention", state
         from skips`,
      );
      expect(stored.filter((s) => s.dangerous === true).length).toBeGreaterThan(stored.length / 5);
      const incomplete = stored.filter(
        (s) => missingForRotation(s as Parameters<typeof missingForRotation>[0]).length > 0,
      );
      expect(incomplete.length).toBeGreaterThan(0);
      expect(incomplete.length).toBeLessThan(stored.length / 3);
      expect(stored.some((s) => s.state === 'ARCHIVED')).toBe(true);
      // Providers are linked collector or recycler sites.
      const unlinked = await empty.db.query(
        `select s.id from skips s where s.provider_site_id is not null and not exists (
           select 1 from site_links l join company_site_site_typologies x on x.company_site_id = l.retriever_site_id
           join site_typologies t on t.id = x.site_typology_id and t.code = 'retriever'
           where l.producer_site_id = s.company_site_id and l.retriever_site_id = s.provider_site_id)`,
      );
      expect(unlinked).toEqual([]);
      const codes = new Set((await official()).map((code) => code.code));
      expect(SKIP_TEMPLATES.every((template) => codes.has(template.wasteCode))).toBe(true);
    } finally {
      await empty.close();
    }
  });
});
