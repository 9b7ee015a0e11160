import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors.ts';
import { type PageRequest, pagesCovering } from '../rest/pages.ts';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

/** Cursors are the base64 of the item's offset in the full list. */
export function offsetCursor(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64');
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.badUserInput } });
}

function offsetOfCursor(cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = Number(decoded);
  if (!/^[0-9]+$/.test(decoded) || !Number.isSafeInteger(offset))
    throw badInput(`Invalid cursor '${cursor}'`);
  return offset;
}

/** The window the arguments ask for: its first offset, and its length (null: to the end of the list). */
export function windowOf(args: ConnectionArgs): { offset: number; count: number | null } {
  const { first, after } = args;
  if (first !== null && first !== undefined && first < 0) throw badInput('first must not be negative');
  return {
    offset: after === null || after === undefined ? 0 : offsetOfCursor(after) + 1,
    count: first ?? null,
  };
}

/** A connection from the items of the window starting at `offset`, in a list of `totalCount` items. */
export function connectionFromSlice<T>(
  items: readonly T[],
  offset: number,
  totalCount: number,
): Connection<T> {
  const edges = items.map((node, index) => ({ cursor: offsetCursor(offset + index), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: offset + edges.length < totalCount,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  };
}

/** A page of a list the loaders returned whole (reads are unpaginated, SPEC 7); totalCount is the whole list. */
export function connectionFromList<T>(items: readonly T[], args: ConnectionArgs): Connection<T> {
  const { offset, count } = windowOf(args);
  const end = count === null ? items.length : Math.min(items.length, offset + count);
  return connectionFromSlice(items.slice(offset, Math.max(offset, end)), offset, items.length);
}

/** One page of a REST list: its items and `hydra:totalItems`. */
export interface RestPage<T> {
  items: readonly T[];
  totalItems: number;
}

/**
 * A connection over a REST list the api pages, fetching only the window asked for: `first`/`after` become
 * `page`/`itemsPerPage` (the pages covering the window in the fewest calls, see pagesCovering), no `first`
 * the whole list (`page` undefined). The first page comes first; the others only when `hydra:totalItems`
 * says the window reaches them. totalCount is `hydra:totalItems`.
 */
export async function connectionFromRestList<T>(
  args: ConnectionArgs,
  fetchPage: (page: PageRequest | undefined) => Promise<RestPage<T>>,
): Promise<Connection<T>> {
  const { offset, count } = windowOf(args);
  if (count === null) {
    const whole = await fetchPage(undefined);
    return connectionFromSlice(whole.items.slice(offset), offset, whole.totalItems);
  }
  // A window of 0 items still needs the total: one item is the cheapest page that reads it.
  const plan = pagesCovering(offset, Math.max(count, 1));
  const head = await fetchPage({ page: plan.firstPage, itemsPerPage: plan.itemsPerPage });
  const end = Math.min(offset + count, head.totalItems);
  const lastNeeded = end <= 0 ? plan.firstPage : Math.min(plan.lastPage, Math.ceil(end / plan.itemsPerPage));
  const others = await Promise.all(
    Array.from({ length: Math.max(0, lastNeeded - plan.firstPage) }, (_, i) =>
      fetchPage({ page: plan.firstPage + 1 + i, itemsPerPage: plan.itemsPerPage }),
    ),
  );
  const items = [head, ...others].flatMap((page) => page.items);
  const skip = offset - (plan.firstPage - 1) * plan.itemsPerPage;
  return connectionFromSlice(items.slice(skip, skip + count), offset, head.totalItems);
}
