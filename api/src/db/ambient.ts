import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db.ts';

/**
 * The Db the queries of an async context run on instead of the pool's, given when first needed; undefined: the
 * pool's. A request that keeps all its work in one transaction (an idempotent write, stored with its answer)
 * sets it for its handler, so that every query the handler makes, through whatever module, joins that
 * transaction: on PGlite, which runs one transaction at a time, a query left outside would wait for it forever.
 */
export type AmbientDb = () => Promise<Db> | undefined;

const ambient = new AsyncLocalStorage<AmbientDb>();

/** Runs `fn` with the queries of its async context (and of what it starts) on the Db that `db` gives. */
export function runWithAmbientDb<T>(db: AmbientDb, fn: () => T): T {
  return ambient.run(db, fn);
}

/** Runs `fn` on the pool, whatever the ambient Db of the caller. */
export function outsideAmbientDb<T>(fn: () => T): T {
  return ambient.exit(fn);
}

/** A database's root Db whose queries follow the ambient Db of their async context, when there is one. */
export function followingAmbientDb(root: Db): Db {
  const target = async (): Promise<Db> => (await ambient.getStore()?.()) ?? root;
  return {
    // What is the database's own (its engine, its pool, closing it) stays the root's.
    ...root,
    query: async (sql, params) => (await target()).query(sql, params),
    one: async (sql, params) => (await target()).one(sql, params),
    maybeOne: async (sql, params) => (await target()).maybeOne(sql, params),
    exec: async (sql) => (await target()).exec(sql),
    transaction: async (fn) => (await target()).transaction(fn),
  };
}

/** A transaction kept open until its holder ends it. */
export interface HeldTransaction {
  db: Db;
  /** Commits (`true`) or rolls back; rejects when the commit fails. */
  end(commit: boolean): Promise<void>;
}

/** Thrown inside the held transaction's callback to roll it back. */
const ROLLBACK = Symbol('rollback');

/**
 * Opens a transaction on `root`'s pool that stays open across hooks and handlers until `end`: the engines'
 * `transaction(fn)` spans one callback, which waits here for the holder's decision.
 */
export function holdTransaction(root: Db): Promise<HeldTransaction> {
  return new Promise((resolve, reject) => {
    let decide: (commit: boolean) => void = () => undefined;
    const decision = new Promise<boolean>((settle) => {
      decide = settle;
    });
    const ended: Promise<void> = outsideAmbientDb(() =>
      root.transaction(async (tx) => {
        resolve({
          db: tx,
          end: async (commit) => {
            decide(commit);
            await ended;
          },
        });
        if (!(await decision)) throw ROLLBACK;
      }),
    ).catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
    // BEGIN failed: no transaction to hold (after `resolve`, this does nothing).
    ended.catch(reject);
  });
}
