import { LRUCache } from 'lru-cache';
import type { Db } from '../db/index.ts';
import { ACCESS_BY_USER, type AccessRow, accessFromRow, type CallerAccess } from './policy.ts';

/**
 * What a process keeps at most (least recently used out): users, and sites in all (own and linked, about 150 bytes
 * each in the maps), so that a few providers linked to thousands of sites cannot fill the memory.
 */
const KEPT_USERS = 10_000;
const KEPT_SITES = 500_000;

/**
 * The callers' access, read again only when it may have changed. Every request's credentials lookup reads the
 * database's access stamp (ACCESS_STAMP), which changes in the same commit as any row the access statement
 * reads, and with France's date; the access kept for the user is used when it was read under that same stamp, and
 * read again otherwise. So a removed link is seen at the very next request, by every process, while a request of an
 * unchanged world costs no access statement. One per api process.
 */
export class AccessReader {
  readonly #db: Db;
  readonly #kept = new LRUCache<number, { stamp: string; access: CallerAccess }>({
    max: KEPT_USERS,
    maxSize: KEPT_SITES,
    sizeCalculation: ({ access }) => 1 + access.ownSites.size + access.linkedSites.size,
  });

  constructor(db: Db) {
    this.#db = db;
  }

  /** The user's access under `stamp`, the access stamp its request's credentials were read with. */
  async accessOf(userId: number, stamp: string): Promise<CallerAccess> {
    const kept = this.#kept.get(userId);
    if (kept !== undefined && kept.stamp === stamp) return kept.access;
    const row = await this.#db.one<AccessRow>(ACCESS_BY_USER, [userId]);
    const access = accessFromRow(row);
    // Kept under the stamp read with it, in the same snapshot (not the lookup's, which may be older).
    this.#kept.set(userId, { stamp: row.accessStamp, access });
    return access;
  }
}
