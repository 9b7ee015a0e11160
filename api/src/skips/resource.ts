import {
  DANGEROUS_ROTATION_MANDATORY_FIELDS,
  missingForRotation,
  ROTATION_MANDATORY_FIELDS,
  restFields,
  SKIP_STATES,
  skipFields,
} from '@portal/domain';
import { hydraItem } from '../hydra/index.ts';
import { byFlag, byValues } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';
import { visibleAsContainer } from '../resource/sides.ts';
import type { ResourceRow } from '../resource/sql.ts';

/** A container as stored, in the REST names of `skipFields` (references as ids). */
export type SkipRow = ResourceRow<typeof skipFields>;

/** The REST item of a container: its fields, and the mandatory ones still missing for a rotation. */
export function skipItem(row: SkipRow) {
  const { version, createdAt, updatedAt, ...fields } = restFields(skipFields, row);
  return hydraItem('Skip', `/api/skips/${row.id}`, {
    id: row.id,
    ...fields,
    missingForRotation: missingForRotation(fields),
    version,
    createdAt,
    updatedAt,
  });
}

/**
 * Containers (SPEC 3): visible to the producer who owns them (full access to the site, or their own chantier for
 * a limited-entity user) and to the provider named on them.
 */
export const skips = defineResource({
  type: 'Skip',
  path: '/api/skips',
  tags: ['skips'],
  fields: skipFields,
  from: 'skips s',
  alias: 's',
  visible: visibleAsContainer('s'),
  items: (rows) => rows.map(skipItem),
  computed: {
    missingForRotation: {
      type: 'array',
      items: { type: 'string', enum: [...ROTATION_MANDATORY_FIELDS, ...DANGEROUS_ROTATION_MANDATORY_FIELDS] },
      description: 'The mandatory fields still empty: a rotation can be requested only when there is none',
    },
  },
  collection: {
    relations: ['companySite', 'companySiteEntity', 'provider'],
    order: ['name', 'createdAt', 'updatedAt'],
    search: ['s.search_text'],
    filters: [byValues('state', SKIP_STATES, 's.state'), byFlag('dangerous', 's.dangerous')],
  },
});
