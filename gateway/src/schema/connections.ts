import { GraphQLError } from 'graphql';
import { ErrorCode } from '../errors.ts';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
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

function offsetOfCursor(cursor: string): number {
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const offset = Number(decoded);
  if (!/^[0-9]+$/.test(decoded) || !Number.isSafeInteger(offset)) {
    throw new GraphQLError(`Invalid cursor '${cursor}'`, { extensions: { code: ErrorCode.badUserInput } });
  }
  return offset;
}

/** A page of a list the loaders returned whole (reads are unpaginated, SPEC 7); totalCount is the whole list. */
export function connectionFromList<T>(items: readonly T[], args: ConnectionArgs): Connection<T> {
  const { first, after } = args;
  if (first !== null && first !== undefined && first < 0) {
    throw new GraphQLError('first must not be negative', { extensions: { code: ErrorCode.badUserInput } });
  }
  const start = after === null || after === undefined ? 0 : offsetOfCursor(after) + 1;
  const end = first === null || first === undefined ? items.length : Math.min(items.length, start + first);
  const edges = items.slice(start, Math.max(start, end)).map((node, index) => ({
    cursor: offsetCursor(start + index),
    node,
  }));
  return {
    edges,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: items.length,
  };
}
