import { typologyLabels, USER_TYPOLOGIES } from '@portal/domain';
import type { Db } from '../db/index.ts';

const TABLES = ['user_typologies', 'site_typologies'] as const;

/**
 * Keeps the user and site typology tables equal to domain's list (codes and French labels). Read first, written
 * only where they differ: a start on an existing database reads once and writes nothing.
 */
export async function syncTypologies(db: Db): Promise<void> {
  const rows = await db.query<{ table: string; code: string; label: string }>(
    TABLES.map((table) => `select '${table}' as "table", code, label from ${table}`).join(' union all '),
  );
  const stored = new Set(rows.map((row) => `${row.table}:${row.code}:${row.label}`));
  for (const table of TABLES) {
    for (const code of USER_TYPOLOGIES) {
      if (stored.has(`${table}:${code}:${typologyLabels[code]}`)) continue;
      await db.query(
        `insert into ${table} (code, label) values ($1, $2)
         on conflict (code) do update set label = excluded.label where ${table}.label <> excluded.label`,
        [code, typologyLabels[code]],
      );
    }
  }
}
