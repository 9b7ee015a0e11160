import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type GraphQLSchema,
  type IntrospectionQuery,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
} from 'graphql';

/**
 * The schema's descriptions are written in English in schema.graphql; their French version is
 * descriptions.fr.json beside this file, keyed by schema coordinate: `Type`, `Type.field` (input fields and enum
 * values alike), `Type.field(arg:)`, `@directive`, `@directive(arg:)`. A field or argument that means the same
 * on every type (`id`, `userErrors`, `first`, ...) may be described once as `*.field` or `*.*(arg:)`; an entry of
 * its own wins. GraphiQL (`/graphiql`) shows one language or the other.
 */
export const FRENCH_DESCRIPTIONS_FILE = fileURLToPath(new URL('./descriptions.fr.json', import.meta.url));

export type DescriptionLanguage = 'fr' | 'en';

export type Descriptions = ReadonlyMap<string, string>;

export function loadFrenchDescriptions(file = FRENCH_DESCRIPTIONS_FILE): Descriptions {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must be an object of schema coordinate to French description`);
  }
  const descriptions = new Map<string, string>();
  for (const [coordinate, text] of Object.entries(parsed)) {
    if (typeof text !== 'string' || text.trim() === '') {
      throw new Error(`${file}: the description of ${coordinate} is not text`);
    }
    descriptions.set(coordinate, text);
  }
  return descriptions;
}

/** The wildcard that may describe a coordinate: `*.field` for a field, `*.*(arg:)` for an argument. */
export function wildcardOf(coordinate: string): string | null {
  const argument = /\((\w+):\)$/.exec(coordinate);
  if (argument !== null) return coordinate.startsWith('@') ? null : `*.*(${argument[1]}:)`;
  const field = /^[A-Za-z_]\w*\.(\w+)$/.exec(coordinate);
  return field === null ? null : `*.${field[1]}`;
}

/** A coordinate's French description: its own entry, else its wildcard's. */
export function frenchDescription(descriptions: Descriptions, coordinate: string): string | undefined {
  const own = descriptions.get(coordinate);
  if (own !== undefined) return own;
  const wildcard = wildcardOf(coordinate);
  return wildcard === null ? undefined : descriptions.get(wildcard);
}

/**
 * Every coordinate the docs explorer can show: each type of the schema (the built-in scalars included, not the
 * introspection's own `__` types), its fields, their arguments, input fields and enum values, and the directives
 * with their arguments.
 */
export function schemaCoordinates(schema: GraphQLSchema): string[] {
  const coordinates: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type)) continue;
    coordinates.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        coordinates.push(`${type.name}.${field.name}`);
        for (const arg of field.args) coordinates.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) coordinates.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) coordinates.push(`${type.name}.${value.name}`);
    }
  }
  for (const directive of schema.getDirectives()) {
    coordinates.push(`@${directive.name}`);
    for (const arg of directive.args) coordinates.push(`@${directive.name}(${arg.name}:)`);
  }
  return coordinates;
}

type Described = { description?: string | null };

/**
 * The introspection result GraphiQL builds its schema from, with the descriptions of one language. A coordinate
 * without a French description keeps its English one (the completeness test makes that a failure).
 */
export function introspectionIn(
  schema: GraphQLSchema,
  language: DescriptionLanguage,
  french: Descriptions,
): IntrospectionQuery {
  const introspection = introspectionFromSchema(schema);
  if (language === 'en') return introspection;
  const translate = (item: Described, coordinate: string) => {
    const text = frenchDescription(french, coordinate);
    if (text !== undefined) item.description = text;
  };
  for (const type of introspection.__schema.types) {
    if (type.name.startsWith('__')) continue;
    translate(type as Described, type.name);
    if (type.kind === 'OBJECT' || type.kind === 'INTERFACE') {
      for (const field of type.fields) {
        translate(field as Described, `${type.name}.${field.name}`);
        for (const arg of field.args) translate(arg as Described, `${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (type.kind === 'INPUT_OBJECT') {
      for (const field of type.inputFields) translate(field as Described, `${type.name}.${field.name}`);
    } else if (type.kind === 'ENUM') {
      for (const value of type.enumValues) translate(value as Described, `${type.name}.${value.name}`);
    }
  }
  for (const directive of introspection.__schema.directives) {
    translate(directive as Described, `@${directive.name}`);
    for (const arg of directive.args) translate(arg as Described, `@${directive.name}(${arg.name}:)`);
  }
  return introspection;
}
