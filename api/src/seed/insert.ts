import type { Db } from '../db/index.ts';
import { allocateIds, bulkInsert } from '../db/index.ts';
import type {
  World,
  WorldIncident,
  WorldOperation,
  WorldOperationCosts,
  WorldOperationOutlet,
} from './world.ts';

export interface InsertedWorld {
  companyIds: number[];
  siteIds: number[];
  entityIds: number[];
  userIds: number[];
  skipIds: number[];
  operationIds: number[];
}

/** Rows of one `insert ... select from unnest(...)`: few statements and parameters for very many rows. */
const ROWS_PER_UNNEST = 10_000;

/**
 * Inserts rows with one array parameter per column (`[name, SQL type, value of a row]`), in chunks: much
 * faster than multi-row VALUES for hundreds of thousands of rows.
 */
async function unnestInsert<Row>(
  db: Db,
  table: string,
  columns: readonly (readonly [name: string, type: string, value: (row: Row, index: number) => unknown])[],
  rows: readonly Row[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_UNNEST) {
    const chunk = rows.slice(start, start + ROWS_PER_UNNEST);
    await db.query(
      `insert into ${table} (${columns.map(([name]) => name).join(', ')})
       select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`,
      columns.map(([, , value]) => chunk.map((row, i) => value(row, start + i))),
    );
  }
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
      'site_link_periods',
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
        'planned_work',
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
          skip.plannedWork,
          skip.createdAt,
          skip.createdAt,
        ];
      }),
    );

    const operationIds = await insertOperations(tx, world, {
      siteIds,
      entityIds,
      skipIds,
      wastes: world.skips.map((skip) => wasteOf(skip.thirdLevelWaste).third),
    });

    await analyzeSchema(tx);
    return { companyIds, siteIds, entityIds, userIds, skipIds, operationIds };
  });
}

/**
 * Fresh planner statistics for the tables of the schema, once filled in bulk. PGlite runs no autovacuum: without
 * them the planner takes the site tables for nearly empty and scans the caller's 2,000 sites once per site (a
 * page of one establishment in 280 ms instead of 0.4 ms, EXPLAIN ANALYZE). Only this schema's tables: a test's
 * schema on a shared server leaves the others alone.
 */
export async function analyzeSchema(db: Db): Promise<void> {
  const tables = await db.query<{ name: string }>(
    'select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by tablename',
  );
  if (tables.length > 0) await db.query(`analyze ${tables.map((table) => table.name).join(', ')}`);
}

/**
 * The operations of a world, their final outlets and costs, and the incidents declared on them or their
 * containers, with `unnest`: the site, chantier, provider and waste of an operation (and who sees an incident)
 * are its container's.
 */
