import type { IExecutableSchemaDefinition } from '@graphql-tools/schema';
import type { GatewayContext } from '../context.ts';
import type { LoaderFactory, Loaders } from '../loaders/kit.ts';
import type { MutationResolvers, Resolvers } from './__generated__/resolvers.ts';
import type { NodeType } from './global-id.ts';

/**
 * A domain of the graph (containers, operations, ...): one folder that owns its DataLoaders, its resolvers and
 * the node types it serves, and registers itself with one line in `domains.ts`. Nothing central lists what a
 * domain holds: the request's loaders, the schema's resolvers and `node(id:)` are all derived from the registry.
 *
 * A domain's folder: `loaders.ts`, a factory of its loaders for one request (from the kit of `loaders/kit.ts`,
 * whose `Loaders` interface it adds them to); its resolver maps, typed `Resolvers` (generated from schema.graphql
 * by `npm run codegen`; a large domain's mutations a file each, typed `MutationResolver<'name'>`); and `index.ts`
 * with `defineDomain({ loaders, resolvers, nodes })`. A new object type that resolves from a REST item also gets
 * its mapper in gateway/codegen.ts.
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

/** How `node(id:)` reads each node type a domain serves, by database id (null: unseen). */
export type NodeReaders = Partial<
  Record<NodeType, (context: GatewayContext, databaseId: number) => Promise<object | null>>
>;

/** The loaders that read one item by its id. */
type ItemLoaderName = {
  [K in keyof Loaders]: Loaders[K] extends { load(id: number): Promise<object | null> } ? K : never;
}[keyof Loaders];

/** Node types read through their item loader (`{ Skip: 'skips' }`). */
export function itemNodes(loaderOf: Partial<Record<NodeType, ItemLoaderName>>): NodeReaders {
  return Object.fromEntries(
    Object.entries(loaderOf).map(([type, name]) => [
      type,
      (context: GatewayContext, id: number) => context.loaders[name].load(id),
    ]),
  );
}

export interface Domain<L extends object = object> {
  loaders: LoaderFactory<L>;
  resolvers: readonly Resolvers[];
  nodes: NodeReaders;
}

/** Declares a domain: its loaders, its resolver maps and how `node(id:)` reads its node types. */
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
