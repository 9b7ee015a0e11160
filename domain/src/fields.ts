import { z } from 'zod';
import { iri } from './iri.ts';

/**
 * Field tables: each resource lists its fields once (REST name, SQL column, French label, zod rule, who may write
 * it), and every tier reads that list: the api selects, serialises, validates and writes from it, the gateway maps
 * the graph's input onto it, and the web builds its form values from it. Adding a field to a resource is a
 * migration, a line here, its place in `schema.graphql`, and the screen that shows it.
 */

/**
 * What a field holds. It decides the SQL cast of its SELECT (decimals and dates travel as text), its REST value
 * (a reference is an IRI), its graph input (a reference is a global id) and its form value.
 */
export type FieldKind =
  | 'text'
  | 'decimal'
  | 'integer'
  /** A floating-point number (a position), a JSON number everywhere. */
  | 'number'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'enum'
  /** A list of values (a text[] column), each among `values` when given. */
  | 'list'
  | 'reference'
  /** An official code (waste or treatment code), text in REST, an object with its description in the graph. */
  | 'code'
  | 'json';

/** Where a reference points: the api resolves its IRI (or id) to an id, the graph to a node. */
export interface ReferenceSpec {
  /** The collection of its IRI (`skip_types`). */
  resource: string;
  /**
   * A resource nested under another (a chantier: `/api/company_sites/3/company_site_entities/9`): the field of
   * this same resource that holds the parent's id, and the parent's collection.
   */
  nestedUnder?: { field: string; resource: string };
  /** The graph's node type of its global id (`SkipType`). */
  node: string;
  /** The graph's object field that resolves it (`skipType`, `entity`). */
  graphField: string;
  /** The graph's input field that names it by global id (`skipTypeId`, `entityId`). */
  graphInput: string;
}

export interface FieldSpec<Writer extends string = string> {
  kind: FieldKind;
  /** Its column in the resource's table. */
  column: string;
  /** Its French label (forms, lists of missing fields, the OpenAPI description). */
  label: string;
  /** Never null once stored (booleans never are). */
  required?: boolean;
  /** The values of an `enum` field. */
  values?: readonly string[];
  reference?: ReferenceSpec;
  /** How a client writes it (the value a body carries, under the REST name); absent: read-only. */
  rule?: z.ZodType;
  /** Who may write it; what a writer means is the resource's business (its policy). */
  writers?: readonly Writer[];
}

export type FieldTable<Writer extends string = string> = Readonly<Record<string, FieldSpec<Writer>>>;

/**
 * Declares a resource's field table, keeping each field's literal kind and rule for the types below:
 * `defineFields<'producer' | 'provider'>()({ name: {...}, ... })`.
 */
export function defineFields<Writer extends string = string>() {
  return <const T extends Record<string, FieldSpec<Writer>>>(table: T): T => table;
}

type KindValue<F extends FieldSpec> = F['kind'] extends 'text' | 'decimal' | 'date' | 'code'
  ? string
  : F['kind'] extends 'integer' | 'reference' | 'number'
    ? number
    : F['kind'] extends 'boolean'
      ? boolean
      : F['kind'] extends 'timestamp'
        ? Date | string
        : F['kind'] extends 'enum'
          ? F extends { values: readonly (infer V)[] }
            ? V
            : string
          : F['kind'] extends 'list'
            ? F extends { values: readonly (infer V)[] }
              ? V[]
              : string[]
            : unknown;

type Nullable<F extends FieldSpec, V> = F extends { required: true }
  ? V
  : F['kind'] extends 'boolean' | 'list'
    ? V
    : V | null;

/** A stored row, in REST names: references as ids, decimals and dates as text. */
export type FieldRow<T extends FieldTable> = { -readonly [K in keyof T]: Nullable<T[K], KindValue<T[K]>> };

