import { iri, messages } from '@portal/domain';
import { ErrorCode, type FieldPathOf, type UserError } from '../../../errors.ts';
import type { SkipFieldsInput } from '../../__generated__/resolvers.ts';
import { databaseIdOf, type NodeType } from '../../global-id.ts';
import { mergePatchOf } from '../../merge-patch.ts';

/** Fields sent to the api as they are given. */
const VALUE_FIELDS = [
  'name',
  'unit',
  'volume',
  'ecoOrganisation',
  'plannedTreatmentCode',
  'fillingLevel',
  'estimatedFullQuantity',
  'packageCount',
  'dangerous',
  'persistentOrganicPollutants',
  'consistency',
  'wasteCode',
  'providerReceiptNumber',
  'providerReceiptValidity',
  'capNumber',
  'adrMention',
  'adrNumber',
] as const;

/** Fields that name another resource by its global id: the api takes its IRI under another name. */
const REFERENCE_FIELDS = {
  skipTypeId: { property: 'skipType', type: 'SkipType', resource: 'skip_types' },
  firstLevelWasteId: { property: 'firstLevelWaste', type: 'FirstLevelWaste', resource: 'first_level_wastes' },
  secondLevelWasteId: {
    property: 'secondLevelWaste',
    type: 'SecondLevelWaste',
    resource: 'second_level_wastes',
  },
  thirdLevelWasteId: { property: 'thirdLevelWaste', type: 'ThirdLevelWaste', resource: 'third_level_wastes' },
  providerId: { property: 'provider', type: 'Establishment', resource: 'company_sites' },
} as const satisfies Record<string, { property: string; type: NodeType; resource: string }>;

/** The input path of each REST property the input names otherwise. */
const INPUT_PATHS: Record<string, string[]> = {
  companySite: ['establishmentId'],
  companySiteEntity: ['fields', 'entityId'],
  archived: ['archived'],
  ...Object.fromEntries(
    Object.entries(REFERENCE_FIELDS).map(([field, { property }]) => [property, ['fields', field]]),
  ),
};

/** A violation of a skip write on the input field the user typed it in (`skipType` is `fields.skipTypeId`). */
export const skipFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === '' ? [] : (INPUT_PATHS[propertyPath] ?? ['fields', ...propertyPath.split('.')]);

function unknownReference(field: string): UserError {
  return { field: ['fields', field], message: messages.notFound, code: ErrorCode.notFound };
}

/**
 * The REST body of the given skip fields: values as they are, global ids as IRIs (a chantier's IRI names
 * its site, given by `siteIdOf` only when a chantier is set). An id of another type is a userError on its
 * field, before any write.
 */
export async function skipBody(
  fields: SkipFieldsInput,
  siteIdOf: () => Promise<number | null>,
): Promise<{ body: Record<string, unknown>; userErrors: UserError[] }> {
  const body: Record<string, unknown> = mergePatchOf(fields, VALUE_FIELDS);
  const userErrors: UserError[] = [];
  for (const [field, { property, type, resource }] of Object.entries(REFERENCE_FIELDS)) {
    const value = fields[field as keyof typeof REFERENCE_FIELDS];
    if (value === undefined) continue;
    if (value === null) {
      body[property] = null;
      continue;
    }
    const id = typeof value === 'string' ? databaseIdOf(value, type) : null;
    if (id === null) userErrors.push(unknownReference(field));
    else body[property] = iri(resource, id);
  }
  if (fields.entityId === null) body.companySiteEntity = null;
  else if (fields.entityId !== undefined) {
    const entityId = databaseIdOf(fields.entityId, 'Entity');
    const siteId = entityId === null ? null : await siteIdOf();
    if (entityId === null || siteId === null) userErrors.push(unknownReference('entityId'));
    else body.companySiteEntity = `${iri('company_sites', siteId)}/company_site_entities/${entityId}`;
  }
  return { body, userErrors };
}
