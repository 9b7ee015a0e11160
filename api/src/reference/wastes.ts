import { iri } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { type CollectionSpec, type FilterColumns, hydraItem } from '../hydra/index.ts';
import { codeIndex } from './codes.ts';
import { type ReferenceData, ReferenceDataError } from './data.ts';
import { registerReferenceTable } from './routes.ts';

/**
 * The waste hierarchy (migration 003): families (level 1), sorting flows (level 2) and precise wastes
 * (level 3) with their default official waste code. Read-only reference lists.
 */

/**
 * Every waste code the hierarchy names must be in the official list of REFERENCE_DATA_DIR: the api refuses to
 * start otherwise, naming the code, so that no container is ever proposed a code that does not exist.
 */
export async function checkWasteHierarchy(db: Db, reference: ReferenceData, referenceDataDir: string) {
  const { wasteCodes } = codeIndex(reference);
  const rows = await db.query<{ code: string; wasteCode: string }>(
    'select code, waste_code as "wasteCode" from third_level_wastes order by id',
  );
  const unknown = rows.filter((row) => !wasteCodes.has(row.wasteCode));
  if (unknown.length > 0) {
    const named = unknown.map((row) => `${row.wasteCode} (third_level_wastes ${row.code})`).join(', ');
    throw new ReferenceDataError(
      `The waste hierarchy names waste codes missing from waste-codes.json in REFERENCE_DATA_DIR=` +
        `${referenceDataDir}: ${named}. Point REFERENCE_DATA_DIR at the official lists or fix the hierarchy.`,
    );
  }
}

interface WasteRow {
  id: number;
  code: string;
  label: string;
  parentId?: number;
  wasteCode?: string;
}

interface WasteLevel {
  resource: string;
  type: string;
  summary: string;
  /** The parent level: its property, resource and column. */
  parent?: { property: string; resource: string; column: string };
  search?: boolean;
}

const levels: readonly WasteLevel[] = [
  {
    resource: 'first_level_wastes',
    type: 'FirstLevelWaste',
    summary: 'Waste families: DND non-hazardous, DD hazardous, DI inert',
  },
  {
    resource: 'second_level_wastes',
    type: 'SecondLevelWaste',
    summary: 'Sorting flows (paper and cardboard, metal, plastic, ...) of a family',
    parent: { property: 'firstLevelWaste', resource: 'first_level_wastes', column: 'first_level_waste_id' },
  },
  {
    resource: 'third_level_wastes',
    type: 'ThirdLevelWaste',
    summary: 'Precise wastes of a flow, with their default official waste code (dangerous follows the code)',
    parent: {
      property: 'secondLevelWaste',
      resource: 'second_level_wastes',
      column: 'second_level_waste_id',
    },
    search: true,
  },
];

export function registerWasteRoutes(app: FastifyInstance, { db, reference }: ApiContext): void {
  const { wasteCodes } = codeIndex(reference);
  for (const level of levels) {
    const { resource, type, parent } = level;
    const spec: CollectionSpec = {
      relations: parent === undefined ? [] : [parent.property],
      order: ['code', 'label'],
      search: level.search === true,
    };
    const columns: FilterColumns = {
      id: 't.id',
      relations: parent === undefined ? {} : { [parent.property]: `t.${parent.column}` },
      search: level.search === true ? ['t.search_text'] : [],
    };
    const select = [
      't.id',
      't.code',
      't.label',
      ...(parent === undefined ? [] : [`t.${parent.column} as "parentId"`]),
      ...(resource === 'third_level_wastes' ? ['t.waste_code as "wasteCode"'] : []),
    ].join(', ');
    const item = (row: WasteRow) =>
      hydraItem(type, iri(resource, row.id), {
        id: row.id,
        code: row.code,
        label: row.label,
        ...(parent === undefined || row.parentId === undefined
          ? {}
          : { [parent.property]: iri(parent.resource, row.parentId) }),
        ...(row.wasteCode === undefined
          ? {}
          : { wasteCode: row.wasteCode, dangerous: wasteCodes.get(row.wasteCode)?.dangerous === true }),
      });

    registerReferenceTable(app, db, { resource, type, summary: level.summary, spec, columns, select, item });
  }
}
