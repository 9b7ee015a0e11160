import {
  iri,
  qualificationOf,
  REGISTER_REQUIRED_FIELDS,
  type RegisterFinalTreatment,
  type RegisterLine,
  type RegisterParty,
  type RegisterRequiredField,
  registerLineGaps,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import type { Policy } from '../policy/index.ts';
import type { TreatmentCode } from '../reference/data.ts';

/**
 * The producer's register of outgoing waste (DOMAIN.md, article 2), built from what happened: every operation
 * its provider completed or its producer validated is a shipment, on its real intervention date. Lines come
 * newest first, in keyset pages (date, then id), so that a page of a year of 1,000,000 lines costs one index
 * range and an export reads them in batches without holding them.
 */

/** The filters of a register (all optional but the caller's scope): the shipment dates, inclusive. */
export interface RegisterFilter {
  from?: string;
  to?: string;
  siteIds?: readonly number[];
  wasteCodes?: readonly string[];
  dangerous?: boolean;
}

/** Where a page starts: after the line of this shipment date and operation id (newest first). */
export interface RegisterCursor {
  date: string;
  id: number;
}

/**
 * The operation statuses whose waste has left: completed by the provider, validated by the producer (the
 * statuses of the register's indexes, migration 022).
 */
const SHIPPED_STATUSES = `o.status in ('COMPLETED', 'REALISED')`;
/** An operation's shipment date: its real intervention date, which a shipped operation always has (its check). */
const SHIPMENT_DATE = 'o.real_intervention_date';

interface LineRow {
  id: number;
  /** Set on every shipped operation (its check), hence also the page's cursor. */
  shipmentDate: string;
  siteId: number;
  entityId: number | null;
  wasteId: number | null;
  providerId: number | null;
  transporterSiteId: number | null;
  wasteCode: string | null;
  dangerous: boolean;
  pop: boolean | null;
  weightIsEstimate: boolean | null;
  bsdNumber: string | null;
  weight: string | null;
  plannedTreatmentCode: string | null;
  ecoOrganisationName: string | null;
  ecoOrganisationSiren: string | null;
  brokerName: string | null;
  brokerSiret: string | null;
  brokerReceiptNumber: string | null;
  transporterName: string | null;
  transporterSiret: string | null;
  transporterAddress: string | null;
  transporterReceiptNumber: string | null;
  outlets: OutletJson[] | null;
}

interface OutletJson {
  name: string;
  siret: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  treatmentCode: string;
  qualification: string | null;
  /** Its tonnes, 3 decimals: as given, or its percentage of the received weight (null without one). */
  tonnes: string | null;
}

/** The SQL condition and parameters of a register's scope and filters, on operations `o`. */
async function registerScope(policy: Policy, filter: RegisterFilter, params: SqlParams): Promise<string[]> {
  // The register is the producer's: its own establishments (limited to its chantiers for a limited-entity user).
  const own = await policy.ownSiteIds({ fullAccessOnly: false });
  const siteIds = filter.siteIds === undefined ? own : filter.siteIds.filter((id) => own.includes(id));
  const where = [
    SHIPPED_STATUSES,
    `o.company_site_id = any(${params.add(siteIds)}::int[])`,
    await policy.visibleOperationCondition('o', params),
  ];
  if (filter.from !== undefined) where.push(`${SHIPMENT_DATE} >= ${params.add(filter.from)}::date`);
  if (filter.to !== undefined) where.push(`${SHIPMENT_DATE} <= ${params.add(filter.to)}::date`);
  if (filter.wasteCodes !== undefined) {
    where.push(`o.waste_code = any(${params.add(filter.wasteCodes)}::text[])`);
  }
  if (filter.dangerous !== undefined) where.push(`o.dangerous = ${params.add(filter.dangerous)}`);
  return where;
}

/** How many lines the register holds under these filters. */
export async function registerLineCount(db: Db, policy: Policy, filter: RegisterFilter): Promise<number> {
  const params = new SqlParams();
  const where = await registerScope(policy, filter, params);
  const row = await db.one<{ count: number }>(
    `select count(*)::int as count from operations o where ${where.join(' and ')}`,
    params.values,
  );
  return row.count;
}

/** How many lines lack each mandatory field, counted by PostgreSQL (a year of lines is never read for it). */
export interface RegisterSummary {
  totalCount: number;
  incompleteCount: number;
  missingByField: Partial<Record<RegisterRequiredField, number>>;
}

const blank = (column: string) => `coalesce(trim(${column}), '') = ''`;

/**
 * The counts of the register's lines and of the mandatory fields they lack, in one aggregate: each field's
 * condition is `registerLineGaps`'s, written over the same rows as `registerLinePage` reads them (the destination
 * and its code: the provider's centre after a transit code, else the outlet that received the most), so that the
 * counts agree with the lines' `missing` (registry.test.ts holds them together).
 */
export async function registerSummary(
  db: Db,
  policy: Policy,
  treatmentCodes: ReadonlyMap<string, TreatmentCode>,
  filter: RegisterFilter,
): Promise<RegisterSummary> {
  const params = new SqlParams();
  const where = await registerScope(policy, filter, params);
  const codes = [...treatmentCodes.values()];
  const transitCodes = params.add(codes.filter((code) => !code.isFinal).map((code) => code.code));
  // An outlet's qualification is known when it is given, or when its code allows only one.
  const singleMode = params.add(
    codes.filter((code) => code.operationModes.length === 1).map((code) => code.code),
  );
  const known = (alias: string) =>
    `(${alias}.qualification is not null or ${alias}.treatment_code = any(${singleMode}::text[]))`;
  const gaps: Record<RegisterRequiredField, string> = {
    shipmentDate: `${SHIPMENT_DATE} is null`,
    wasteDescription: blank('w.label'),
    wasteCode: blank('o.waste_code'),
    weight: 'o.received_quantity is null',
    originSiret: blank('cs.siret'),
    originAddress: `${blank('cs.address')} and ${blank('cs.city')}`,
    carrier: `${blank('o.transporter_name')} or ${blank('o.transporter_siret')} or ${blank('o.transporter_receipt_number')}`,
    destination: `case when t.transit then ${blank('pc.name')} or ${blank('ps.siret')} or (${blank('ps.address')} and ${blank('ps.city')})
      else m.name is null or ${blank('m.name')} or ${blank('m.siret')} or (${blank('m.address')} and ${blank('m.city')}) end`,
    treatmentCode:
      'case when t.transit then o.planned_treatment_code is null else m.treatment_code is null end',
    qualification: `case when t.transit then not exists (select 1 from operation_final_outlet_links x where x.operation_id = o.id)
        or exists (select 1 from operation_final_outlet_links x where x.operation_id = o.id and not ${known('x')})
      else m.treatment_code is null or not ${known('m')} end`,
  };
  const fields = REGISTER_REQUIRED_FIELDS;
  const row = await db.one<Record<string, number>>(
    `with lines as (
       select ${fields.map((field) => `(${gaps[field]}) as "${field}"`).join(', ')}
       from operations o
       join company_sites cs on cs.id = o.company_site_id
       left join third_level_wastes w on w.id = o.third_level_waste_id
       left join company_sites ps on ps.id = o.provider_site_id
       left join companies pc on pc.id = ps.company_id
       cross join lateral (select o.planned_treatment_code = any(${transitCodes}::text[])
         and o.provider_site_id is not null as transit) t
       left join lateral (
         select l.name, coalesce(nullif(l.siret, ''), fo.siret) as siret, coalesce(fo.address, l.address) as address,
           fo.city, l.treatment_code, l.qualification
         from operation_final_outlet_links l left join final_outlets fo on fo.id = l.final_outlet_id
         where l.operation_id = o.id
         order by case when l.quantity_unit = 'TONNE' then l.quantity
           else l.quantity * coalesce(o.received_quantity, 0) / 100 end desc, l.position
         limit 1) m on true
       where ${where.join(' and ')}
     )
     select count(*)::int as "totalCount",
       count(*) filter (where ${fields.map((field) => `"${field}"`).join(' or ')})::int as "incompleteCount",
       ${fields.map((field) => `count(*) filter (where "${field}")::int as "${field}"`).join(', ')}
     from lines`,
    params.values,
  );
  const missingByField: Partial<Record<RegisterRequiredField, number>> = {};
  for (const field of fields) if ((row[field] ?? 0) > 0) missingByField[field] = row[field];
  return { totalCount: row.totalCount ?? 0, incompleteCount: row.incompleteCount ?? 0, missingByField };
}

/** An establishment as lines name it: its company's name, its SIRET and address. */
interface SiteFacts {
  name: string;
  siret: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
}

/**
 * What many lines share, read once by id rather than joined into every line (an export of a million lines names
 * a few hundred establishments): the establishments (origin, provider, carrier), the chantiers, the wastes' names.
 */
export interface RegisterFacts {
  sites: Map<number, SiteFacts>;
  entities: Map<number, { name: string; address: string | null }>;
  wastes: Map<number, string>;
}

export const registerFacts = (): RegisterFacts => ({
  sites: new Map(),
  entities: new Map(),
  wastes: new Map(),
});

/** Reads into `facts` what these rows name and it does not hold yet: at most three queries. */
async function loadFacts(db: Db, rows: readonly LineRow[], facts: RegisterFacts): Promise<void> {
  const missing = (ids: (number | null)[], known: Map<number, unknown>) => [
    ...new Set(ids.filter((id): id is number => id !== null && !known.has(id))),
  ];
  const siteIds = missing(
    rows.flatMap((row) => [row.siteId, row.providerId, row.transporterSiteId]),
    facts.sites,
  );
  const entityIds = missing(
    rows.map((row) => row.entityId),
    facts.entities,
  );
  const wasteIds = missing(
    rows.map((row) => row.wasteId),
    facts.wastes,
  );
  if (siteIds.length > 0) {
    const sites = await db.query<SiteFacts & { id: number }>(
      `select cs.id, c.name, cs.siret, cs.address, cs.postcode, cs.city
       from company_sites cs join companies c on c.id = cs.company_id where cs.id = any($1::int[])`,
      [siteIds],
    );
    for (const { id, ...site } of sites) facts.sites.set(id, site);
  }
  if (entityIds.length > 0) {
    const entities = await db.query<{ id: number; name: string; address: string | null }>(
      'select id, name, address from company_site_entities where id = any($1::int[])',
      [entityIds],
    );
    for (const { id, ...entity } of entities) facts.entities.set(id, entity);
  }
  if (wasteIds.length > 0) {
    const wastes = await db.query<{ id: number; label: string }>(
      'select id, label from third_level_wastes where id = any($1::int[])',
      [wasteIds],
    );
    for (const { id, label } of wastes) facts.wastes.set(id, label);
  }
}

/** One page of lines, newest first, after `cursor`; `facts` may be kept from page to page (an export). */
export async function registerLinePage(
  db: Db,
  policy: Policy,
  treatmentCodes: ReadonlyMap<string, TreatmentCode>,
  filter: RegisterFilter,
  size: number,
  cursor?: RegisterCursor,
  facts: RegisterFacts = registerFacts(),
): Promise<{ entries: { line: RegisterLine; cursor: RegisterCursor }[]; next: RegisterCursor | null }> {
  const params = new SqlParams();
  const where = await registerScope(policy, filter, params);
  if (cursor !== undefined) {
    where.push(
      `(${SHIPMENT_DATE}, o.id) < (${params.add(cursor.date)}::date, ${params.add(cursor.id)}::int)`,
    );
  }
  const rows = await db.query<LineRow>(
    `select o.id, ${SHIPMENT_DATE}::text as "shipmentDate", o.company_site_id as "siteId",
       o.company_site_entity_id as "entityId", o.third_level_waste_id as "wasteId",
       o.provider_site_id as "providerId", o.transporter_site_id as "transporterSiteId",
       o.waste_code as "wasteCode", o.dangerous,
       s.persistent_organic_pollutants as pop, (o.quantity_estimated or coalesce(s.quantity_estimated, false)) as "weightIsEstimate",
       o.bsd_number as "bsdNumber", o.received_quantity::text as weight,
       o.planned_treatment_code as "plannedTreatmentCode",
       o.eco_organisation_name as "ecoOrganisationName", o.eco_organisation_siren as "ecoOrganisationSiren",
       o.broker_name as "brokerName", o.broker_siret as "brokerSiret",
       o.broker_receipt_number as "brokerReceiptNumber",
       o.transporter_name as "transporterName", o.transporter_siret as "transporterSiret",
       o.transporter_address as "transporterAddress",
       o.transporter_receipt_number as "transporterReceiptNumber",
       (select json_agg(json_build_object(
           'name', l.name, 'siret', coalesce(nullif(l.siret, ''), fo.siret),
           'address', coalesce(fo.address, l.address), 'postalCode', fo.postcode, 'city', fo.city,
           'treatmentCode', l.treatment_code, 'qualification', l.qualification,
           'tonnes', (case when l.quantity_unit = 'TONNE' then l.quantity
             else trunc(o.received_quantity * l.quantity / 100, 3) end)::text) order by l.position)
        from operation_final_outlet_links l left join final_outlets fo on fo.id = l.final_outlet_id
        where l.operation_id = o.id) as outlets
     from operations o
     left join skips s on s.id = o.skip_id
     where ${where.join(' and ')}
     order by ${SHIPMENT_DATE} desc, o.id desc
     limit ${params.add(size + 1)}`,
    params.values,
  );
  const kept = rows.slice(0, size);
  await loadFacts(db, kept, facts);
  const entries = kept.map((row) => ({
    line: registerLineOf(row, treatmentCodes, facts),
    cursor: { date: row.shipmentDate, id: row.id },
  }));
  return { entries, next: rows.length > size ? (entries.at(-1)?.cursor ?? null) : null };
}

/**
 * Every line under these filters, newest first, read in batches, the next one read while the last is written: an
 * export holds two batches at a time. Batches of 1,000: larger ones live long enough to be promoted to the old
 * generation, whose lazy collection took the bench's resident memory 300 MB up (500 cost a query's planning too
 * often); the bench of the register measures both.
 */
export async function* registerLines(
  db: Db,
  policy: Policy,
  treatmentCodes: ReadonlyMap<string, TreatmentCode>,
  filter: RegisterFilter,
  batchSize = 1000,
): AsyncGenerator<RegisterLine> {
  const facts = registerFacts();
  const pageAfter = (cursor?: RegisterCursor) => {
    const page = registerLinePage(db, policy, treatmentCodes, filter, batchSize, cursor, facts);
    // Read ahead while the last page is written; a reader that stops early leaves it unread, not unhandled.
    page.catch(() => {});
    return page;
  };
  let next = pageAfter();
  for (;;) {
    const page = await next;
    if (page.next !== null) next = pageAfter(page.next);
    for (const entry of page.entries) yield entry.line;
    if (page.next === null) return;
  }
}

const party = (
  name: string | null,
  siret: string | null,
  address: string | null,
  postalCode: string | null = null,
  city: string | null = null,
): RegisterParty => ({ name, siret, address, postalCode, city });

/**
 * A line from an operation. The destination is where the provider took the waste: with a transit code planned
 * (R 12, R 13, D 13 to D 15) its own establishment, the final outlets then being the final treatments; otherwise
 * the outlet that received the most, with its code and qualification.
 */
function registerLineOf(
  row: LineRow,
  treatmentCodes: ReadonlyMap<string, TreatmentCode>,
  facts: RegisterFacts,
): RegisterLine {
  const site = (id: number | null) => (id === null ? undefined : facts.sites.get(id));
  const origin = site(row.siteId);
  const provider = site(row.providerId);
  const transporterSite = site(row.transporterSiteId);
  const entity = row.entityId === null ? undefined : facts.entities.get(row.entityId);
  const outlets = row.outlets ?? [];
  const finalTreatments: RegisterFinalTreatment[] = outlets.map((outlet) => ({
    siret: outlet.siret,
    treatmentCode: outlet.treatmentCode,
    qualification: qualificationOf(
      outlet.qualification,
      treatmentCodes.get(outlet.treatmentCode)?.operationModes ?? [],
    ),
    weight: outlet.tonnes,
  }));
  const planned =
    row.plannedTreatmentCode === null ? undefined : treatmentCodes.get(row.plannedTreatmentCode);
  const transit = planned !== undefined && !planned.isFinal && provider !== undefined;
  // The outlet that received the most (the first of equals); most lines have one.
  let main: { outlet: OutletJson; index: number } | undefined;
  let most = -1;
  outlets.forEach((outlet, index) => {
    const tonnes = Number(outlet.tonnes ?? 0);
    if (tonnes > most) {
      most = tonnes;
      main = { outlet, index };
    }
  });
  const destination = transit
    ? party(provider.name, provider.siret, provider.address, provider.postcode, provider.city)
    : main === undefined
      ? null
      : party(
          main.outlet.name,
          main.outlet.siret,
          main.outlet.address,
          main.outlet.postalCode,
          main.outlet.city,
        );
  const carrier =
    row.transporterName === null
      ? []
      : [
          {
            // A carrier of the portal: its establishment's address, split as the register asks.
            ...party(
              row.transporterName,
              row.transporterSiret,
              transporterSite?.address ?? row.transporterAddress,
              transporterSite?.postcode ?? null,
              transporterSite?.city ?? null,
            ),
            receiptNumber: row.transporterReceiptNumber,
          },
        ];
  const line: Omit<RegisterLine, 'missing'> = {
    id: iri('operations', row.id),
    source: 'OPERATION',
    shipmentDate: row.shipmentDate,
    wasteDescription: row.wasteId === null ? null : (facts.wastes.get(row.wasteId) ?? null),
    wasteCode: row.wasteCode,
    pop: row.pop ?? false,
    dangerous: row.dangerous,
    slipNumbers: row.bsdNumber === null ? [] : [row.bsdNumber],
    weight: row.weight,
    weightIsEstimate: row.weightIsEstimate ?? false,
    origin: party(
      origin?.name ?? null,
      origin?.siret ?? null,
      origin?.address ?? null,
      origin?.postcode ?? null,
      origin?.city ?? null,
    ),
    pickupSite: entity === undefined ? null : party(entity.name, null, entity.address),
    ecoOrganisation:
      row.ecoOrganisationName === null
        ? null
        : { name: row.ecoOrganisationName, siren: row.ecoOrganisationSiren },
    broker:
      row.brokerName === null
        ? null
        : { ...party(row.brokerName, row.brokerSiret, null), receiptNumber: row.brokerReceiptNumber },
    carriers: carrier,
    destination,
    plannedTreatmentCode: row.plannedTreatmentCode,
    treatmentCode: transit ? row.plannedTreatmentCode : (main?.outlet.treatmentCode ?? null),
    qualification: transit ? null : (finalTreatments[main?.index ?? -1]?.qualification ?? null),
    finalTreatments,
  };
  return { ...line, missing: registerLineGaps(line) };
}