/** The REST value of a field: references as IRIs, timestamps as ISO text. */
type RestValue<F extends FieldSpec> = F['kind'] extends 'reference'
  ? Nullable<F, string>
  : F['kind'] extends 'timestamp'
    ? Nullable<F, string>
    : Nullable<F, KindValue<F>>;

/** A REST item's fields (`@id` and `@type` apart). */
export type FieldItem<T extends FieldTable> = { -readonly [K in keyof T]: RestValue<T[K]> };

/** The names of the fields a client may write. */
export type WritableField<T extends FieldTable> = {
  [K in keyof T]: T[K] extends { rule: z.ZodType } ? K : never;
}[keyof T] &
  string;

/** The zod shape of the writable fields. */
export type WritableShape<T extends FieldTable> = {
  -readonly [K in WritableField<T>]: T[K] extends { rule: infer R extends z.ZodType } ? R : never;
};

export const fieldNames = <T extends FieldTable>(table: T) => Object.keys(table) as (keyof T & string)[];

/** The fields a client may write, in table order; with `writer`, those that writer may. */
export function writableFields<T extends FieldTable>(
  table: T,
  writer?: T[keyof T] extends FieldSpec<infer W> ? W : string,
): WritableField<T>[] {
  return fieldNames(table).filter((name) => {
    const field = table[name] as FieldSpec;
    return field.rule !== undefined && (writer === undefined || (field.writers ?? []).includes(writer));
  }) as WritableField<T>[];
}

/** The French label of each field. */
export function fieldLabels<T extends FieldTable>(table: T): { [K in keyof T]: string } {
  return Object.fromEntries(fieldNames(table).map((name) => [name, (table[name] as FieldSpec).label])) as {
    [K in keyof T]: string;
  };
}

/** The zod object of the writable fields, each with its rule. */
export function writableSchema<T extends FieldTable>(table: T): z.ZodObject<WritableShape<T>> {
  const shape = Object.fromEntries(
    writableFields(table).map((name) => [name, (table[name] as FieldSpec).rule as z.ZodType]),
  );
  return z.object(shape) as unknown as z.ZodObject<WritableShape<T>>;
}

/** The IRI of a reference field's id, for a row of its resource (in REST names, references as ids). */
export function referenceIri(
  spec: ReferenceSpec,
  id: number,
  row: Readonly<Record<string, unknown>>,
): string {
  if (spec.nestedUnder === undefined) return iri(spec.resource, id);
  const parentId = row[spec.nestedUnder.field];
  return `${iri(spec.nestedUnder.resource, Number(parentId))}/${spec.resource}/${id}`;
}

const isoTimestamp = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A stored row as the REST item's fields: references as IRIs, timestamps as ISO text, in table order. */
export function restFields<T extends FieldTable>(table: T, row: FieldRow<T>): FieldItem<T> {
  const record = row as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const name of fieldNames(table)) {
    const field = table[name] as FieldSpec;
    const value = record[name];
    if (value === null || value === undefined) {
      fields[name] = field.kind === 'boolean' ? false : field.kind === 'list' ? [] : null;
    } else if (field.kind === 'reference' && field.reference !== undefined) {
      fields[name] = referenceIri(field.reference, Number(value), record);
    } else if (field.kind === 'timestamp') fields[name] = isoTimestamp(value);
    else fields[name] = value;
  }
  return fields as FieldItem<T>;
}

/** The reference fields of a table, with their specs. */
export function referenceFields<T extends FieldTable>(table: T): [keyof T & string, ReferenceSpec][] {
  return fieldNames(table).flatMap((name) => {
    const reference = (table[name] as FieldSpec).reference;
    return reference === undefined ? [] : [[name, reference] as [keyof T & string, ReferenceSpec]];
  });
}

/** The graph's input name of a field: a reference's `graphInput`, else its REST name. */
export function graphInputName(table: FieldTable, name: string): string {
  return table[name]?.reference?.graphInput ?? name;
}
