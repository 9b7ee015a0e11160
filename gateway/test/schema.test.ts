import { readFileSync } from 'node:fs';
import { buildSchema as buildFromSdl, lexicographicSortSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fromGlobalId, toGlobalId } from '../src/schema/global-id.ts';
import { buildSchema, SCHEMA_FILE } from '../src/schema/index.ts';

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
