import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, SharedReads } from '../src/db/index.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** The root Db, counting the statements it runs. */
function counting(root: Db): Db & { runs: number } {
  const counted = {
    ...root,
    runs: 0,
    query: <T>(sql: Parameters<Db['query']>[0], params?: readonly unknown[]) => {
      counted.runs++;
      return root.query<T>(sql, params);
    },
  };
  return counted;
}

const SITES = 'select id, name from company_sites where company_id = $1 order by id';

describe('shared reads', () => {
  it('runs a statement once for the requests of one data stamp that ask it with the same parameters', async () => {
    const root = counting(api.db);
    const reads = new SharedReads(root);
    const company = api.demo!.producerCompanyId;
    // Asked together, then after: one run.
    const [first, second] = await Promise.all([
      reads.of('5:2026-11-28').query<{ id: number; name: string }>(SITES, [company]),
      reads.of('5:2026-11-28').query<{ id: number; name: string }>(SITES, [company]),
    ]);
    const third = await reads
      .of('5:2026-11-28')
      .one<{ count: number }>('select count(*)::int as count from company_sites where company_id = $1', [
        company,
      ]);
    expect(root.runs).toBe(2);
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    expect(third.count).toBe(first.length);
    // Each request has its own rows: one changing them changes no other's.
    first[0]!.name = 'changé';
    expect((await reads.of('5:2026-11-28').query<{ name: string }>(SITES, [company]))[0]!.name).not.toBe(
      'changé',
    );
    expect(root.runs).toBe(2);

    // Other parameters, another stamp (a write in between), no stamp (a write's request): read again.
    await reads.of('5:2026-11-28').query(SITES, [company + 1]);
    await reads.of('6:2026-11-28').query(SITES, [company]);
    await reads.of(null).query(SITES, [company]);
    await reads.of(null).query(SITES, [company]);
    expect(root.runs).toBe(6);
  });

  it('runs each time a statement that reads the clock, and everything when given no memory', async () => {
    const root = counting(api.db);
    const reads = new SharedReads(root);
    for (const clock of ['select now() as at', 'select current_timestamp as at']) {
      await reads.of('5:2026-11-28').query(clock);
      await reads.of('5:2026-11-28').query(clock);
    }
    expect(root.runs).toBe(4);
    const none = new SharedReads(root, 0);
    await none.of('5:2026-11-28').query(SITES, [api.demo!.producerCompanyId]);
    await none.of('5:2026-11-28').query(SITES, [api.demo!.producerCompanyId]);
    expect(root.runs).toBe(6);
  });

  it('does not share a failed read', async () => {
    const root = counting(api.db);
    const reads = new SharedReads(root);
    const failing = 'select 1 / $1::int as x';
    await expect(reads.of('7:2026-11-28').query(failing, [0])).rejects.toThrow();
    expect(await reads.of('7:2026-11-28').query(failing, [1])).toEqual([{ x: 1 }]);
    await expect(reads.of('7:2026-11-28').query(failing, [0])).rejects.toThrow();
    expect(root.runs).toBe(3);
  });
});
