import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { ResolverMap } from './domain.ts';
import { domains } from './domains.ts';
import { nodeResolvers } from './node.ts';
import { scalarResolvers } from './scalars.ts';

export type { LoaderKit, LoaderOptions, Loaders } from '../loaders/kit.ts';
export type { ResolverMap } from './domain.ts';
export { createLoaders, domains } from './domains.ts';

/** The contract between gateway and web (relay-compiler reads the same file). */
export const SCHEMA_FILE = fileURLToPath(new URL('../../../schema.graphql', import.meta.url));

/** The scalars, `node(id:)`, and every domain's resolvers. */
export const resolvers: ResolverMap[] = [
  scalarResolvers,
  nodeResolvers,
  ...domains.flatMap((domain) => domain.resolvers),
];

/**
 * The executable schema: exactly the SDL of schema.graphql with the resolvers above. A resolver for a type or
 * field the SDL lacks fails the build, so the code cannot drift from the contract unnoticed.
 */
export function buildSchema(extraResolvers: ResolverMap[] = []): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_FILE, 'utf8'),
    resolvers: [...resolvers, ...extraResolvers],
    resolverValidationOptions: {
      requireResolversToMatchSchema: 'error',
      requireResolversForResolveType: 'error',
    },
  });
}
