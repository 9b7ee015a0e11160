import type { IExecutableSchemaDefinition } from '@graphql-tools/schema';
import type { GatewayContext } from '../context.ts';
import type { ReferenceList } from '../loaders/reference-lists.ts';
import type { RestClient } from '../rest/client.ts';
import type { RestUser } from '../rest/types.ts';
import type { MutationResolvers, Resolvers } from './__generated__/resolvers.ts';
import type { Loaders } from './domains.ts';
import type { NodeType } from './global-id.ts';

/**
 * A domain of the graph (containers, operations, ...): one folder that owns its DataLoaders, its resolvers and
 * the node types it serves, and registers itself with one line in `domains.ts`. Nothing central lists what a
 * domain holds: the request's loaders, the schema's resolvers and `node(id:)` are all derived from the registry.
 */

export type { Resolvers } from './__generated__/resolvers.ts';

/**
 * A field's value that graphql's default resolver calls (it calls a function it finds on the parent): a payload's
 * field computed only when the client selects it.
 */
export type Lazy<T> = () => Promise<T | null> | T | null;

/** The resolver of one mutation, for a file of its own (`export const createSkip: MutationResolver<'createSkip'>`). */
export type MutationResolver<Name extends keyof MutationResolvers> = NonNullable<MutationResolvers[Name]>;

/** One resolver map (type name to field resolvers), as makeExecutableSchema takes them. */
export type ResolverMap = Extract<
  NonNullable<IExecutableSchemaDefinition['resolvers']>,
  readonly unknown[]
>[number];

export interface LoaderOptions {
  /** Company ids the caller's screen will need (from the viewer): fetched with the first company batch. */
  companyHints: () => Iterable<number>;
  /** The signed-in user (cached by the request): the mirror side of a site depends on it. */
  viewer: () => Promise<RestUser | null>;
}

/** What a domain's loaders are built from, for ONE request. */
export interface LoaderKit extends LoaderOptions {
  rest: RestClient;
  /** The request's reference lists, shared by every domain: each read whole at most once. */
  referenceList: ReferenceList;
  /**
   * Every domain's loaders of this request (a domain's batch may go through another's items). Available once all
   * are built: call it inside a batch function, never while building. A closure that returns what it reads there
   * states its return type, or TypeScript would infer the loaders from themselves.
   */
  loaders: () => Loaders;
}

/** Builds a domain's loaders for one request; they are never shared between requests. */
export type LoaderFactory<L extends object> = (kit: LoaderKit) => L;

/** How `node(id:)` reads each node type a domain serves, by database id (null: unseen). */
export type NodeReaders = Partial<
  Record<NodeType, (context: GatewayContext, databaseId: number) => Promise<object | null>>
>;

export interface Domain<L extends object = object> {
  loaders: LoaderFactory<L>;
  resolvers: readonly Resolvers[];
  nodes: NodeReaders;
}

/**
 * Declares a domain. Give it resolver maps and node readers declared with their types (`: Resolvers`,
 * `: NodeReaders`): the request's `Loaders` type is inferred from the domains, so their types must not be
 * inferred from the loaders in turn.
 */
export function defineDomain<L extends object = object>(domain: {
  loaders?: LoaderFactory<L>;
  resolvers: readonly Resolvers[];
  nodes?: NodeReaders;
}): Domain<L> {
  return {
    loaders: domain.loaders ?? (() => ({}) as L),
    resolvers: domain.resolvers,
    nodes: domain.nodes ?? {},
  };
}

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** The loaders of a set of domains: what each domain's factory builds, together. */
export type LoadersOf<D extends readonly Domain[]> = Intersection<ReturnType<D[number]['loaders']>>;
