import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  OPEN_OPERATION_STATUSES,
  type OperationStatus,
  outletQuantitiesBalance,
  plannedWorkOf,
  siretPassesLuhn,
  thousandths,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateWorld,
  INCIDENT_SHARES,
  insertWorld,
  luhnCheckDigit,
  OPERATION_FATES,
  type World,
  type WorldOperation,
} from '../src/seed/index.ts';
import { TOWNS } from '../src/seed/towns.ts';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  referenceDataDir,
  type TestApi,
} from './helpers.ts';

const today = new Date('2026-03-02T00:00:00Z');

describe('generateWorld', () => {
  const world = generateWorld({
    companies: 200,
    sitesPerCompany: 10,
    entitiesPerSite: 3,
    years: 3,
    seed: 7,
    today,
  });

  it('has the counts of its options (one retriever company per ten producers, one carrier)', () => {
    expect(world.companies.filter((c) => c.role === 'producer')).toHaveLength(200);
    expect(world.companies.filter((c) => c.role === 'collector' || c.role === 'recycler')).toHaveLength(20);
    expect(world.companies.filter((c) => c.role === 'carrier')).toHaveLength(1);
    expect(world.sites).toHaveLength(200 * 10 + 20 * 10 + 3);
    expect(world.entities).toHaveLength(200 * 10 * 3);
    // Each client site works with two provider companies and the carrier.
    expect(world.siteLinks).toHaveLength(200 * 10 * 3);
    expect(world.years).toBe(3);
  });

  it('gives well-formed, Luhn-valid and distinct SIRETs', () => {
    const sirets = [...world.companies.map((c) => c.siret), ...world.sites.map((s) => s.siret)];
    expect(sirets.every((siret) => /^[0-9]{14}$/.test(siret) && siretPassesLuhn(siret))).toBe(true);
    expect(new Set(sirets).size).toBe(sirets.length);
    expect(luhnCheckDigit('73282932')).toBe(0);
  });

  it('places sites in real towns with their postcode and department', () => {
    for (const site of world.sites) {
      const town = TOWNS.find((t) => t.city === site.city);
      expect(town).toBeDefined();
      expect(site.postcode).toBe(town?.postcode);
      expect(site.department).toBe(town?.department);
      expect(Math.abs(site.lat - (town?.lat ?? 0))).toBeLessThan(0.03);
      expect(Math.abs(site.lon - (town?.lon ?? 0))).toBeLessThan(0.03);
    }
    for (const town of TOWNS) {
      expect(town.postcode.slice(0, 2)).toBe(
        town.department === '2A' ? '20' : town.department.padStart(2, '0'),
      );
    }
    expect(TOWNS.length).toBeGreaterThanOrEqual(60);
  });

  it('links client sites to provider sites only, and dates chantiers within the years of history', () => {
    for (const link of world.siteLinks) {
      expect(world.sites[link.producerSite]?.typologies).toEqual(['producer']);
      expect(world.sites[link.retrieverSite]?.typologies).not.toContain('producer');
    }
    for (const entity of world.entities) {
      expect(entity.startDate >= '2023-01-01' && entity.startDate <= '2026-03-02').toBe(true);
      if (entity.endDate !== null) expect(entity.endDate > entity.startDate).toBe(true);
    }
  });

  it('gives each company a NAF section: waste management for providers, transport for the carrier', () => {
    const sectorsOf = (role: string) =>
      new Set(world.companies.filter((c) => c.role === role).map((c) => c.sector));
    expect(sectorsOf('collector')).toEqual(new Set(['E']));
    expect(sectorsOf('recycler')).toEqual(new Set(['E']));
    expect(sectorsOf('carrier')).toEqual(new Set(['H']));
    const producers = sectorsOf('producer');
    expect(producers.size).toBeGreaterThan(3);
    for (const sector of producers) expect(sector).toMatch(/^[A-U]$/);
  });

  it('is deterministic for a seed', () => {
    const options = {
      companies: 5,
      sitesPerCompany: 2,
      entitiesPerSite: 2,
      seed: 42,
      usersPerCompany: 1,
      today,
    };
    expect(generateWorld(options)).toEqual(generateWorld(options));
    expect(generateWorld({ ...options, seed: 43 })).not.toEqual(generateWorld(options));
  });
});

