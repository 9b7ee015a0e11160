import { readdir, readFile } from 'node:fs/promises';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { openPglite } from '../src/db/pglite.ts';

/**
 * Migration 015: the final outlets operations name in free text become entries of their provider's directory,
 * one per SIRET (per name and address without one), and every outlet line points to its entry.
 */

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);
let db: Db;
afterAll(() => db?.close());

it('matches free-text outlets by SIRET to one entry of their provider, and makes entries of the others', async () => {
  db = await openPglite(undefined);
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  const run = async (keep: (version: number) => boolean) => {
    for (const name of files) {
      if (keep(Number(name.slice(0, 3)))) await db.exec(await readFile(new URL(name, MIGRATIONS), 'utf8'));
    }
  };
  await run((version) => version < 15);
  const { id: company } = await db.one<{ id: number }>(
    "insert into companies (name) values ('C') returning id",
  );
  const site = async (name: string) =>
    (
      await db.one<{ id: number }>(
        'insert into company_sites (company_id, name) values ($1, $2) returning id',
        [company, name],
      )
    ).id;
  const [client, providerA, providerB] = [await site('Client'), await site('A'), await site('B')];
  const operation = async (provider: number, outlets: [string, string | null, string | null, string][]) => {
    const { id } = await db.one<{ id: number }>(
      `insert into operations (type, status, company_site_id, provider_site_id, requested_date)
       values ('ROTATION', 'CANCELLED', $1, $2, date '2026-01-05') returning id`,
      [client, provider],
    );
    for (const [index, [name, siret, address, code]] of outlets.entries()) {
      await db.query(
        `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
           quantity, quantity_unit) values ($1, $2, $3, $4, $5, $6, 50, 'PERCENT')`,
        [id, index + 1, name, siret, address, code],
      );
    }
  };
  await operation(providerA, [
    ['Papeterie de Golbey', '41234567800015', 'Zone industrielle, 88190 Golbey', 'R 3'],
    ['Incinérateur', null, 'Quai Marcel Boyer, 94200 Ivry-sur-Seine', 'R 1'],
  ]);
  await operation(providerA, [
    ['PAPETERIE GOLBEY', ' 41234567800015 ', null, 'R 13'],
    ['incinérateur ', null, 'quai marcel boyer, 94200 ivry-sur-seine', 'R 1'],
  ]);
  await operation(providerB, [['Papeterie de Golbey', '41234567800015', null, 'R 3']]);
  await run((version) => version === 15);

  const entries = await db.query(
    `select company_site_id as site, name, siret, address, postcode, city, treatment_codes as codes from final_outlets
     order by company_site_id, name`,
  );
  expect(entries).toEqual([
    {
      site: providerA,
      name: 'Incinérateur',
      siret: null,
      address: 'Quai Marcel Boyer',
      postcode: '94200',
      city: 'Ivry-sur-Seine',
      codes: ['R 1'],
    },
    {
      site: providerA,
      name: 'Papeterie de Golbey',
      siret: '41234567800015',
      address: 'Zone industrielle',
      postcode: '88190',
      city: 'Golbey',
      codes: ['R 13', 'R 3'],
    },
    {
      site: providerB,
      name: 'Papeterie de Golbey',
      siret: '41234567800015',
      address: null,
      postcode: null,
      city: null,
      codes: ['R 3'],
    },
  ]);
  const unlinked = await db.one<{ count: number }>(
    'select count(*)::int as count from operation_final_outlet_links where final_outlet_id is null',
  );
  expect(unlinked.count).toBe(0);
});
