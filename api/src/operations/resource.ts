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
import { itemSchema, textSchema } from '../resource/schemas.ts';
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

/**
 * The names of these containers (one query for a page): an operation says which container it is about to whoever
 * reads it, its carrier included, who does not see the container itself.
 */
async function skipNamesOf(db: Db, skipIds: readonly (number | null)[]): Promise<Map<number, string>> {
  const ids = [...new Set(skipIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(
    'select id, name from skips where id = any($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The REST item; its final outlets and its container's name are embedded (read with it, in one call). */
export function operationItem(row: OperationRow, outlets: readonly OutletRow[], skipName: string | null) {
  return hydraItem('Operation', `/api/operations/${row.id}`, {
    id: row.id,
    ...restFields(operationFields, row),
    skipName,
    finalOutlets: outlets.map(outletItem),
  });
}

/** The REST item of one operation, with what it embeds. */
export async function operationItemOf(db: Db, row: OperationRow) {
  const outlets = await outletsOf(db, [row.id]);
  const skipName = row.skip === null ? null : ((await skipNamesOf(db, [row.skip])).get(row.skip) ?? null);
  return operationItem(row, outlets.get(row.id) ?? [], skipName);
}

/** The REST items of operations, with what they embed. */
export async function operationItems(db: Db, rows: readonly OperationRow[]) {
  const [outlets, skipNames] = await Promise.all([
    outletsOf(
      db,
      rows.map((row) => row.id),
    ),
    skipNamesOf(
      db,
      rows.map((row) => row.skip),
    ),
  ]);
  return rows.map((row) =>
    operationItem(
      row,
      outlets.get(row.id) ?? [],
      row.skip === null ? null : (skipNames.get(row.skip) ?? null),
    ),
  );
}

/**
 * Operations (SPEC 3, 4): visible to the producer of their container's site (a limited-entity user: of their
 * chantiers), to their provider and to their carrier. Newest request first unless asked otherwise.
 */
export const operations = defineResource({
  type: 'Operation',
  path: '/api/operations',
  tags: ['operations'],
  fields: operationFields,
  from: 'operations o',
  alias: 'o',
  visible: (policy, params) => policy.visibleOperationCondition('o', params),
  items: (rows, { db }) => operationItems(db, rows),
  computed: {
    skipName: textSchema('The name of its container (null once the container is deleted)', true),
    finalOutlets: {
      type: 'array',
      items: { $ref: 'OperationFinalOutletLink#' },
      description: 'Its final outlets, in order',
    },
  },
  collection: {
    relations: ['companySite', 'companySiteEntity', 'provider', 'transporterSite', 'skip', 'thirdLevelWaste'],
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
