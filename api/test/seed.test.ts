import { siretPassesLuhn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWorld, insertWorld, luhnCheckDigit } from '../src/seed/index.ts';
import { TOWNS } from '../src/seed/towns.ts';
import { createTestApi, type TestApi } from './helpers.ts';

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
  });
});
