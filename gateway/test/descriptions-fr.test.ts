import type { IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  FRENCH_DESCRIPTIONS_FILE,
  frenchDescription,
  introspectionIn,
  loadFrenchDescriptions,
  schemaCoordinates,
  wildcardOf,
} from '../src/schema/descriptions.ts';
import { buildSchema } from '../src/schema/index.ts';

/**
 * GraphiQL's documentation (`/graphiql`) is in French or English: every type, field, argument, input field,
 * enum value and directive of schema.graphql has its French description in descriptions.fr.json. A new
 * field of the schema without one fails here, with the coordinates to add.
 */

const schema = buildSchema();
const french = loadFrenchDescriptions();
const coordinates = schemaCoordinates(schema);

describe('the French descriptions of the schema', () => {
  it('describe every type, field, argument, input field, enum value and directive', () => {
    expect(coordinates.length).toBeGreaterThan(1500);
    const missing = coordinates.filter((coordinate) => frenchDescription(french, coordinate) === undefined);
    expect(missing, `coordinates without a French description in ${FRENCH_DESCRIPTIONS_FILE}`).toEqual([]);
  });

  it('name only what the schema has (a renamed or removed field leaves no stale entry)', () => {
    const known = new Set(coordinates);
    const wildcards = new Set(coordinates.map(wildcardOf).filter((wildcard) => wildcard !== null));
    const stale = [...french.keys()].filter((key) => !known.has(key) && !wildcards.has(key));
    expect(stale).toEqual([]);
  });

  it('use each shared description (`*.field`, `*.*(arg:)`) where no entry of its own is written', () => {
    const used = new Set(
      coordinates.filter((coordinate) => !french.has(coordinate)).map((coordinate) => wildcardOf(coordinate)),
    );
    const unused = [...french.keys()].filter((key) => key.startsWith('*.') && !used.has(key));
    expect(unused).toEqual([]);
  });

  it('are French text, not a copy of the English', () => {
    const copied = coordinates.filter((coordinate) => {
      const text = french.get(coordinate);
      return text !== undefined && text.length > 30 && text === englishDescription(coordinate);
    });
    expect(copied).toEqual([]);
  });

  it("replace the English ones in the explorer's French schema only", () => {
    const inFrench = introspectionIn(schema, 'fr', french);
    const inEnglish = introspectionIn(schema, 'en', french);
    expect(fieldDescription(inFrench, 'User', 'registerLines')).toBe(french.get('User.registerLines'));
    expect(fieldDescription(inEnglish, 'User', 'registerLines')).toMatch(/^The register of outgoing waste/);
    expect(fieldDescription(inFrench, 'RegisterLineConnection', 'totalCount')).toBe(
      french.get('*.totalCount'),
    );
    const token = inFrench.__schema.types.find((type) => type.name === 'AccessToken');
    expect(token?.description).toBe(french.get('AccessToken'));
  });
});

function fieldDescription(introspection: IntrospectionQuery, typeName: string, fieldName: string) {
  const type = introspection.__schema.types.find((candidate) => candidate.name === typeName);
  if (type === undefined || !('fields' in type) || type.fields === null) return undefined;
  return type.fields.find((field) => field.name === fieldName)?.description;
}

const englishIntrospection = introspectionIn(schema, 'en', french);

function englishDescription(coordinate: string): string | null | undefined {
  const [typeName, rest] = coordinate.split('.');
  const type = englishIntrospection.__schema.types.find((candidate) => candidate.name === typeName);
  if (type === undefined) return undefined;
  if (rest === undefined) return type.description;
  if (type.kind === 'OBJECT' || type.kind === 'INTERFACE') {
    return type.fields.find((field) => field.name === rest)?.description;
  }
  if (type.kind === 'INPUT_OBJECT') return type.inputFields.find((field) => field.name === rest)?.description;
  if (type.kind === 'ENUM') return type.enumValues.find((value) => value.name === rest)?.description;
  return undefined;
}
