import { readFileSync } from 'node:fs';
import {
  buildSchema as buildFromSdl,
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
