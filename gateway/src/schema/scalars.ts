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

/** A day as the REST api reads it (YYYY-MM-DD), from the UTC midnight graphql-scalars parses a Date to. */
const restDay = (day: Date): string => day.toISOString().slice(0, 10);

/**
 * A Date argument reaches the resolvers as the day's text, as the generated types say (`Date: 'string'`) and as
 * the api takes it: graphql-scalars checks it and would hand a JavaScript Date on, which a REST query or body
 * would carry as 'Fri Jan 01 2027 00:00:00 GMT…' or a UTC instant.
 */
const dayScalar = {
  ...behaviourOf(DateResolver),
  parseValue: (value: unknown) => restDay(DateResolver.parseValue(value) as Date),
  parseLiteral: (...literal: Parameters<typeof DateResolver.parseLiteral>) =>
    restDay(DateResolver.parseLiteral(...literal) as Date),
};

/** Typed as graphql-tools takes it: the generated resolver types would want the GraphQLScalarType itself. */
export const scalarResolvers: ResolverMap = {
  Date: dayScalar,
  DateTime: behaviourOf(DateTimeResolver),
  EmailAddress: behaviourOf(EmailAddressResolver),
};
