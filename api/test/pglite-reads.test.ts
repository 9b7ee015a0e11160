import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { openPglite } from '../src/db/pglite.ts';
import { givesSameRows, onlyReads, SCHEMA_FUNCTIONS } from '../src/db/same-rows.ts';
import { createTestApi } from './helpers.ts';

/**
 * Each run of RUN draws the next number: a read that shows the same one again was not run again. (The function
 * hides its draw from `givesSameRows`, as no function of the portal's schema does.)
 */
const SCHEMA = `
  create table notes (id serial primary key, body text not null);
  create sequence runs;
  create function run_number() returns bigint language sql volatile as $$ select nextval('runs') $$;
`;

let db: Db;
beforeAll(async () => {
  db = await openPglite(undefined, { keptReadsBytes: 1024 * 1024 });
  await db.exec(SCHEMA);
});
afterAll(() => db.close());

const RUN = 'select run_number()::int as run, count(*)::int as notes from notes where body <> $1';
/** The notes but those of `body` (a parameter: other values, other reads). */
const read = async (body = '') => await db.one<{ run: number; notes: number }>(RUN, [body]);

describe('the embedded database keeps its reads until it next writes', () => {
  it('gives a read again, without running it, until a statement writes', async () => {
    const first = await read();
    expect(await read()).toEqual(first);
    // Asked together: one run.
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toEqual(first);
    expect(b).toEqual(first);
    await db.query('insert into notes (body) values ($1)', ['une']);
    const afterInsert = await read();
    expect(afterInsert.run).toBeGreaterThan(first.run);
    expect(afterInsert.notes).toBe(first.notes + 1);
    expect(await read()).toEqual(afterInsert);
  });

  it('reads again after a transaction or a script', async () => {
    const before = await read();
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (body) values ($1)', ['deux']);
    });
    const afterTransaction = await read();
    expect(afterTransaction.notes).toBe(before.notes + 1);
    await db.exec(`insert into notes (body) values ('trois')`);
    expect((await read()).notes).toBe(before.notes + 2);
  });

  it('does not give a read that ran beside a write to those who ask after it', async () => {
    const before = await read('beside');
    await db.query('insert into notes (body) values ($1)', ['trois bis']);
    // The read is asked first and runs first: its rows come from before the write, and only it gets them.
    const [during] = await Promise.all([
      read('beside'),
      db.query('insert into notes (body) values ($1)', ['quatre']),
    ]);
    expect(during.notes).toBe(before.notes + 1);
    expect((await read('beside')).notes).toBe(before.notes + 2);
  });

  it('gives each asker rows of its own', async () => {
    const [a, b] = await Promise.all([read('own'), read('own')]);
    a.notes = -1;
    expect(b.notes).not.toBe(-1);
    expect((await read('own')).notes).not.toBe(-1);
    expect((await read('own')).run).toBe(a.run);
  });

  it('runs each time what reads the clock or draws, and what writes', async () => {
    // A draw shows whether it ran again (the embedded clock counts milliseconds: two runs can read the same time).
    const draw = 'select random() as drawn, clock_timestamp() as at';
    const [first] = await db.query<{ drawn: number }>(draw);
    const [second] = await db.query<{ drawn: number }>(draw);
    expect(second?.drawn).not.toBe(first?.drawn);
    const inserted = await db.query<{ id: number }>('insert into notes (body) values ($1) returning id', [
      'cinq',
    ]);
    const again = await db.query<{ id: number }>('insert into notes (body) values ($1) returning id', [
      'cinq',
    ]);
    expect(again[0]?.id).toBe((inserted[0]?.id ?? 0) + 1);
  });
});

it('keeps none when given no memory for them', async () => {
  const keeping = await openPglite(undefined, { keptReadsBytes: 0 });
  try {
    await keeping.exec(SCHEMA);
    const first = await keeping.one<{ run: number }>(RUN, ['']);
    expect((await keeping.one<{ run: number }>(RUN, [''])).run).toBe(first.run + 1);
  } finally {
    await keeping.close();
  }
});

describe('what gives the same rows on the same data', () => {
  it('is a select or a with of selects that reads neither the clock nor a draw', () => {
    expect(givesSameRows('select id from notes where id = $1')).toBe(true);
    expect(givesSameRows('  with n as (select id from notes) select * from n')).toBe(true);
    expect(givesSameRows({ name: 'named', text: 'select updated_at from notes' })).toBe(true);
    expect(givesSameRows('select now()')).toBe(false);
    expect(givesSameRows('select current_date')).toBe(false);
    expect(givesSameRows('select random()')).toBe(false);
    expect(givesSameRows(`select currval('runs')`)).toBe(false);
  });

  it('never is what writes or locks', () => {
    for (const statement of [
      'insert into notes (body) values ($1)',
      'update notes set body = $1',
      'with gone as (delete from notes returning id) select count(*) from gone',
      'select id from notes for update',
      'select id from notes for key share',
      `select pg_advisory_xact_lock(hashtext('x'))`,
      `select set_config('a.b', 'c', false)`,
      `select nextval('runs')`,
      'select final_outlets_adopt($1::int[])',
      'select dashboard_refresh($1, $2)',
      'truncate notes',
    ]) {
      expect(onlyReads(statement), statement).toBe(false);
      expect(givesSameRows(statement), statement).toBe(false);
    }
  });
});

it("knows what each function of the portal's schema does, since a select calling one that writes is a write", async () => {
  const api = await createTestApi();
  try {
    const functions = await api.db.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = current_schema() and p.prorettype <> 'trigger'::regtype order by 1`,
    );
    expect(
      functions.map((found) => found.name),
      'each function of the schema joins SCHEMA_FUNCTIONS (api/src/db/same-rows.ts): readOnly or writing',
    ).toEqual([...SCHEMA_FUNCTIONS.readOnly, ...SCHEMA_FUNCTIONS.writing].sort());
  } finally {
    await api.close();
  }
});
