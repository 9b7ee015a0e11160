import {
  type FieldSpec,
  graphInputName,
  messages,
  type ReferenceSpec,
  referenceIri,
  skipFields,
  writableFields,
} from '@portal/domain';
import { ErrorCode, type FieldPathOf, type UserError } from '../../../errors.ts';
import type { SkipFieldsInput } from '../../__generated__/resolvers.ts';
import { databaseIdOf, type NodeType } from '../../global-id.ts';

/**
 * `SkipFieldsInput` is the container's field table (`skipFields` of `domain/skips.ts`): every field a client
 * writes but the establishment, which `CreateSkipInput.establishmentId` gives. A value goes to the api under its
 * REST name as it is; a reference is a global id in the graph (`skipTypeId`) and an IRI in REST (`skipType`).
 */
const INPUT_FIELDS = writableFields(skipFields).filter((name) => name !== 'companySite');

/** The input path of each REST property the input names otherwise. */
const INPUT_PATHS: Record<string, string[]> = {
  companySite: [graphInputName(skipFields, 'companySite')],
  archived: ['archived'],
  ...Object.fromEntries(
    INPUT_FIELDS.filter((name) => skipFields[name].kind === 'reference').map((name) => [
      name,
      ['fields', graphInputName(skipFields, name)],
    ]),
  ),
};

/** A violation of a skip write on the input field the user typed it in (`skipType` is `fields.skipTypeId`). */
export const skipFieldPath: FieldPathOf = (propertyPath) =>
  propertyPath === '' ? [] : (INPUT_PATHS[propertyPath] ?? ['fields', ...propertyPath.split('.')]);

function unknownReference(field: string): UserError {
  return { field: ['fields', field], message: messages.notFound, code: ErrorCode.notFound };
}

/** The database id of a reference's global id; null for an id of another node type. */
function referenceId(reference: ReferenceSpec, value: unknown): number | null {
  return typeof value === 'string' ? databaseIdOf(value, reference.node as NodeType) : null;
}

/**
 * The REST body of the given skip fields: absent fields are left out, null ones sent as null (cleared), values
 * as they are, global ids as IRIs. A chantier's IRI is nested under its site, given by `siteIdOf` only once a
 * chantier is set, after the other fields. An id of another type is a userError on its field, before any write.
 */
export async function skipBody(
  fields: SkipFieldsInput,
  siteIdOf: () => Promise<number | null>,
): Promise<{ body: Record<string, unknown>; userErrors: UserError[] }> {
  const input: Record<string, unknown> = fields;
  const body: Record<string, unknown> = {};
  const userErrors: UserError[] = [];
  const nested: {
    name: string;
    reference: ReferenceSpec;
    parent: string;
    inputName: string;
    value: unknown;
  }[] = [];
  for (const name of INPUT_FIELDS) {
    const { reference } = skipFields[name] as FieldSpec;
    const inputName = graphInputName(skipFields, name);
    const value = input[inputName];
    if (value === undefined) continue;
    if (reference === undefined || value === null) body[name] = value;
    else if (reference.nestedUnder !== undefined) {
      nested.push({ name, reference, parent: reference.nestedUnder.field, inputName, value });
    } else {
      const id = referenceId(reference, value);
      if (id === null) userErrors.push(unknownReference(inputName));
      else body[name] = referenceIri(reference, id, {});
    }
  }
  for (const { name, reference, parent, inputName, value } of nested) {
    const id = referenceId(reference, value);
    const siteId = id === null ? null : await siteIdOf();
    if (id === null || siteId === null) userErrors.push(unknownReference(inputName));
    else body[name] = referenceIri(reference, id, { [parent]: siteId });
  }
  return { body, userErrors };
}
