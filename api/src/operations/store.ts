import {
  type FinalOutletValues,
  messages,
  missingForRotation,
  OPEN_OPERATION_STATUSES,
  type OperationStatus,
  type OperationType,
  plannedWorkOf,
} from '@portal/domain';
import type { Db } from '../db/index.ts';

import { notFound, referenceId, unprocessable, type Violation } from '../hydra/index.ts';
import type { Policy } from '../policy/index.ts';
import { type SkipRow, skips } from '../skips/resource.ts';

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
  await policy.assertCanActOn(await skips.load(db, skipId), 'producer', 'operation:request');
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
  } else if (skip.provider === null) {
    violation = {
      propertyPath: 'skip',
      message: messages.skipNeedsProviderForOperation,
      code: 'no_provider',
    };
  } else if (needsEveryField && missingForRotation(skip).length > 0) {
    violation = { propertyPath: 'skip', message: messages.rotationMissingFields, code: 'incomplete' };
  }
  if (violation !== null) throw unprocessable([violation]);
}