describe('insertWorld', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seedDemo: false });
  });
  afterAll(() => api.close());

  it('bulk-inserts 200 companies of 10 sites in seconds', async () => {
    const world = generateWorld({
      companies: 200,
      sitesPerCompany: 10,
      entitiesPerSite: 3,
      seed: 3,
      usersPerCompany: 1,
      today,
    });
    const started = performance.now();
    const inserted = await insertWorld(api.db, world, 'not-a-real-hash');
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(20);
    const count = async (table: string) =>
      (await api.db.one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
    expect(await count('companies')).toBe(world.companies.length);
    expect(await count('company_sites')).toBe(world.sites.length);
    expect(await count('company_site_entities')).toBe(world.entities.length);
    expect(await count('site_links')).toBe(world.siteLinks.length);
    expect(await count('users')).toBe(world.companies.length);
    expect(await count('user_companies')).toBe(world.companies.length);
    expect(inserted.siteIds).toHaveLength(world.sites.length);
    const sectors = await api.db.query<{ code: string; companies: number }>(
      `select s.code, count(*)::int as companies from companies c join company_sectors s on s.id = c.company_sector_id
       group by s.code`,
    );
    expect(sectors.reduce((sum, row) => sum + row.companies, 0)).toBe(world.companies.length);
    expect(sectors.find((row) => row.code === 'E')?.companies).toBe(20);
    const firstLink = world.siteLinks[0]!;
    const stored = await api.db.maybeOne(
      'select 1 from site_links where producer_site_id = $1 and retriever_site_id = $2',
      [inserted.siteIds[firstLink.producerSite], inserted.siteIds[firstLink.retrieverSite]],
    );
    expect(stored).not.toBeNull();
    // The planner knows how many rows it has just received (PGlite runs no autovacuum to tell it).
    const estimates = await api.db.query<{ table: string; rows: number }>(
      `select relname as table, reltuples::int as rows from pg_class
       where relname in ('company_sites', 'company_site_site_typologies') and relnamespace = current_schema()::regnamespace`,
    );
    expect(Object.fromEntries(estimates.map((row) => [row.table, row.rows]))).toEqual({
      company_sites: world.sites.length,
      company_site_site_typologies: await count('company_site_site_typologies'),
    });
  });
});

