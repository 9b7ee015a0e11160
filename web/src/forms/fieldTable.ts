import type { FieldSpec, FieldTable } from '@portal/domain/fields';
import { formatDecimal } from '../i18n/format.ts';

/**
 * A form over a resource with a domain field table (`skipFields`, `establishmentFields`, `entityFields`): its
 * values, default values, graph input and the graph's names of its fields all follow from the table, so a new
 * field of the resource needs no line here, only the fragment that reads it and the input that shows it.
 *
 * Form values carry the table's (REST) names, so the schema's messages land under them. By kind: a reference
 * is the global id of the node its `reference.graphField` names, a code its `code`, a decimal French text, an
 * integer text, a boolean a boolean, the rest the graph's value as is.
 */

/** A field's value in the form: what its input holds. */
export type FormValueOf<F extends FieldSpec> = F['kind'] extends 'boolean'
  ? boolean
  : F extends { required: true }
    ? string
    : string | null;

export type FormValues<T extends FieldTable, N extends keyof T & string> = { [K in N]: FormValueOf<T[K]> };

/** A graph object's fields: scalars, and `{ id }` / `{ code }` objects for references and codes. */
type GraphNode = Readonly<Record<string, unknown>>;

/**
 * What an empty field holds: false for a boolean, null where its rule takes null; else blank text for a text
 * (its rule says "required"), and nothing for the rest (a date input left empty is missing, not malformed).
 */
function emptyValue(spec: FieldSpec): unknown {
  if (spec.kind === 'boolean') return false;
  if (spec.rule === undefined || spec.rule.safeParse(null).success) return null;
  return spec.kind === 'text' ? '' : undefined;
}

function formValue(spec: FieldSpec, name: string, node: GraphNode): unknown {
  if (spec.kind === 'reference' && spec.reference) {
    return (node[spec.reference.graphField] as { id?: string } | null | undefined)?.id;
  }
  const value = node[name];
  if (value === null || value === undefined) return undefined;
  switch (spec.kind) {
    case 'code':
      return (value as { code?: string }).code;
    case 'decimal':
      return formatDecimal(String(value));
    case 'integer':
      return String(value);
    default:
      return value;
  }
}

/** The form's values of the named fields, from a graph object (a fragment's data; null: a new one). */
export function formValuesOf<T extends FieldTable, N extends keyof T & string>(
  table: T,
  names: readonly N[],
  node: object | null,
): FormValues<T, N> {
  return Object.fromEntries(
    names.map((name) => {
      const spec = table[name] as FieldSpec;
      const value = node === null ? undefined : formValue(spec, name, node as GraphNode);
      return [name, value ?? emptyValue(spec)];
    }),
  ) as FormValues<T, N>;
}

/** The graph's input of the named fields, from the schema's output: references by `reference.graphInput`. */
export function graphInputOf<T extends FieldTable>(
  table: T,
  names: readonly (keyof T & string)[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    names.map((name) => {
      const spec = table[name] as FieldSpec;
      const value = values[name] ?? (spec.kind === 'boolean' ? false : null);
      return spec.reference
        ? [spec.reference.graphInput, value === null ? null : String(value)]
        : [name, value];
    }),
  );
}

/** The table's name of each graph input name that differs (`skipTypeId` → `skipType`), for `userErrors`. */
export function restNamesOf(table: FieldTable): Record<string, string> {
  return Object.fromEntries(
    Object.entries(table).flatMap(([name, spec]) =>
      spec.reference ? [[spec.reference.graphInput, name] as const] : [],
    ),
  );
}
