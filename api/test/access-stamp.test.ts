import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_BY_USER, ACCESS_STAMP, AccessReader } from '../src/policy/index.ts';
import { createTestApi, get, login, type TestApi } from './helpers.ts';

let api: TestApi;
let producerId: number;
beforeAll(async () => {
  api = await createTestApi();
  producerId = api.demo!.userIds['producteur@demo.fr']!;
});
afterAll(() => api.close());

const stamp = async () => (await api.db.one<{ stamp: string }>(`select ${ACCESS_STAMP} as stamp`)).stamp;

interface PlanNode {
  'Relation Name'?: string;
  Output?: string[];
  Alias?: string;
  Plans?: PlanNode[];
}

/** Every table the access statement reads, with the columns it reads of each, from its plan. */
async function tablesRead(): Promise<Map<string, Set<string>>> {
  const [row] = await api.db.query<Record<string, unknown>>(
    `explain (verbose, format json) ${ACCESS_BY_USER.text}`,
    [producerId],
  );
  const raw = Object.values(row!)[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const relationOfAlias = new Map<string, string>();
  const scans: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    if (node['Relation Name'] !== undefined && node.Alias !== undefined) {
      relationOfAlias.set(node.Alias, node['Relation Name']);
      scans.push(node);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan[0]!.Plan);
  // A scan may output every column of its table (a physical target list), read or not: such an output is left
  // out, the scan's conditions and the nodes above it naming what is read.
  for (const scan of scans) {
    const { count } = await api.db.one<{ count: number }>(
      'select count(*)::int as count from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped',
      [scan['Relation Name']],
    );
    if (scan.Output?.length === count) delete scan.Output;
  }
  const tables = new Map<string, Set<string>>([...relationOfAlias.values()].map((name) => [name, new Set()]));
  // Verbose plans name each column read as alias.column, in outputs, conditions and keys.
  for (const [, alias, column] of JSON.stringify(plan).matchAll(
    /\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/g,
  )) {
    const table = relationOfAlias.get(alias!);
    if (table !== undefined) tables.get(table)!.add(column!);
  }
  tables.delete('access_epoch');
  return tables;
}

describe('the access stamp', () => {
  it('changes with every table the access statement reads, on insert, update of a column it reads, delete and truncate', async () => {
    const tables = await tablesRead();

    expect([...tables.keys()].sort()).toEqual(
      expect.arrayContaining(['company_sites', 'site_link_periods', 'user_companies', 'users']),
    );
    for (const [table, columns] of tables) {
      const triggers = await api.db.query<{ name: string; type: number; columns: string[] }>(
        `select t.tgname as name, t.tgtype::int as type,
           array(select a.attname::text from pg_attribute a
                 where a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])) as columns
         from pg_trigger t where t.tgrelid = $1::regclass and t.tgname in ('access_changed', 'access_truncated')`,
        [table],
      );
      const changed = triggers.find((trigger) => trigger.name === 'access_changed');
      const truncated = triggers.find((trigger) => trigger.name === 'access_truncated');
      expect(changed, `${table} has no access_changed trigger`).toBeDefined();
      expect(truncated, `${table} has no access_truncated trigger`).toBeDefined();
      // pg_trigger.tgtype: 4 insert, 8 delete, 16 update; 32 truncate.
      expect(changed!.type & 28, table).toBe(28);
      expect(truncated!.type & 32, table).toBe(32);
      // An update trigger without columns fires on any of them.
      if (changed!.columns.length > 0)
        expect(changed!.columns, `${table}: columns read`).toEqual(expect.arrayContaining([...columns]));
    }
  });

  it('changes in the commit that changes access, and not with a write access does not read', async () => {
    const before = await stamp();
    await api.db.query(
      `update company_sites set name = name || ' ' where id = (select min(id) from company_sites)`,
    );
    expect(await stamp()).toBe(before);
    await api.db.transaction(async (tx) => {
      await tx.query('update users set is_admin = is_admin where id = $1', [producerId]);
      await tx.query(
        'update company_sites set deactivated_at = null where id = (select min(id) from company_sites)',
      );
    });
    const after = await stamp();
    expect(after).not.toBe(before);
    expect(after).toMatch(/:\d{4}-\d{2}-\d{2}$/);
    // One change of the epoch for the whole transaction.
    expect(Number(after.split(':')[0])).toBe(Number(before.split(':')[0]) + 1);
  });

  it("ends with France's date, on which a link's period is reckoned", async () => {
    const { today } = await api.db.one<{ today: string }>('select france_today()::text as today');
    expect(await stamp()).toMatch(new RegExp(`:${today}$`));
  });
});

describe('the access a process keeps', () => {
  it("keeps a user's access while the stamp stands, and reads it again under a new one", async () => {
    const reader = new AccessReader(api.db);
    const first = await reader.accessOf(producerId, await stamp());
    expect(first.links.companyIds).toHaveLength(1);
    // The same object: the statement was not run again.
    expect(await reader.accessOf(producerId, await stamp())).toBe(first);
    const removed = await api.db.query<{ companyId: number }>(
      'delete from user_companies where user_id = $1 returning company_id as "companyId"',
      [producerId],
    );
    try {
      const after = await reader.accessOf(producerId, await stamp());
      expect(after.links.companyIds).toEqual([]);
      expect(after.ownSites.size).toBeLessThan(first.ownSites.size);
    } finally {
      for (const { companyId } of removed)
        await api.db.query('insert into user_companies (user_id, company_id) values ($1, $2)', [
          producerId,
          companyId,
        ]);
    }
    expect((await reader.accessOf(producerId, await stamp())).links.companyIds).toEqual(
      first.links.companyIds,
    );
  });

  it('is the access each request of the api uses: a removed link is refused at the very next request', async () => {
    const producer = await login(api, 'producteur@demo.fr');
    const { id } = await api.db.one<{ id: number }>(
      'select min(id) as id from company_sites where company_id = $1',
      [api.demo!.producerCompanyId],
    );
    const ownSite = `/api/company_sites/${id}`;
    expect((await get(api, ownSite, producer)).statusCode).toBe(200);
    // Kept now; a deactivated establishment is nobody's any more.
    expect((await get(api, ownSite, producer)).statusCode).toBe(200);
    await api.db.query('update company_sites set deactivated_at = now() where id = $1', [id]);
    try {
      expect((await get(api, ownSite, producer)).statusCode).toBe(404);
    } finally {
      await api.db.query('update company_sites set deactivated_at = null where id = $1', [id]);
    }
    expect((await get(api, ownSite, producer)).statusCode).toBe(200);
  });
});
