import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type IExecutableSchemaDefinition, makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { accountMutations } from './account/mutations.ts';
import { userResolvers } from './account/user.ts';
import { companyResolvers } from './companies/resolvers.ts';
import { monthlyCostResolvers } from './costs/monthly.ts';
import { monthlyDashboardResolvers } from './dashboard/monthly.ts';
import { dashboardResolvers } from './dashboard/resolvers.ts';
import { entityMutations } from './entities/mutations.ts';
import { entityResolvers } from './entities/resolvers.ts';
import { nodeResolvers } from './node.ts';
import { costResolvers } from './operations/costs.ts';
import { incidentResolvers } from './operations/incidents.ts';
import { operationMutations } from './operations/mutations.ts';
import { rotationProgramResolvers } from './operations/programs.ts';
import { operationResolvers } from './operations/resolvers.ts';
import { referenceResolvers } from './reference/resolvers.ts';
import { wasteResolvers } from './reference/wastes.ts';
import { scalarResolvers } from './scalars.ts';
import { siteMutations } from './sites/mutations.ts';
import { siteResolvers } from './sites/resolvers.ts';
import { skipMutations } from './skips/mutations.ts';
import { skipResolvers } from './skips/resolvers.ts';

/** One resolver map (type name to field resolvers), as makeExecutableSchema takes them. */
export type ResolverMap = Extract<
  NonNullable<IExecutableSchemaDefinition['resolvers']>,
  readonly unknown[]
>[number];

/** The contract between gateway and web (relay-compiler reads the same file). */
export const SCHEMA_FILE = fileURLToPath(new URL('../../../schema.graphql', import.meta.url));

export const resolvers: ResolverMap[] = [
  scalarResolvers,
  nodeResolvers,
  userResolvers,
  accountMutations,
  siteResolvers,
  siteMutations,
  companyResolvers,
  entityResolvers,
  entityMutations,
  referenceResolvers,
  wasteResolvers,
  skipResolvers,
  skipMutations,
  operationResolvers,
  operationMutations,
  rotationProgramResolvers,
  incidentResolvers,
  costResolvers,
  monthlyCostResolvers,
  dashboardResolvers,
  monthlyDashboardResolvers,
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
