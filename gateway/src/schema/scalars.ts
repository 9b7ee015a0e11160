import type { GraphQLScalarType } from 'graphql';
import { DateResolver, DateTimeResolver, EmailAddressResolver } from 'graphql-scalars';
import type { ResolverMap } from './domain.ts';

/**
 * Only the behaviour of graphql-scalars' types: handing graphql-tools the types themselves would also copy
 * their descriptions and @specifiedBy into the served schema, which must stay exactly schema.graphql.
 */
function behaviourOf(scalar: GraphQLScalarType) {
  return { serialize: scalar.serialize, parseValue: scalar.parseValue, parseLiteral: scalar.parseLiteral };
}

/** Typed as graphql-tools takes it: the generated resolver types would want the GraphQLScalarType itself. */
export const scalarResolvers: ResolverMap = {
  Date: behaviourOf(DateResolver),
  DateTime: behaviourOf(DateTimeResolver),
  EmailAddress: behaviourOf(EmailAddressResolver),
};