async function insertOperations(
  db: Db,
  world: World,
  ids: { siteIds: number[]; entityIds: number[]; skipIds: number[]; wastes: number[] },
): Promise<number[]> {
  const operations = world.operations;
  if (operations.length === 0) return [];
  const operationIds = await allocateIds(db, 'operations', operations.length);
  const skipAt = (index: number) => {
    const skip = world.skips[index];
    if (skip === undefined) throw new Error(`No container at index ${index}`);
    return skip;
  };
  const skipOf = (operation: WorldOperation) => skipAt(operation.skip);
  // What the operation copies of the establishment that carried it (the register's carrier).
  const transporterOf = (operation: WorldOperation) => {
    const site = operation.transporter === null ? undefined : world.sites[operation.transporter];
    if (site === undefined) return null;
    return {
      name: world.companies[site.company]?.name ?? site.name,
      siret: site.siret,
      address: `${site.address}, ${site.postcode} ${site.city}`,
      // Its transport receipt (récépissé de déclaration), numbered as the prefectures do: year/T/department/n.
      receiptNumber: `2024/T/${site.postcode.slice(0, 2)}/${String(operation.transporter).padStart(4, '0')}`,
    };
  };
  const operationColumns: [string, string, (operation: WorldOperation, index: number) => unknown][] = [
    ['id', 'int', (_, index) => idOf(operationIds, index)],
    ['type', 'text', (operation) => operation.type],
    ['status', 'text', (operation) => operation.status],
    ['skip_id', 'int', (operation) => idOf(ids.skipIds, operation.skip)],
    ['company_site_id', 'int', (operation) => idOf(ids.siteIds, skipOf(operation).site)],
    [
      'company_site_entity_id',
      'int',
      (operation) => {
        const entity = skipOf(operation).entity;
        return entity === null ? null : idOf(ids.entityIds, entity);
      },
    ],
    [
      'provider_site_id',
      'int',
      (operation) => {
        const provider = skipOf(operation).provider;
        return provider === null ? null : idOf(ids.siteIds, provider);
      },
    ],
    ['third_level_waste_id', 'int', (operation) => ids.wastes[operation.skip]],
    ['waste_code', 'text', (operation) => skipOf(operation).wasteCode],
    ['dangerous', 'boolean', (operation) => skipOf(operation).dangerous],
    ['planned_treatment_code', 'text', (operation) => operation.plannedTreatmentCode],
    ['requested_date', 'date', (operation) => operation.requestedDate],
    ['intervention_date', 'date', (operation) => operation.interventionDate],
    ['comment', 'text', (operation) => operation.comment],
    ['received_quantity', 'numeric', (operation) => operation.receivedQuantity],
    ['real_intervention_date', 'date', (operation) => operation.realInterventionDate],
    ['bsd_number', 'text', (operation) => operation.bsdNumber],
    [
      'transporter_site_id',
      'int',
      (operation) => (operation.transporter === null ? null : idOf(ids.siteIds, operation.transporter)),
    ],
    ['transporter_name', 'text', (operation) => transporterOf(operation)?.name ?? null],
    ['transporter_siret', 'text', (operation) => transporterOf(operation)?.siret ?? null],
    ['transporter_address', 'text', (operation) => transporterOf(operation)?.address ?? null],
    ['transporter_receipt_number', 'text', (operation) => transporterOf(operation)?.receiptNumber ?? null],
    ['provider_comment', 'text', (operation) => operation.providerComment],
    ['version', 'int', (operation) => operation.version],
    ['created_at', 'timestamptz', (operation) => operation.createdAt],
    ['updated_at', 'timestamptz', (operation) => operation.updatedAt],
    ['completed_at', 'timestamptz', (operation) => operation.completedAt],
    ['validated_at', 'timestamptz', (operation) => operation.validatedAt],
  ];
  await unnestInsert(db, 'operations', operationColumns, operations);

  const outlets: { operation: number; position: number; outlet: WorldOperationOutlet }[] = [];
  const costs: { operation: number; costs: WorldOperationCosts; at: string }[] = [];
  operations.forEach((operation, index) => {
    const operationId = idOf(operationIds, index);
    operation.outlets.forEach((outlet, position) => {
      outlets.push({ operation: operationId, position: position + 1, outlet });
    });
    if (operation.costs !== null) {
      costs.push({
        operation: operationId,
        costs: operation.costs,
        at: operation.completedAt ?? operation.updatedAt,
      });
    }
  });
  const outletColumns: [string, string, (row: (typeof outlets)[number]) => unknown][] = [
    ['operation_id', 'int', (row) => row.operation],
    ['position', 'int', (row) => row.position],
    ['name', 'text', (row) => row.outlet.name],
    ['siret', 'text', (row) => row.outlet.siret],
    ['address', 'text', (row) => row.outlet.address],
    ['treatment_code', 'text', (row) => row.outlet.treatmentCode],
    ['qualification', 'text', (row) => row.outlet.qualification],
    ['quantity', 'numeric', (row) => row.outlet.quantity],
    ['quantity_unit', 'text', (row) => row.outlet.quantityUnit],
  ];
  await unnestInsert(db, 'operation_final_outlet_links', outletColumns, outlets);
  const costColumns: [string, string, (row: (typeof costs)[number]) => unknown][] = [
    ['operation_id', 'int', (row) => row.operation],
    ['treatment_cost', 'numeric', (row) => row.costs.treatmentCost],
    ['transport_cost', 'numeric', (row) => row.costs.transportCost],
    ['recycling_revenue', 'numeric', (row) => row.costs.recyclingRevenue],
    ['purchase_price', 'numeric', (row) => row.costs.purchasePrice],
    ['updated_at', 'timestamptz', (row) => row.at],
  ];
  await unnestInsert(db, 'operation_costs', costColumns, costs);

  const incidentColumns: [string, string, (incident: WorldIncident) => unknown][] = [
    [
      'operation_id',
      'int',
      (incident) => (incident.operation === null ? null : idOf(operationIds, incident.operation)),
    ],
    ['skip_id', 'int', (incident) => (incident.operation === null ? idOf(ids.skipIds, incident.skip) : null)],
    ['company_site_id', 'int', (incident) => idOf(ids.siteIds, skipAt(incident.skip).site)],
    [
      'company_site_entity_id',
      'int',
      (incident) => {
        const entity = skipAt(incident.skip).entity;
        return entity === null ? null : idOf(ids.entityIds, entity);
      },
    ],
    [
      'provider_site_id',
      'int',
      (incident) => {
        const provider = skipAt(incident.skip).provider;
        return provider === null ? null : idOf(ids.siteIds, provider);
      },
    ],
    ['description', 'text', (incident) => incident.description],
    ['created_at', 'timestamptz', (incident) => incident.createdAt],
  ];
  await unnestInsert(db, 'incidents', incidentColumns, world.incidents);
  return operationIds;
}
