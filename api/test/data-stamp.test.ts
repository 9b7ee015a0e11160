import { DATA_STAMP_HEADER } from '@portal/domain/data-stamp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_STAMP } from '../src/account/auth.ts';
import { createTestApi, get, login, postJson, type Session, type TestApi } from './helpers.ts';

let api: TestApi;
let producer: Session;
beforeAll(async () => {
  api = await createTestApi();
  producer = await login(api, 'producteur@demo.fr');
});
afterAll(() => api.close());

const stamp = async () => (await api.db.one<{ stamp: string }>(`select ${DATA_STAMP} as stamp`)).stamp;
const epochOf = (stamp: string) => Number(stamp.split(':')[0]);

/** The tables no stamped answer reads (migration 028_data_stamp.sql): a table added later belongs to one side. */
const UNWATCHED = [
  'sessions',
  'personal_access_tokens',
  'login_failures',
  'login_addresses',
  'idempotency_keys',
  'notification_outbox',
  'password_reset_requests',
  'password_reset_tokens',
  'email_change_tokens',
  'trackdechets_sync_cursors',
  'schema_migrations',
  'access_epoch',
  'data_epoch',
];

describe('the data stamp', () => {
  it('follows every table but the unwatched ones, on insert, update, delete and truncate', async () => {
    const tables = await api.db.query<{
      name: string;
      changed: number | null;
      unwatchedColumns: string[] | null;
      truncated: number | null;
    }>(
      `select c.relname::text as name, t.tgtype::int as changed,
         -- The columns an update of which moves no stamp (none when the trigger names no column).
         case when cardinality(t.tgattr::int2[]) > 0 then array(
           select a.attname::text from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attnum <> all(t.tgattr::int2[])
         ) else '{}' end as "unwatchedColumns",
         (select u.tgtype::int from pg_trigger u where u.tgrelid = c.oid and u.tgname = 'data_truncated') as truncated
       from pg_class c
       left join pg_trigger t on t.tgrelid = c.oid and t.tgname = 'data_changed' and t.tgdeferrable and t.tginitdeferred
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`,
    );
    expect(tables.length).toBeGreaterThan(40);
    for (const { name, changed, unwatchedColumns, truncated } of tables) {
      if (UNWATCHED.includes(name)) {
        expect(changed, `${name} is not to be followed`).toBeNull();
        continue;
      }
      const advice = `${name}: give it the data_changed and data_truncated triggers of 028_data_stamp.sql, or name it among the tables no stamped answer reads`;
      // pg_trigger.tgtype: 4 insert, 8 delete, 16 update; 32 truncate.
      expect(changed, advice).not.toBeNull();
      expect(changed! & 28, advice).toBe(28);
      expect((truncated ?? 0) & 32, advice).toBe(32);
      // Every column but the last sign-in's, which each login writes; a column added later must be watched too.
      expect(unwatchedColumns, `${name}: the columns whose update moves no stamp`).toEqual(
        name === 'users' ? ['last_sign_in_at'] : [],
      );
    }
  });

  it('moves once in the commit of a write, and not with the last use of a session or a login', async () => {
    const before = await stamp();
    await api.db.query(`update sessions set last_used_at = now()`);
    await login(api, 'producteur@demo.fr');
    expect(await stamp()).toBe(before);
    await api.db.transaction(async (tx) => {
      await tx.query(`update company_sites set name = name where id = (select min(id) from company_sites)`);
      await tx.query(`update skips set name = name where id = (select min(id) from skips)`);
      // Not before the commit (even within the transaction): the epoch's row is locked last.
      expect((await tx.one<{ stamp: string }>(`select ${DATA_STAMP} as stamp`)).stamp).toBe(before);
    });
    const after = await stamp();
    expect(epochOf(after)).toBe(epochOf(before) + 1);
    const { today } = await api.db.one<{ today: string }>('select france_today()::text as today');
    expect(after).toBe(`${epochOf(after)}:${today}`);
  });

  it("comes with every GET answer, read with the caller's credentials, and alone from /api/data_stamp", async () => {
    const sites = await get(api, '/api/company_sites', producer);
    expect(sites.statusCode).toBe(200);
    expect(sites.headers[DATA_STAMP_HEADER]).toBe(await stamp());
    const alone = await get(api, '/api/data_stamp', producer);
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toEqual({ stamp: await stamp() });
    expect(alone.headers[DATA_STAMP_HEADER]).toBe(await stamp());

    await api.db.query(`update company_sites set name = name where id = (select min(id) from company_sites)`);
    const moved = await get(api, '/api/data_stamp', producer);
    expect(moved.json()).toEqual({ stamp: await stamp() });
    expect(epochOf(moved.json().stamp)).toBe(epochOf(alone.json().stamp) + 1);

    expect((await get(api, '/api/data_stamp')).statusCode).toBe(401);
  });

  it('is not sent with what it does not follow, nor with a write', async () => {
    const sessions = await get(api, '/api/users/me/sessions', producer);
    expect(sessions.statusCode).toBe(200);
    expect(sessions.headers[DATA_STAMP_HEADER]).toBeUndefined();
    const tokens = await get(api, '/api/users/me/access_tokens', producer);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers[DATA_STAMP_HEADER]).toBeUndefined();
    // The accounts of the back office, with their last sign-in.
    const accounts = await get(api, '/api/admin/users', await login(api, 'admin@demo.fr'));
    expect(accounts.statusCode).toBe(200);
    expect(accounts.headers[DATA_STAMP_HEADER]).toBeUndefined();
    const write = await postJson(api, '/api/users/me/notifications/read', producer, {});
    expect(write.statusCode).toBeLessThan(300);
    expect(write.headers[DATA_STAMP_HEADER]).toBeUndefined();
  });
});
