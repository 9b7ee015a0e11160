import { SLIP_NOT_CREATED, SLIP_UNKNOWN } from '@portal/domain';
import type { Db } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import type { Policy } from '../policy/index.ts';

/**
 * The hazardous pick-ups of a producer's establishments (`/mes-enlevements-dangereux`): each hazardous operation
 * (not cancelled) with the slip carrying its number, and each slip of an establishment's SIRET that no operation
 * carries. A slip's own words (parties, quantities) come first: it is the official record.
 */

export interface PickupFilter {
  siteIds?: readonly number[];
  statuses?: readonly string[];
  from?: string;
  to?: string;
  operationIds?: readonly number[];
}

/** Where a page starts: after the line of this day and key (newest first). */
export interface PickupCursor {
  day: string;
  key: string;
}

export interface PickupRow {
  key: string;
  operationId: number | null;
  siteId: number;
  day: string | null;
  readableId: string | null;
  status: string;
  statusUpdatedAt: Date | null;
  emitterName: string | null;
  emitterSiret: string | null;
  transporterName: string | null;
  transporterSiret: string | null;
  recipientName: string | null;
  recipientSiret: string | null;
  wasteCode: string | null;
  wasteName: string | null;
  quantity: string | null;
  quantityReceived: string | null;
  outsidePortal: boolean;
}

/** The union of both kinds of lines, over the caller's own establishments, and the filters' conditions. */
async function pickupLines(policy: Policy, filter: PickupFilter, params: SqlParams) {
  const own = await policy.ownSiteIds({ fullAccessOnly: false });
  const siteIds = filter.siteIds === undefined ? own : filter.siteIds.filter((id) => own.includes(id));
  const sites = params.add(siteIds);
  const visible = await policy.visibleOperationCondition('o', params);
  const notCreated = params.add(SLIP_NOT_CREATED);
  const unknown = params.add(SLIP_UNKNOWN);
  const operationsOnly = filter.operationIds !== undefined;
  const lines = `
    select 'op-' || lpad(o.id::text, 10, '0') as key, o.id as "operationId", o.company_site_id as "siteId",
      coalesce(o.real_intervention_date, o.intervention_date, o.requested_date)::text as day,
      coalesce(s.readable_id, nullif(trim(o.bsd_number), '')) as "readableId",
      coalesce(s.status, case when nullif(trim(o.bsd_number), '') is null then ${notCreated} else ${unknown} end)
        as status,
      s.updated_at as "statusUpdatedAt",
      coalesce(s.emitter_name, c.name) as "emitterName", coalesce(s.emitter_siret, cs.siret) as "emitterSiret",
      coalesce(s.transporter_name, o.transporter_name) as "transporterName",
      coalesce(s.transporter_siret, o.transporter_siret) as "transporterSiret",
      coalesce(s.recipient_name, pc.name) as "recipientName", coalesce(s.recipient_siret, ps.siret) as "recipientSiret",
      coalesce(s.waste_code, o.waste_code) as "wasteCode", coalesce(s.waste_name, w.label) as "wasteName",
      coalesce(s.quantity, o.received_quantity)::text as quantity, s.quantity_received::text as "quantityReceived",
      false as "outsidePortal"
    from operations o
    join company_sites cs on cs.id = o.company_site_id
    join companies c on c.id = cs.company_id
    left join company_sites ps on ps.id = o.provider_site_id
    left join companies pc on pc.id = ps.company_id
    left join third_level_wastes w on w.id = o.third_level_waste_id
    left join trackdechets_slips s on s.readable_id = nullif(trim(o.bsd_number), '')
    where o.dangerous and o.status <> 'CANCELLED' and o.company_site_id = any(${sites}::int[]) and ${visible}
      ${operationsOnly ? `and o.id = any(${params.add(filter.operationIds)}::int[])` : ''}
    ${
      operationsOnly
        ? ''
        : `union all
    select 'slip-' || s.form_id, null, site.id, (coalesce(s.created_at, s.updated_at) at time zone 'Europe/Paris')::date::text,
      s.readable_id, s.status, s.updated_at, s.emitter_name, s.emitter_siret, s.transporter_name,
      s.transporter_siret, s.recipient_name, s.recipient_siret, s.waste_code, s.waste_name, s.quantity::text,
      s.quantity_received::text, true
    from trackdechets_slips s
    join lateral (select cs.id from company_sites cs where cs.siret = s.emitter_siret
      and cs.id = any(${sites}::int[]) order by cs.id limit 1) site on true
    where not exists (select 1 from operations o where nullif(trim(o.bsd_number), '') = s.readable_id)`
    }`;
  const where: string[] = [];
  if (filter.statuses !== undefined) where.push(`p.status = any(${params.add(filter.statuses)}::text[])`);
  if (filter.from !== undefined) where.push(`p.day >= ${params.add(filter.from)}`);
  if (filter.to !== undefined) where.push(`p.day <= ${params.add(filter.to)}`);
  return { lines, where };
}

export async function pickupPage(
  db: Db,
  policy: Policy,
  filter: PickupFilter,
  first: number,
  after: PickupCursor | undefined,
): Promise<{ rows: PickupRow[]; totalCount: number; hasNextPage: boolean }> {
  const params = new SqlParams();
  const { lines, where } = await pickupLines(policy, filter, params);
  const countWhere = where.length === 0 ? '' : `where ${where.join(' and ')}`;
  // The count binds only the parameters added so far: a statement refuses parameters it does not use.
  const countValues = [...params.values];
  const pageWhere = [...where];
  if (after !== undefined) {
    pageWhere.push(`(p.day, p.key) < (${params.add(after.day)}, ${params.add(after.key)})`);
  }
  const limit = params.add(first + 1);
  const [rows, count] = await Promise.all([
    db.query<PickupRow>(
      `select * from (${lines}) p ${pageWhere.length === 0 ? '' : `where ${pageWhere.join(' and ')}`}
       order by p.day desc nulls last, p.key desc limit ${limit}`,
      params.values,
    ),
    db.one<{ count: number }>(`select count(*)::int as count from (${lines}) p ${countWhere}`, countValues),
  ]);
  return { rows: rows.slice(0, first), totalCount: count.count, hasNextPage: rows.length > first };
}

/** A slip the caller sees: its emitter is one of the caller's own establishments, or its operation is visible. */
export async function visibleSlip(
  db: Db,
  policy: Policy,
  readableId: string,
): Promise<{ formId: string; emitterSiret: string } | null> {
  const params = new SqlParams();
  const { lines } = await pickupLines(policy, {}, params);
  return db.maybeOne<{ formId: string; emitterSiret: string }>(
    `select s.form_id as "formId", s.emitter_siret as "emitterSiret" from trackdechets_slips s
     where s.readable_id = ${params.add(readableId)} and s.emitter_siret is not null
       and exists (select 1 from (${lines}) p where p."readableId" = s.readable_id)`,
    params.values,
  );
}
