import { readFileSync } from 'node:fs';
import {
  ENTITY_FIELDS,
  ESTABLISHMENT_PROFILE_FIELDS,
  graphInputName,
  skipFields,
  writableFields,
} from '@portal/domain';
import {
  buildSchema as buildFromSdl,
  type GraphQLInputObjectType,
  type GraphQLInterfaceType,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { fromGlobalId, NODE_TYPES, toGlobalId } from '../src/schema/global-id.ts';
import { buildSchema, SCHEMA_FILE } from '../src/schema/index.ts';
import { nodeReaders } from '../src/schema/node.ts';

describe('the executable schema', () => {
  it('serves exactly schema.graphql', () => {
    const served = printSchema(lexicographicSortSchema(buildSchema()));
    const contract = printSchema(lexicographicSortSchema(buildFromSdl(readFileSync(SCHEMA_FILE, 'utf8'))));
    expect(served).toBe(contract);
  });

  it('fails to build with a resolver for a field the SDL lacks', () => {
    expect(() => buildSchema([{ User: { shoeSize: () => 42 } }])).toThrow(/User\.shoeSize/);
  });

  it('fails to build with resolvers for a type the SDL lacks', () => {
    expect(() => buildSchema([{ Invoice: { total: () => 0 } }])).toThrow(/Invoice/);
  });

  it('reads every type that implements Node through the domain that serves it', () => {
    const schema = buildSchema();
    const implementations = schema.getImplementations(schema.getType('Node') as GraphQLInterfaceType);
    const nodeTypes = implementations.objects.map((type) => type.name).sort();
    expect(Object.keys(nodeReaders).sort()).toEqual(nodeTypes);
    expect([...NODE_TYPES].sort()).toEqual(nodeTypes);
  });
});

describe('mutation inputs', () => {
  const schema = buildSchema();
  const inputFields = (name: string) =>
    Object.keys((schema.getType(name) as GraphQLInputObjectType).getFields()).sort();

  // The gateway maps these inputs from the field tables of domain/: a field of one must be a field of the other.
  it("name a container's writable fields but its establishment, references by global id", () => {
    const names = writableFields(skipFields)
      .filter((name) => name !== 'companySite')
      .map((name) => graphInputName(skipFields, name));
    expect(inputFields('SkipFieldsInput')).toEqual(names.sort());
  });

  it("name an establishment's profile and a chantier's writable fields", () => {
    expect(inputFields('UpdateEstablishmentInput')).toEqual(['id', ...ESTABLISHMENT_PROFILE_FIELDS].sort());
    expect(inputFields('CreateEntityInput')).toEqual(
      ['establishmentId', 'clientMutationId', ...ENTITY_FIELDS].sort(),
    );
    expect(inputFields('UpdateEntityInput')).toEqual(['id', ...ENTITY_FIELDS].sort());
  });
});

describe('global ids', () => {
  it('are base64 of Type:databaseId and decode back', () => {
    expect(toGlobalId('Establishment', 12)).toBe(Buffer.from('Establishment:12').toString('base64'));
    expect(fromGlobalId(toGlobalId('Entity', 9))).toEqual({ type: 'Entity', databaseId: 9 });
  });

  it('reject ids of unknown types or malformed ids', () => {
    expect(fromGlobalId(Buffer.from('Invoice:3').toString('base64'))).toBeNull();
    expect(fromGlobalId(Buffer.from('User:abc').toString('base64'))).toBeNull();
    expect(fromGlobalId('not base64 at all')).toBeNull();
  });
});
