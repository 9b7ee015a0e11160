import { randomBytes } from 'node:crypto';
import { INVITATION_VALIDITY_MS } from '../account/mails.ts';
import { recordAudit } from '../admin/audit.ts';
import type { Db } from '../db/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the operator's back office shows on a new demo: an invitation still pending (its link was never mailed: the
 * administrator can resend it), a link between a producer and a provider that has ended, and their entries in
 * the audit trail.
 */
export async function seedDemoBackOffice(
  db: Db,
  userIds: Record<string, number>,
  producerCompanyId: number,
  retrieverCompanyId: number,
  today: Date,
): Promise<void> {
  const adminId = userIds['admin@demo.fr'];
  if (adminId === undefined) throw new Error('The demo has no administrator');
  const invitedAt = new Date(today.getTime() - 2 * DAY_MS);
  const invited = await db.one<{ id: number }>(
    `insert into users (email, password_hash, firstname, lastname, function, invited_at, created_at)
     values ('nouvelle.recrue@demo.fr', null, 'Léa', 'Fontaine', 'Acheteuse', $1, $1) returning id`,
    [invitedAt],
  );
  await db.query(
    `insert into user_user_typologies (user_id, user_typology_id) select $1, id from user_typologies where code = 'producer'`,
    [invited.id],
  );
  await db.query('insert into user_companies (user_id, company_id) values ($1, $2)', [
    invited.id,
    producerCompanyId,
  ]);
  // A token nobody holds: the invitation shows as pending until the administrator sends a new one.
  await db.query(
    `insert into password_reset_tokens (user_id, token_hash, created_at, expires_at, purpose)
     values ($1, $2, $3, $4, 'INVITATION')`,
    [
      invited.id,
      randomBytes(32).toString('hex'),
      invitedAt,
      new Date(invitedAt.getTime() + INVITATION_VALIDITY_MS),
    ],
  );
  await recordAudit(
    db,
    adminId,
    {
      action: 'user.invite',
      targetType: 'user',
      targetId: invited.id,
      targetLabel: 'nouvelle.recrue@demo.fr',
      after: {
        email: 'nouvelle.recrue@demo.fr',
        firstname: 'Léa',
        lastname: 'Fontaine',
        typologies: ['producer'],
      },
    },
    invitedAt,
  );

  // The demo producer's last establishment was also served by the demo collector's second site, until last month.
  const pair = await db.maybeOne<{ producerSiteId: number; retrieverSiteId: number; label: string }>(
    `select p.id as "producerSiteId", r.id as "retrieverSiteId",
            rc.name || ' > ' || r.name || ' → ' || pc.name || ' > ' || p.name as label
     from company_sites p join companies pc on pc.id = p.company_id,
          company_sites r join companies rc on rc.id = r.company_id
     where p.company_id = $1 and r.company_id = $2
       and not exists (select 1 from site_link_periods l where l.producer_site_id = p.id and l.retriever_site_id = r.id)
     order by p.id desc, r.id desc limit 1`,
    [producerCompanyId, retrieverCompanyId],
  );
  if (pair === null) return;
  const startDate = new Date(today.getTime() - 400 * DAY_MS).toISOString().slice(0, 10);
  const endDate = new Date(today.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  const link = await db.one<{ id: number }>(
    `insert into site_link_periods (producer_site_id, retriever_site_id, start_date, end_date)
     values ($1, $2, $3, $4) returning id`,
    [pair.producerSiteId, pair.retrieverSiteId, startDate, endDate],
  );
  await recordAudit(
    db,
    adminId,
    {
      action: 'link.update',
      targetType: 'link',
      targetId: link.id,
      targetLabel: pair.label,
      before: { startDate, endDate: null },
      after: { startDate, endDate },
    },
    new Date(today.getTime() - 30 * DAY_MS),
  );
}