describe('generated operations', () => {
  const options = {
    companies: 30,
    sitesPerCompany: 3,
    entitiesPerSite: 2,
    skipsPerSite: 6,
    years: 3,
    seed: 11,
    today,
  };
  const world = generateWorld(options);
  const { operations } = world;
  const DAY = 86_400_000;
  const dayOf = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY);
  const isOpen = (status: OperationStatus) => OPEN_OPERATION_STATUSES.includes(status);
  const skipOf = (operation: WorldOperation) => world.skips[operation.skip]!;
  const byContainer = new Map<number, WorldOperation[]>();
  for (const operation of operations) {
    byContainer.set(operation.skip, [...(byContainer.get(operation.skip) ?? []), operation]);
  }
  const share = (status: OperationStatus, among: readonly WorldOperation[]) =>
    among.filter((operation) => operation.status === status).length / among.length;

  it('is deterministic for a seed, and another seed gives another history', () => {
    expect(operations.length).toBeGreaterThan(5000);
    expect(generateWorld(options)).toEqual(world);
    expect(generateWorld({ ...options, seed: 12 }).operations).not.toEqual(operations);
    // Oldest request first.
    const times = operations.map((operation) => operation.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('gives every complete container with a provider a history, at a pace that fits the container', () => {
    for (const [index, skip] of world.skips.entries()) {
      if (skip.provider === null || skip.estimatedFullQuantity === null || skip.plannedTreatmentCode === null)
        expect(byContainer.has(index)).toBe(false);
    }
    expect(byContainer.size).toBeGreaterThan(world.skips.length * 0.75);
    /** The median of the days between two requests of a container of that kind. */
    const medianGap = (kind: (skip: World['skips'][number]) => boolean) => {
      const gaps: number[] = [];
      for (const [index, history] of byContainer) {
        if (!kind(world.skips[index]!)) continue;
        for (let i = 1; i < history.length; i++) {
          gaps.push(dayOf(history[i]!.createdAt) - dayOf(history[i - 1]!.createdAt));
        }
      }
      return gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    };
    const bins = medianGap((skip) => skip.skipType.startsWith('BAC_'));
    const skips = medianGap(
      (skip) => skip.skipType.startsWith('BENNE') || skip.skipType.startsWith('COMPACTEUR'),
    );
    const drums = medianGap((skip) => skip.dangerous);
    expect(bins).toBeGreaterThanOrEqual(7);
    expect(bins).toBeLessThan(skips);
    expect(skips).toBeLessThanOrEqual(45);
    expect(drums).toBeGreaterThanOrEqual(55);
    expect(drums).toBeLessThanOrEqual(130);
  });

  it('balances every outlet split exactly, with final codes consistent with the waste', async () => {
    const codes = JSON.parse(await readFile(join(referenceDataDir(), 'treatment-codes.json'), 'utf8')) as {
      code: string;
      isFinal: boolean;
    }[];
    const final = new Set(codes.filter((code) => code.isFinal).map((code) => code.code));
    const known = new Set(codes.map((code) => code.code));
    let transit = 0;
    for (const operation of operations) {
      const completed = operation.status === 'COMPLETED' || operation.status === 'REALISED';
      expect(operation.outlets.length > 0).toBe(completed);
      expect(operation.receivedQuantity !== null).toBe(completed);
      if (!completed) continue;
      expect(operation.outlets.length).toBeLessThanOrEqual(3);
      expect(outletQuantitiesBalance(operation.outlets, operation.receivedQuantity)).toBe(true);
      expect(operation.receivedQuantity).toMatch(/^\d+\.\d{3}$/);
      for (const outlet of operation.outlets) {
        expect(final.has(outlet.treatmentCode), outlet.treatmentCode).toBe(true);
        expect(siretPassesLuhn(outlet.siret)).toBe(true);
        expect(outlet.quantity).toMatch(/^\d+\.\d{3}$/);
        expect(thousandths(outlet.quantity)).toBeGreaterThan(0n);
      }
      expect(new Set(operation.outlets.map((outlet) => outlet.name)).size).toBe(operation.outlets.length);
      expect(known.has(operation.plannedTreatmentCode!)).toBe(true);
      if (operation.plannedTreatmentCode === 'R 13' || operation.plannedTreatmentCode === 'D 15') transit++;
      else expect(operation.plannedTreatmentCode).toBe(skipOf(operation).plannedTreatmentCode);
      // Metals to metal recovery, paper and cardboard to paper mills, solvents to regeneration or fuel.
      const main = operation.outlets[0]!.treatmentCode;
      const waste = skipOf(operation).thirdLevelWaste;
      if (waste === 'FERRAILLE') expect(main).toBe('R 4');
      if (waste === 'EMBALLAGES_CARTON' || waste === 'PAPIERS_BUREAU') expect(main).toBe('R 3');
      if (waste === 'SOLVANTS') expect(main).toBe('R 2');
      // Around the container's estimate, overloads aside.
      const ratio =
        Number(thousandths(operation.receivedQuantity!)) /
        Number(thousandths(skipOf(operation).estimatedFullQuantity!));
      expect(ratio).toBeGreaterThan(0.15);
      expect(ratio).toBeLessThan(1.35);
    }
    const realised = operations.filter((operation) => operation.status === 'REALISED');
    expect(transit / realised.length).toBeGreaterThan(0.03);
    expect(transit / realised.length).toBeLessThan(0.3);
    expect(realised.some((operation) => operation.outlets[0]?.quantityUnit === 'PERCENT')).toBe(true);
    expect(realised.some((operation) => operation.outlets.length === 3)).toBe(true);
    const dangerous = realised.filter((operation) => skipOf(operation).dangerous);
    expect(dangerous.length / realised.length).toBeGreaterThan(0.03);
    expect(dangerous.every((operation) => /^BSD-\d{8}-[A-Z0-9]{9}$/.test(operation.bsdNumber ?? ''))).toBe(
      true,
    );
  });

  it('keeps at most one open operation per container, its latest, and sets planned work from it', () => {
    let open = 0;
    for (const [index, skip] of world.skips.entries()) {
      const history = byContainer.get(index) ?? [];
      const opened = history.filter((operation) => isOpen(operation.status));
      expect(opened.length).toBeLessThanOrEqual(1);
      const last = history.at(-1);
      if (opened.length === 1) expect(opened[0]).toBe(last);
      expect(skip.plannedWork).toBe(last === undefined ? null : plannedWorkOf(last.type, last.status));
      // Each request comes after the previous one was closed.
      for (let i = 1; i < history.length; i++) {
        expect(history[i]!.createdAt > history[i - 1]!.updatedAt).toBe(true);
      }
      open += opened.length;
    }
    expect(open).toBeGreaterThan(20);
    for (const status of OPEN_OPERATION_STATUSES) {
      expect(
        operations.some((operation) => operation.status === status),
        status,
      ).toBe(true);
    }
    // The open ones are the most recent weeks' requests.
    const recent = dayOf(today.toISOString()) - 42;
    expect(operations.filter((o) => isOpen(o.status)).every((o) => dayOf(o.createdAt) >= recent)).toBe(true);
  });

  it('dates requests, interventions, completions and validations consistently, never realised in the future', () => {
    const now = today.toISOString();
    for (const operation of operations) {
      const skip = skipOf(operation);
      const requestDay = dayOf(operation.createdAt);
      expect(operation.createdAt <= now).toBe(true);
      expect(operation.createdAt > skip.createdAt).toBe(true);
      expect(dayOf(operation.requestedDate) - requestDay).toBeGreaterThanOrEqual(0);
      expect(dayOf(operation.requestedDate) - requestDay).toBeLessThanOrEqual(7);
      expect(operation.updatedAt >= operation.createdAt && operation.updatedAt <= now).toBe(true);
      if (operation.interventionDate !== null) {
        expect(operation.interventionDate >= operation.requestedDate).toBe(true);
      }
      if (operation.status === 'SCHEDULED') expect(operation.interventionDate).not.toBeNull();
      if (operation.realInterventionDate !== null) {
        expect(dayOf(operation.realInterventionDate)).toBeGreaterThanOrEqual(requestDay);
        expect(operation.realInterventionDate <= now.slice(0, 10)).toBe(true);
        expect(operation.completedAt! >= operation.realInterventionDate).toBe(true);
      }
      expect(operation.completedAt !== null).toBe(operation.realInterventionDate !== null);
      expect(operation.validatedAt !== null).toBe(operation.status === 'REALISED');
      if (operation.validatedAt !== null) {
        expect(operation.validatedAt > operation.completedAt!).toBe(true);
        expect(dayOf(operation.validatedAt) - dayOf(operation.completedAt!)).toBeLessThanOrEqual(7);
        expect(operation.validatedAt <= now).toBe(true);
      }
      if (skip.entity !== null) {
        const entity = world.entities[skip.entity]!;
        expect(operation.createdAt >= entity.startDate).toBe(true);
        if (entity.endDate !== null) expect(operation.createdAt.slice(0, 10) <= entity.endDate).toBe(true);
      }
    }
  });

  it('realises most operations; a few are cancelled, declined or not carried out', () => {
    const closed = operations.filter((operation) => !isOpen(operation.status));
    expect(share('REALISED', closed)).toBeGreaterThan(0.9);
    expect(share('CANCELLED', closed)).toBeGreaterThan(OPERATION_FATES.CANCELLED * 0.6);
    expect(share('CANCELLED', closed)).toBeLessThan(OPERATION_FATES.CANCELLED * 1.5);
    for (const status of ['NOT_PROCESSED', 'NOT_CARRIED_OUT'] as const) {
      expect(share(status, closed), status).toBeGreaterThan(OPERATION_FATES[status] * 0.4);
      expect(share(status, closed), status).toBeLessThan(OPERATION_FATES[status] * 2);
      expect(
        closed.filter((operation) => operation.status === status).every((o) => o.providerComment !== null),
      ).toBe(true);
    }
  });

  it('shows the seasons: fewer rotations in August, more in spring and autumn for wood', () => {
    const perMonth = (filter: (operation: WorldOperation) => boolean) => {
      const months = new Array<number>(12).fill(0);
      for (const operation of operations) {
        const date = operation.realInterventionDate;
        // Whole years only.
        if (operation.status !== 'REALISED' || date === null || date >= '2026' || !filter(operation))
          continue;
        months[Number(date.slice(5, 7)) - 1]! += 1;
      }
      return months;
    };
    const all = perMonth(() => true);
    const mean = all.reduce((sum, count) => sum + count, 0) / 12;
    expect(all[7]).toBeLessThan(mean * 0.8);
    const wood = perMonth((operation) => skipOf(operation).thirdLevelWaste === 'PALETTES_BOIS');
    const [april, august, october, december] = [wood[3]!, wood[7]!, wood[9]!, wood[11]!];
    expect(Math.min(april, october)).toBeGreaterThan(Math.max(august, december));
  });

  it('costs realised operations only, in euro per tonne, revenue for paper, cardboard and metals', () => {
    const euros = /^\d+\.\d{2}$/;
    for (const operation of operations) {
      expect(operation.costs !== null).toBe(operation.status === 'REALISED');
      const costs = operation.costs;
      if (costs === null) continue;
      const waste = skipOf(operation).thirdLevelWaste;
      expect(costs.treatmentCost).toMatch(euros);
      expect(Number(costs.treatmentCost)).toBeGreaterThanOrEqual(20);
      expect(Number(costs.treatmentCost)).toBeLessThanOrEqual(250);
      expect(costs.transportCost).toMatch(euros);
      expect(Number(costs.transportCost)).toBeGreaterThanOrEqual(15);
      expect(Number(costs.transportCost)).toBeLessThanOrEqual(60);
      const recycled = ['EMBALLAGES_CARTON', 'PAPIERS_BUREAU', 'FERRAILLE'].includes(waste);
      expect(costs.recyclingRevenue !== null, waste).toBe(recycled);
      expect(costs.purchasePrice !== null, waste).toBe(waste === 'FERRAILLE');
      if (costs.purchasePrice !== null) expect(costs.purchasePrice).toMatch(euros);
    }
    // Hazardous waste costs more to treat.
    const meanTreatment = (dangerous: boolean) => {
      const values = operations
        .filter(
          (o) => o.costs !== null && skipOf(o).dangerous === dangerous && skipOf(o).ecoOrganisation === null,
        )
        .map((o) => Number(o.costs!.treatmentCost));
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    expect(meanTreatment(true)).toBeGreaterThan(meanTreatment(false) * 1.5);
  });

  it('retires containers: a realised retirement ends the history of every archived one', () => {
    const retirements = operations.filter((operation) => operation.type === 'RETIREMENT');
    expect(retirements.length).toBeGreaterThan(5);
    for (const operation of retirements.filter((o) => o.status === 'REALISED')) {
      expect(skipOf(operation).state).toBe('ARCHIVED');
      expect(byContainer.get(operation.skip)!.at(-1)).toBe(operation);
    }
    for (const [index, skip] of world.skips.entries()) {
      if (skip.state !== 'ARCHIVED' || !byContainer.has(index)) continue;
      const last = byContainer.get(index)!.at(-1)!;
      expect(last).toMatchObject({ type: 'RETIREMENT', status: 'REALISED' });
      expect(skip.plannedWork).toBeNull();
    }
    expect(retirements.some((operation) => operation.status === 'CANCELLED')).toBe(true);
  });

  it('has a few incidents declared by producers, after the operation or while the container was in use', () => {
    const now = today.toISOString();
    const onOperations = world.incidents.filter((incident) => incident.operation !== null);
    const onContainers = world.incidents.filter((incident) => incident.operation === null);
    const realised = operations.filter((operation) => operation.status === 'REALISED').length;
    expect(onOperations.length).toBeGreaterThan(INCIDENT_SHARES.operation * realised * 0.5);
    expect(onOperations.length).toBeLessThan(INCIDENT_SHARES.operation * realised * 1.5);
    expect(onContainers.length).toBeGreaterThan(0);
    expect(onContainers.length).toBeLessThan(byContainer.size * INCIDENT_SHARES.container * 2.5);
    for (const incident of onOperations) {
      const operation = operations[incident.operation!]!;
      expect(incident.skip).toBe(operation.skip);
      expect(operation.status).toBe('REALISED');
      expect(incident.createdAt > operation.completedAt!).toBe(true);
    }
    for (const incident of world.incidents) {
      expect(incident.createdAt <= now).toBe(true);
      expect(incident.createdAt >= byContainer.get(incident.skip)![0]!.createdAt).toBe(true);
      expect(incident.description.length).toBeGreaterThan(10);
    }
  });

  it('keeps open operations out of a world that asks for none, and to the companies it names', () => {
    const closed = generateWorld({ ...options, openOperations: false, operationCompanies: 2 });
    expect(closed.operations.length).toBeGreaterThan(0);
    expect(closed.operations.some((operation) => isOpen(operation.status))).toBe(false);
    expect(closed.skips.every((skip) => skip.plannedWork === null)).toBe(true);
    const companies = new Set(
      closed.operations.map((o) => closed.sites[closed.skips[o.skip]!.site]!.company),
    );
    expect([...companies].sort()).toEqual([0, 1]);
  });
});

describe('insertWorld with operations', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seedDemo: false });
  });
  afterAll(() => api.close());

  it('inserts every generated operation with its outlets and costs, the container giving site and waste', async () => {
    const world = generateWorld({
      companies: 8,
      sitesPerCompany: 2,
      entitiesPerSite: 2,
      skipsPerSite: 6,
      years: 3,
      seed: 5,
      today,
    });
    const inserted = await insertWorld(api.db, world, 'not-a-real-hash');
    const count = async (table: string) =>
      (await api.db.one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
    expect(world.operations.length).toBeGreaterThan(500);
    expect(inserted.operationIds).toHaveLength(world.operations.length);
    expect(await count('operations')).toBe(world.operations.length);
    expect(await count('operation_final_outlet_links')).toBe(
      world.operations.reduce((sum, operation) => sum + operation.outlets.length, 0),
    );
    expect(await count('operation_costs')).toBe(world.operations.filter((o) => o.costs !== null).length);
    expect(world.incidents.length).toBeGreaterThan(0);
    expect(await count('incidents')).toBe(world.incidents.length);
    expect(
      await api.db.query(
        `select i.id from incidents i left join operations o on o.id = i.operation_id
         left join skips s on s.id = coalesce(o.skip_id, i.skip_id)
         where s.company_site_id <> i.company_site_id or s.provider_site_id is distinct from i.provider_site_id`,
      ),
    ).toEqual([]);
    // Outlets in tonnes sum to the received quantity, in percentages to 100, in SQL too.
    const unbalanced = await api.db.query(
      `select o.id from operations o join operation_final_outlet_links l on l.operation_id = o.id
       group by o.id, o.received_quantity
       having sum(l.quantity) <> case min(l.quantity_unit) when 'PERCENT' then 100 else o.received_quantity end
         or count(distinct l.quantity_unit) > 1`,
    );
    expect(unbalanced).toEqual([]);
    const mismatched = await api.db.query(
      `select o.id from operations o join skips s on s.id = o.skip_id
       where o.company_site_id <> s.company_site_id or o.provider_site_id is distinct from s.provider_site_id
         or o.company_site_entity_id is distinct from s.company_site_entity_id
         or o.third_level_waste_id <> s.third_level_waste_id or o.waste_code <> s.waste_code
         or o.dangerous <> s.dangerous`,
    );
    expect(mismatched).toEqual([]);
    const plannedWork = await api.db.query<{ id: number; plannedWork: string | null }>(
      'select id, planned_work as "plannedWork" from skips order by id',
    );
    expect(plannedWork.map((row) => row.plannedWork)).toEqual(world.skips.map((skip) => skip.plannedWork));
    const first = world.operations[0]!;
    expect(
      await api.db.one(
        `select status, created_at as "createdAt", received_quantity::text as "receivedQuantity",
           requested_date::text as "requestedDate" from operations where id = $1`,
        [inserted.operationIds[0]],
      ),
    ).toEqual({
      status: first.status,
      createdAt: new Date(first.createdAt),
      receivedQuantity: first.receivedQuantity,
      requestedDate: first.requestedDate,
    });
  });
});

