import type { Db } from '../db/index.ts';
import { notifyOperation } from '../notifications/notify.ts';

/**
 * The bell of the demo accounts: the notices of the latest moves of the demo producer's operations with the
 * demo provider, as they would have been written then (never mailed: they are the past); all but the last two
 * of each account already read.
 */
export async function seedDemoNotifications(
  db: Db,
  userIds: Record<string, number>,
  producerCompanyId: number,
  retrieverCompanyId: number,
): Promise<void> {
  const producer = userIds['producteur@demo.fr'];
  const provider = userIds['prestataire@demo.fr'];
  if (producer === undefined || provider === undefined) return;
  const moves = await db.query<{ id: number; status: string; at: Date }>(
    `select * from (
       select distinct on (o.status) o.id, o.status, o.updated_at as at
       from operations o
       join company_sites cs on cs.id = o.company_site_id and cs.company_id = $1
       join company_sites p on p.id = o.provider_site_id and p.company_id = $2
       where o.status in ('REQUESTED', 'SCHEDULED', 'COMPLETED', 'REALISED', 'CANCELLED')
       order by o.status, o.updated_at desc, o.id desc) latest
     order by at, id`,
    [producerCompanyId, retrieverCompanyId],
  );
  for (const move of moves) {
    const status = move.status === 'REQUESTED' ? null : move.status;
    // The producer asks, validates and cancels; the provider does the rest.
    const actor = status === null || status === 'REALISED' || status === 'CANCELLED' ? producer : provider;
    await notifyOperation(db, move.id, status, actor, new Date(move.at), { mail: false });
  }
  await db.query(
    `update notifications n set read_at = n.created_at
     where n.user_id = any($1::int[])
       and n.id not in (select id from notifications m where m.user_id = n.user_id
                        order by m.created_at desc, m.id desc limit 2)`,
    [[producer, provider]],
  );
}
