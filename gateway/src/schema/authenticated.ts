import type { GatewayContext } from '../context.ts';
import { unauthenticatedError } from '../errors.ts';
import type { ResolverFn } from './__generated__/resolvers.ts';

/**
 * Fails UNAUTHENTICATED when the request carries no credentials: the api would refuse the call anyway, and the
 * web sends the user to the login page on that code.
 */
export function requireCredentials(context: GatewayContext): void {
  if (context.token === null) throw unauthenticatedError();
}

/** A resolver of a field only a signed-in caller may read or call. */
export function authenticated<TResult, TParent, TArgs>(
  resolver: ResolverFn<TResult, TParent, GatewayContext, TArgs>,
): ResolverFn<TResult, TParent, GatewayContext, TArgs> {
  return (parent, args, context, info) => {
    requireCredentials(context);
    return resolver(parent, args, context, info);
  };
}
