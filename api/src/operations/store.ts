import {
  type FinalOutletValues,
  iri,
  messages,
  missingForRotation,
  OPEN_OPERATION_STATUSES,
  type OperationStatus,
  type OperationType,
  type OutletQuantityUnit,
  plannedWorkOf,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { entityIri } from '../entities/serialize.ts';
import {
  forbidden,
  hydraItem,
  notFound,
  referenceId,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import type { Policy, SkipTarget } from '../policy/index.ts';
import { loadSkip, skipTarget } from '../skips/routes.ts';
import { type SkipRow, skipFields } from '../skips/serialize.ts';

/** An operation as stored, in the names of the REST API; decimals and dates as text. */
export interface OperationRow {
  id: number;
  type: OperationType;
  status: OperationStatus;
  skipId: number | null;
  siteId: number;
  entityId: number | null;
  providerSiteId: number | null;
  thirdLevelWasteId: number | null;
  wasteCode: string | null;
  dangerous: boolean;
  plannedTreatmentCode: string | null;
  requestedDate: string;
  interventionDate: string | null;
  comment: string | null;
  receivedQuantity: string | null;
  realInterventionDate: string | null;
  bsdNumber: string | null;
  transporter: string | null;
  providerComment: string | null;
  programId: number | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  completedAt: Date | string | null;
  validatedAt: Date | string | null;
}

export interface OutletRow {
  id: number;
  operationId: number;
  position: number;
  name: string;
  siret: string | null;
  address: string | null;
  treatmentCode: string;
  qualification: string | null;
  quantity: string;
  quantityUnit: OutletQuantityUnit;
}

export const OPERATION_SELECT = `o.id, o.type, o.status, o.skip_id as "skipId", o.company_site_id as "siteId",
  o.company_site_entity_id as "entityId", o.provider_site_id as "providerSiteId",
  o.third_level_waste_id as "thirdLevelWasteId", o.waste_code as "wasteCode", o.dangerous,
  o.planned_treatment_code as "plannedTreatmentCode", o.requested_date::text as "requestedDate",
  o.intervention_date::text as "interventionDate", o.comment, o.received_quantity::text as "receivedQuantity",
  o.real_intervention_date::text as "realInterventionDate", o.bsd_number as "bsdNumber", o.transporter,
  o.provider_comment as "providerComment", o.program_id as "programId", o.version, o.created_at as "createdAt", o.updated_at as "updatedAt",
  o.completed_at as "completedAt", o.validated_at as "validatedAt"`;

const OUTLET_SELECT = `l.id, l.operation_id as "operationId", l.position, l.name, l.siret, l.address,
  l.treatment_code as "treatmentCode", l.qualification, l.quantity::text as quantity,
  l.quantity_unit as "quantityUnit"`;

const timestamp = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const reference = (resource: string, id: number | null) => (id === null ? null : iri(resource, id));

export const outletIri = (operationId: number, outletId: number) =>
  `/api/operation/${operationId}/operation_final_outlet_links/${outletId}`;

export function outletItem(row: OutletRow) {
  return hydraItem('OperationFinalOutletLink', outletIri(row.operationId, row.id), {
    id: row.id,
    operation: iri('operations', row.operationId),
    position: row.position,
    name: row.name,
    siret: row.siret,
    address: row.address,
    treatmentCode: row.treatmentCode,
    qualification: row.qualification,
    quantity: row.quantity,
    quantityUnit: row.quantityUnit,
  });
}

/** The REST item; its final outlets are embedded (the operation is read with them, in one call). */
export function operationItem(row: OperationRow, outlets: readonly OutletRow[]) {
  return hydraItem('Operation', iri('operations', row.id), {
    id: row.id,
    type: row.type,
    status: row.status,
    skip: reference('skips', row.skipId),
    companySite: iri('company_sites', row.siteId),
    companySiteEntity: row.entityId === null ? null : entityIri(row.siteId, row.entityId),
    provider: reference('company_sites', row.providerSiteId),
    thirdLevelWaste: reference('third_level_wastes', row.thirdLevelWasteId),
    wasteCode: row.wasteCode,
    dangerous: row.dangerous,
    plannedTreatmentCode: row.plannedTreatmentCode,
    requestedDate: row.requestedDate,
    interventionDate: row.interventionDate,
    comment: row.comment,
    receivedQuantity: row.receivedQuantity,
    realInterventionDate: row.realInterventionDate,
    bsdNumber: row.bsdNumber,
    transporter: row.transporter,
    providerComment: row.providerComment,
    program: reference('operation_programs', row.programId),
    finalOutlets: outlets.map(outletItem),
    version: row.version,
    createdAt: timestamp(row.createdAt),
    updatedAt: timestamp(row.updatedAt),
    completedAt: timestamp(row.completedAt),
    validatedAt: timestamp(row.validatedAt),
  });
}

export const operationTarget = (row: OperationRow): SkipTarget => ({
  siteId: row.siteId,
  entityId: row.entityId,
  providerSiteId: row.providerSiteId,
});

export async function loadOperation(db: Db, operationId: number, lock = false): Promise<OperationRow> {
  const row = await db.maybeOne<OperationRow>(
    `select ${OPERATION_SELECT} from operations o where o.id = $1${lock ? ' for update' : ''}`,
    [operationId],
  );
  if (row === null) throw notFound();
  return row;
}

/** The final outlets of these operations, in their order, grouped by operation (one query for a page). */
export async function outletsOf(db: Db, operationIds: readonly number[]): Promise<Map<number, OutletRow[]>> {
  const byOperation = new Map<number, OutletRow[]>(operationIds.map((id) => [id, []]));
  if (operationIds.length === 0) return byOperation;
  const rows = await db.query<OutletRow>(
    `select ${OUTLET_SELECT} from operation_final_outlet_links l
     where l.operation_id = any($1::int[]) order by l.operation_id, l.position`,
    [operationIds],
  );
  for (const row of rows) byOperation.get(row.operationId)?.push(row);
  return byOperation;
}

/** Replaces the final outlets of an operation (the provider saves the whole list at once). */
export async function replaceOutlets(
  db: Db,
  operationId: number,
  outlets: readonly FinalOutletValues[],
): Promise<void> {
  await db.query('delete from operation_final_outlet_links where operation_id = $1', [operationId]);
  if (outlets.length === 0) return;
  await db.query(
    `insert into operation_final_outlet_links
       (operation_id, position, name, siret, address, treatment_code, qualification, quantity, quantity_unit)
     select $1, o.position, o.name, o.siret, o.address, o.treatment_code, o.qualification, o.quantity::numeric,
       o.quantity_unit
     from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       as o (position, name, siret, address, treatment_code, qualification, quantity, quantity_unit)`,
    [
      operationId,
      outlets.map((_, index) => index + 1),
      outlets.map((outlet) => outlet.name),
      outlets.map((outlet) => outlet.siret),
      outlets.map((outlet) => outlet.address),
      outlets.map((outlet) => outlet.treatmentCode),
      outlets.map((outlet) => outlet.qualification),
      outlets.map((outlet) => outlet.quantity),
      outlets.map((outlet) => outlet.quantityUnit),
    ],
  );
}

/**
 * The skip list status of a container (SPEC 4): that of its earliest open operation (a validated program may
 * have several ahead), null when none is open. A realised retirement archives the container.
 */
export async function syncSkipPlannedWork(
  db: Db,
  skipId: number | null,
  now: Date,
  retired = false,
): Promise<void> {
  if (skipId === null) return;
  const open = await db.maybeOne<{ type: OperationType; status: OperationStatus }>(
    `select type, status from operations where skip_id = $1 and status = any($2::text[])
     order by requested_date, id limit 1`,
    [skipId, OPEN_OPERATION_STATUSES],
  );
  await db.query(
    `update skips set planned_work = $2, version = version + 1, updated_at = $3,
       state = case when $4 then 'ARCHIVED' else state end
     where id = $1`,
    [skipId, open === null ? null : plannedWorkOf(open.type, open.status), now, retired],
  );
}

/**
 * The container a producer's request names (`skip` of the body): 422 when missing, 404 when not one the caller
 * sees, 403 unless the caller is its producer with `operation:request`. Requests and programs share it.
 */
export async function skipOfProducerRequest(
  db: Db,
  policy: Policy,
  body: Record<string, unknown>,
): Promise<number> {
  if (body.skip === null || body.skip === undefined || body.skip === '') {
    throw unprocessable([{ propertyPath: 'skip', message: messages.required, code: 'required' }]);
  }
  const skipId = referenceId(body.skip, 'skips');
  if (skipId === null) throw notFound();
  const sides = await policy.assertSkipVisible(skipTarget(await loadSkip(db, skipId)));
  if (!sides.producer) throw forbidden();
  await policy.assertCan('operation:request');
  return skipId;
}

/**
 * Whether work can be asked on a container now (read under its row lock): on site, with a provider, and, for a
 * rotation, every mandatory field filled (SPEC 5). Throws the 422 that says why not.
 */
export function assertRequestable(skip: SkipRow, needsEveryField: boolean): void {
  let violation: Violation | null = null;
  if (skip.state !== 'AVAILABLE') {
    violation = { propertyPath: 'skip', message: messages.skipNotOnSite, code: 'not_on_site' };
  } else if (skip.providerSiteId === null) {
    violation = {
      propertyPath: 'skip',
      message: messages.skipNeedsProviderForOperation,
      code: 'no_provider',
    };
  } else if (needsEveryField && missingForRotation(skipFields(skip)).length > 0) {
    violation = { propertyPath: 'skip', message: messages.rotationMissingFields, code: 'incomplete' };
  }
  if (violation !== null) throw unprocessable([violation]);
}