describe('the demo world', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const operationsOf = async (email: string) => {
    const response = await get(api, '/api/operations?itemsPerPage=1', await login(api, email));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HydraCollectionBody>()['hydra:totalItems'];
  };

  it('gives the demo producer years of closed operations and three open requests, which its provider, chantier user and carrier see', async () => {
    const demo = api.demo!;
    const rows = await api.db.query<{
      company: number;
      /** Null for the flow its producer declared without a provider of the portal. */
      provider: number | null;
      carrier: number | null;
      open: boolean;
      from: string;
    }>(
      `select s.company_id as company, p.company_id as provider, t.company_id as carrier,
         o.status in ('REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED') as open,
         o.created_at::date::text as from
       from operations o join company_sites s on s.id = o.company_site_id
       left join company_sites p on p.id = o.provider_site_id
       left join company_sites t on t.id = o.transporter_site_id`,
    );
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.every((row) => row.company === demo.producerCompanyId)).toBe(true);
    // Open: only the three requests just sent to the demo provider, two to accept and one to complete.
    const open = rows.filter((row) => row.open);
    expect(open).toHaveLength(3);
    expect(open.every((row) => row.provider === demo.retrieverCompanyId)).toBe(true);
    expect(rows.reduce((first, row) => (row.from < first ? row.from : first), '9999')).toMatch(/^202[34]-/);
    // Every other container stays free for the journeys that ask for work, and says what it waits for.
    expect(
      await api.db.query(`select id from skips where (planned_work is not null) <> (id in (
          select skip_id from operations
          where status in ('REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED')))
        or (state = 'ARCHIVED' and id in (select skip_id from skip_deliveries where status <> 'VALIDATED'))`),
    ).toEqual([]);

    expect(await operationsOf('producteur@demo.fr')).toBe(rows.length);
    expect(await operationsOf('prestataire@demo.fr')).toBe(
      rows.filter((row) => row.provider === demo.retrieverCompanyId).length,
    );
    expect(await operationsOf('prestataire@demo.fr')).toBeGreaterThan(0);
    expect(await operationsOf('chantier@demo.fr')).toBeGreaterThan(0);
    // The demo carrier carries some of them (the others, their provider carries itself).
    const carried = rows.filter((row) => row.carrier === demo.carrierCompanyId).length;
    expect(carried).toBeGreaterThan(0);
    expect(rows.filter((row) => row.carrier !== null && row.carrier === row.provider).length).toBeGreaterThan(
      0,
    );
    expect(await operationsOf('transporteur@demo.fr')).toBe(carried);
  });

  it('copies onto each realised operation the name, SIRET and address of the establishment that carried it', async () => {
    const mismatches = await api.db.query(
      `select o.id from operations o
       join company_sites cs on cs.id = o.transporter_site_id join companies c on c.id = cs.company_id
       where o.transporter_name is distinct from c.name or o.transporter_siret is distinct from cs.siret
          or o.transporter_address is distinct from cs.address || ', ' || cs.postcode || ' ' || cs.city`,
    );
    expect(mismatches).toEqual([]);
    const realised = await api.db.one<{ total: number; carried: number }>(
      `select count(*)::int as total, count(transporter_site_id)::int as carried
       from operations where status = 'REALISED'`,
    );
    expect(realised.carried).toBe(realised.total);
  });
});
