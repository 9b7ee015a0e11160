import {
  HISTORY_FILTER_KEYS,
  HISTORY_FILTERS,
  messages,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  operationFields,
  operationOutletFields,
  restFields,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { hydraItem } from '../hydra/index.ts';
import { codeIndex } from '../reference/codes.ts';
import { byChoice, byCodes, byValues } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { itemSchema } from '../resource/schemas.ts';
import { visibleAsContainer } from '../resource/sides.ts';
import { type ResourceRow, selectList } from '../resource/sql.ts';

/** An operation as stored, in the REST names of `operationFields` (references as ids). */
export type OperationRow = ResourceRow<typeof operationFields>;
export type OutletRow = ResourceRow<typeof operationOutletFields>;

export const outletIri = (operationId: number, outletId: number) =>
  `/api/operation/${operationId}/operation_final_outlet_links/${outletId}`;

export const outletItem = (row: OutletRow) =>
  hydraItem('OperationFinalOutletLink', outletIri(row.operation, row.id), {
    id: row.id,
    ...restFields(operationOutletFields, row),
  });

/** The OpenAPI schema of an operation's final outlet (embedded in the operation, and its own route). */
export const outletSchema = itemSchema('OperationFinalOutletLink', operationOutletFields);

const OUTLET_SELECT = selectList('l', operationOutletFields);

/** The final outlets of these operations, in their order, grouped by operation (one query for a page). */
export async function outletsOf(db: Db, operationIds: readonly number[]): Promise<Map<number, OutletRow[]>> {
  const byOperation = new Map<number, OutletRow[]>(operationIds.map((id) => [id, []]));
  if (operationIds.length === 0) return byOperation;
  const rows = await db.query<OutletRow>(
    `select ${OUTLET_SELECT} from operation_final_outlet_links l
     where l.operation_id = any($1::int[]) order by l.operation_id, l.position`,
    [operationIds],
  );
  for (const row of rows) byOperation.get(row.operation)?.push(row);
  return byOperation;
}

/** The REST item; its final outlets are embedded (the operation is read with them, in one call). */
export function operationItem(row: OperationRow, outlets: readonly OutletRow[]) {
  return hydraItem('Operation', `/api/operations/${row.id}`, {
    id: row.id,
    ...restFields(operationFields, row),
    finalOutlets: outlets.map(outletItem),
  });
}

/**
 * Operations (SPEC 3, 4): visible to the producer of their container's site (a limited-entity user: of their
 * chantiers) and to their provider. Newest request first unless asked otherwise.
 */
export const operations = defineResource({
  type: 'Operation',
  path: '/api/operations',
  tags: ['operations'],
  fields: operationFields,
  from: 'operations o',
  alias: 'o',
  visible: visibleAsContainer('o'),
  async items(rows, { db }) {
    const outlets = await outletsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => operationItem(row, outlets.get(row.id) ?? []));
  },
  computed: {
    finalOutlets: {
      type: 'array',
      items: { $ref: 'OperationFinalOutletLink#' },
      description: 'Its final outlets, in order',
    },
  },
  collection: {
    relations: ['companySite', 'companySiteEntity', 'provider', 'skip', 'thirdLevelWaste'],
    order: ['createdAt', 'requestedDate', 'interventionDate', 'updatedAt'],
    dates: ['createdAt', 'requestedDate', 'interventionDate', 'realInterventionDate'],
    defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
    tieBreaker: 'o.id desc',
    filters: [
      byValues('status', OPERATION_STATUSES, 'o.status'),
      byValues('type', OPERATION_TYPES, 'o.type'),
      byChoice('history', HISTORY_FILTER_KEYS, (history, params) =>
        history === 'all'
          ? []
          : [`o.status = any(${params.add([...HISTORY_FILTERS[history].statuses])}::text[])`],
      ),
      // An operation without its own code has its waste type's, as the dashboard counts it.
      byCodes(
        'wasteCode',
        (reference) => codeIndex(reference).wasteCodes,
        messages.unknownWasteCode,
        `coalesce(o.waste_code, (select w.waste_code from third_level_wastes w where w.id = o.third_level_waste_id))`,
      ),
    ],
  },
});
