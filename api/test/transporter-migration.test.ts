import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { openPglite } from '../src/db/pglite.ts';

/**
 * Migration 014: the transporter of an operation, free text until then, becomes a structured party. A name that is
 * the company of an establishment the operation offers (its provider, a carrier site linked to its site) becomes
 * that establishment with its SIRET and address; any other name stays entered by hand.
 */

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);
let db: Db;

async function runMigrations(filter: (version: number) => boolean) {
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of files) {
    if (filter(Number(name.slice(0, 3)))) await db.exec(await readFile(new URL(name, MIGRATIONS), 'utf8'));
  }
}

/** Set-up in the schema before 014: one company with one site of that typology; the site's id. */
async function siteOf(
  company: string,
  typology: string,
  siret: string,
  city: string | null,
): Promise<number> {
  const { id: companyId } = await db.one<{ id: number }>(
    'insert into companies (name) values ($1) returning id',
    [company],
  );
  const { id } = await db.one<{ id: number }>(
    `insert into company_sites (company_id, name, address, postcode, city, siret)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      companyId,
      `${company} site`,
      city === null ? null : '3 rue des Docks',
      city === null ? null : '69007',
      city,
      siret,
    ],
  );
  await db.query(
    `insert into company_site_site_typologies (company_site_id, site_typology_id)
     select $1, id from site_typologies where code = $2`,
    [id, typology],
  );
  return id;
}

let ids: Record<string, number>;

beforeAll(async () => {
  db = await openPglite(undefined);
  await runMigrations((version) => version < 14);
  await db.exec(`insert into site_typologies (code, label) values
    ('producer', 'Producteur'), ('retriever', 'Prestataire'), ('carrier', 'Transporteur')
    on conflict (code) do nothing`);
  const client = await siteOf('Garage Martin', 'producer', '73282932000074', 'Lyon');
  const collector = await siteOf('Collecte Rhône', 'retriever', '55210055400013', 'Lyon');
  const carrier = await siteOf('Transports Garnier', 'carrier', '40483304800022', 'Vénissieux');
  const unlinkedCarrier = await siteOf('Transports Lointains', 'carrier', '44306184100047', null);
  await db.query('insert into site_links (producer_site_id, retriever_site_id) values ($1, $2), ($1, $3)', [
    client,
    collector,
    carrier,
  ]);
  const operation = async (transporter: string | null) =>
    (
      await db.one<{ id: number }>(
        `insert into operations (type, status, company_site_id, provider_site_id, requested_date, transporter)
         values ('ROTATION', 'CANCELLED', $1, $2, date '2026-03-09', $3) returning id`,
        [client, collector, transporter],
      )
    ).id;
  ids = {
    carrier,
    collector,
    byCarrier: await operation('transports garnier '),
    byCollector: await operation('Collecte Rhône'),
    byUnlinked: await operation('Transports Lointains'),
    byOther: await operation('Camion du voisin'),
    byNobody: await operation(null),
  };
  expect(unlinkedCarrier).toBeGreaterThan(0);
  await runMigrations((version) => version === 14);
});
afterAll(() => db.close());

const transporterOf = (id: number | undefined) =>
  db.one(
    `select transporter_site_id as site, transporter_name as name, transporter_siret as siret,
       transporter_address as address, transporter_receipt_number as "receiptNumber"
     from operations where id = $1`,
    [id],
  );

it('links a name that is the company of a carrier site linked to the operation site, and copies its details', async () => {
  expect(await transporterOf(ids.byCarrier)).toEqual({
    site: ids.carrier,
    name: 'Transports Garnier',
    siret: '40483304800022',
    address: '3 rue des Docks, 69007 Vénissieux',
    receiptNumber: null,
  });
});

it('links the provider that carried its own collection', async () => {
  expect(await transporterOf(ids.byCollector)).toMatchObject({
    site: ids.collector,
    name: 'Collecte Rhône',
    siret: '55210055400013',
  });
});

it('keeps any other name entered by hand, even of a carrier the operation site is not linked to', async () => {
  for (const [id, name] of [
    [ids.byUnlinked, 'Transports Lointains'],
    [ids.byOther, 'Camion du voisin'],
    [ids.byNobody, null],
  ] as const) {
    expect(await transporterOf(id)).toEqual({
      site: null,
      name,
      siret: null,
      address: null,
      receiptNumber: null,
    });
  }
});
