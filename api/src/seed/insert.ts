import type { Db } from '../db/index.ts';
import { allocateIds, bulkInsert } from '../db/index.ts';
import type { World } from './generate.ts';

export interface InsertedWorld {
  companyIds: number[];
  siteIds: number[];
  entityIds: number[];
  userIds: number[];
  skipIds: number[];
}

async function referenceIds(
  db: Db,
  table: 'site_typologies' | 'user_typologies' | 'company_sectors' | 'skip_types',
): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; code: string }>(`select id, code from ${table}`);
  return new Map(rows.map((row) => [row.code, row.id]));
}

function idOf(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`No id reserved for index ${index}`);
  return id;
}

/**
 * Inserts a generated world with multi-row INSERTs, in one transaction. Ids are reserved first so related
 * rows can reference them. Every generated user gets `passwordHash`.
 */
export async function insertWorld(db: Db, world: World, passwordHash: string): Promise<InsertedWorld> {
  return db.transaction(async (tx) => {
    const siteTypologies = await referenceIds(tx, 'site_typologies');
    const userTypologies = await referenceIds(tx, 'user_typologies');
    /** The id of a reference row (typology, sector) by code. */
    const referenceId = (map: Map<string, number>, code: string) => {
      const id = map.get(code);
      if (id === undefined) throw new Error(`Unknown reference code ${code}`);
      return id;
    };

    const sectors = await referenceIds(tx, 'company_sectors');
    const companyIds = await allocateIds(tx, 'companies', world.companies.length);
    await bulkInsert(
      tx,
      'companies',
      ['id', 'name', 'siret', 'company_sector_id'],
      world.companies.map((company, i) => [
        idOf(companyIds, i),
        company.name,
        company.siret,
        referenceId(sectors, company.sector),
      ]),
    );

    const siteIds = await allocateIds(tx, 'company_sites', world.sites.length);
    await bulkInsert(
      tx,
      'company_sites',
      ['id', 'company_id', 'name', 'address', 'city', 'postcode', 'department', 'siret', 'lat', 'lon'],
      world.sites.map((site, i) => [
        idOf(siteIds, i),
        idOf(companyIds, site.company),
        site.name,
        site.address,
        site.city,
        site.postcode,
        site.department,
        site.siret,
        site.lat,
        site.lon,
      ]),
    );
    await bulkInsert(
      tx,
      'company_site_site_typologies',
      ['company_site_id', 'site_typology_id'],
      world.sites.flatMap((site, i) =>
        site.typologies.map((code) => [idOf(siteIds, i), referenceId(siteTypologies, code)]),
      ),
    );

    const entityIds = await allocateIds(tx, 'company_site_entities', world.entities.length);
    await bulkInsert(
      tx,
      'company_site_entities',
      ['id', 'company_site_id', 'name', 'start_date', 'end_date', 'address'],
      world.entities.map((entity, i) => [
        idOf(entityIds, i),
        idOf(siteIds, entity.site),
        entity.name,
        entity.startDate,
        entity.endDate,
        entity.address,
      ]),
    );

    await bulkInsert(
      tx,
      'site_links',
      ['producer_site_id', 'retriever_site_id'],
      world.siteLinks.map((link) => [idOf(siteIds, link.producerSite), idOf(siteIds, link.retrieverSite)]),
    );

    const userIds = await allocateIds(tx, 'users', world.users.length);
    await bulkInsert(
      tx,
      'users',
      ['id', 'email', 'password_hash', 'firstname', 'lastname', 'phone', 'function'],
      world.users.map((user, i) => [
        idOf(userIds, i),
        user.email,
        passwordHash,
        user.firstname,
        user.lastname,
        user.phone,
        user.function,
      ]),
    );
    await bulkInsert(
      tx,
      'user_user_typologies',
      ['user_id', 'user_typology_id'],
      world.users.map((user, i) => [idOf(userIds, i), referenceId(userTypologies, user.typology)]),
    );
    await bulkInsert(
      tx,
      'user_companies',
      ['user_id', 'company_id'],
      world.users.map((user, i) => [idOf(userIds, i), idOf(companyIds, user.company)]),
    );

    const skipTypes = await referenceIds(tx, 'skip_types');
    await bulkInsert(
      tx,
      'skip_site_links',
      ['company_site_id', 'skip_type_id'],
      world.skipSiteLinks.map((link) => [idOf(siteIds, link.site), referenceId(skipTypes, link.skipType)]),
    );

    // A precise waste brings its flow and family.
    const wastes = new Map(
      (
        await tx.query<{ code: string; third: number; second: number; first: number }>(
          `select t.code, t.id as third, s.id as second, s.first_level_waste_id as first
           from third_level_wastes t join second_level_wastes s on s.id = t.second_level_waste_id`,
        )
      ).map((row) => [row.code, row]),
    );
    const types = new Map(
      (
        await tx.query<{ code: string; volume: string; unit: string }>(
          'select code, volume::text, unit from skip_types',
        )
      ).map((row) => [row.code, row]),
    );
    const wasteOf = (code: string) => {
      const waste = wastes.get(code);
      if (waste === undefined) throw new Error(`Unknown reference code ${code}`);
      return waste;
    };
    const skipIds = await allocateIds(tx, 'skips', world.skips.length);
    await bulkInsert(
      tx,
      'skips',
      [
        'id',
        'company_site_id',
        'company_site_entity_id',
        'name',
        'skip_type_id',
        'unit',
        'volume',
        'first_level_waste_id',
        'second_level_waste_id',
        'third_level_waste_id',
        'provider_site_id',
        'eco_organisation',
        'planned_treatment_code',
        'filling_level',
        'estimated_full_quantity',
        'package_count',
        'dangerous',
        'consistency',
        'waste_code',
        'provider_receipt_number',
        'provider_receipt_validity',
        'cap_number',
        'adr_mention',
        'adr_number',
        'state',
        'created_at',
        'updated_at',
      ],
      world.skips.map((skip, i) => {
        const waste = wasteOf(skip.thirdLevelWaste);
        const type = types.get(skip.skipType);
        return [
          idOf(skipIds, i),
          idOf(siteIds, skip.site),
          skip.entity === null ? null : idOf(entityIds, skip.entity),
          skip.name,
          referenceId(skipTypes, skip.skipType),
          type?.unit ?? null,
          type?.volume ?? null,
          waste.first,
          waste.second,
          waste.third,
          skip.provider === null ? null : idOf(siteIds, skip.provider),
          skip.ecoOrganisation,
          skip.plannedTreatmentCode,
          skip.fillingLevel,
          skip.estimatedFullQuantity,
          skip.packageCount,
          skip.dangerous,
          skip.consistency,
          skip.wasteCode,
          skip.providerReceiptNumber,
          skip.providerReceiptValidity,
          skip.capNumber,
          skip.adrMention,
          skip.adrNumber,
          skip.state,
          skip.createdAt,
          skip.createdAt,
        ];
      }),
    );

    return { companyIds, siteIds, entityIds, userIds, skipIds };
  });
}
