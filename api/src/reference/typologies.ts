import { typologyLabels, USER_TYPOLOGIES } from '@portal/domain';
import type { Db } from '../db/index.ts';

/** Keeps the user and site typology tables equal to domain's list (codes and French labels). */
export async function syncTypologies(db: Db): Promise<void> {
  for (const table of ['user_typologies', 'site_typologies']) {
    for (const code of USER_TYPOLOGIES) {
      await db.query(
        `insert into ${table} (code, label) values ($1, $2)
         on conflict (code) do update set label = excluded.label where ${table}.label <> excluded.label`,
        [code, typologyLabels[code]],
      );
    }
  }
}
