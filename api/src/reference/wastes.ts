import {
  firstLevelWasteFields,
  iri,
  restFields,
  secondLevelWasteFields,
  thirdLevelWasteFields,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { hydraItem } from '../hydra/index.ts';
import { codeIndex } from './codes.ts';
import { type ReferenceData, ReferenceDataError } from './data.ts';
import { referenceList, serveReferenceList } from './lists.ts';

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

export function registerWasteRoutes(app: FastifyInstance, context: ApiContext): void {
  const { wasteCodes } = codeIndex(context.reference);
  serveReferenceList(
    app,
    context,
    referenceList('FirstLevelWaste', 'first_level_wastes', firstLevelWasteFields),
    'Waste families: DND non-hazardous, DD hazardous, DI inert',
  );
  serveReferenceList(
    app,
    context,
    referenceList('SecondLevelWaste', 'second_level_wastes', secondLevelWasteFields, {
      collection: { relations: ['firstLevelWaste'] },
    }),
    'Sorting flows (paper and cardboard, metal, plastic, ...) of a family',
  );
  serveReferenceList(
    app,
    context,
    referenceList('ThirdLevelWaste', 'third_level_wastes', thirdLevelWasteFields, {
      collection: { relations: ['secondLevelWaste'], search: ['t.search_text'] },
      // Whether a code is hazardous is the official list's word, read from REFERENCE_DATA_DIR.
      items: (rows) =>
        rows.map((row) =>
          hydraItem('ThirdLevelWaste', iri('third_level_wastes', row.id), {
            id: row.id,
            ...restFields(thirdLevelWasteFields, row),
            dangerous: wasteCodes.get(row.wasteCode)?.dangerous === true,
          }),
        ),
      computed: {
        dangerous: {
          type: 'boolean',
          description: 'Its waste code is hazardous (the official list says so)',
        },
      },
    }),
    'Precise wastes of a flow, with their default official waste code (dangerous follows the code)',
  );
}
