import { parisDate } from '@portal/domain';
import type { Mail, Mailer } from '../account/mailer.ts';
import type { Db } from '../db/index.ts';
import { frenchDate } from './notify.ts';

/** How long a claimed row is the claiming worker's: past it, a crashed worker's rows are taken again. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Tries of one mail before it is given up (marked FAILED, kept for the logs). */
export const OUTBOX_MAX_ATTEMPTS = 6;
/** Waits between tries: 30 s, 1 min, 2 min, 4 min, 8 min. */
export const outboxBackoffMs = (attempts: number): number => 30_000 * 2 ** Math.max(0, attempts - 1);

interface OutboxSettings {
  publicUrl: string;
}

interface Claimed {
  id: number;
  attempts: number;
  to: string;
  firstname: string | null;
  lastname: string | null;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
}

const greeting = (row: Pick<Claimed, 'firstname' | 'lastname'>) => {
  const name = [row.firstname, row.lastname].filter(Boolean).join(' ');
  return name === '' ? 'Bonjour,' : `Bonjour ${name},`;
};
const SIGNATURE = [
  '',
  'Vous pouvez choisir les notifications que vous recevez dans votre profil, rubrique Notifications.',
  "L'équipe du portail",
];

function immediateMail(row: Claimed, publicUrl: string): Mail {
  return {
    to: row.to,
    subject: row.title,
    text: [greeting(row), '', row.body, '', `Pour la consulter : ${publicUrl}${row.link}`, ...SIGNATURE].join(
      '\n',
    ),
  };
}

function digestMail(rows: Claimed[], day: string, publicUrl: string): Mail {
  const [first] = rows;
  const frenchDay = frenchDate(day);
  return {
    to: first?.to ?? '',
    subject: `Récapitulatif du ${frenchDay} : ${rows.length} notification${rows.length > 1 ? 's' : ''}`,
    text: [
      first === undefined ? 'Bonjour,' : greeting(first),
      '',
      `Voici ce qui s'est passé le ${frenchDay} :`,
      '',
      ...rows.flatMap((row) => [`- ${row.title}`, `  ${row.body}`, `  ${publicUrl}${row.link}`, '']),
      ...SIGNATURE,
    ].join('\n'),
  };
}

const CLAIMED_COLUMNS = `o.id, o.attempts, coalesce(u.notification_email, u.email) as "to", u.firstname, u.lastname,
  n.title, n.body, n.link, n.created_at as "createdAt"`;

/**
 * Sends the outbox's due mails: each immediate row on its own, each user's rows of a finished Paris day in one
 * digest. A row is claimed (for a lease) in a transaction of its own before its mail goes, and marked SENT
 * right after: two workers never send the same row, and one that crashed leaves its rows to the next once the
 * lease is over. A failed send is tried again later (backoff), up to OUTBOX_MAX_ATTEMPTS. Returns the mails
 * sent. The window between the SMTP server's acceptance and the SENT mark is the only one where a crash may
 * send a row twice; each mail's Message-ID is the row's, so the receiving side sees the same message.
 */
export async function runOutbox(
  db: Db,
  mailer: Mailer,
  settings: OutboxSettings,
  now: Date,
): Promise<number> {
  let sent = 0;
  const lease = new Date(now.getTime() + OUTBOX_LEASE_MS);
  const due = `o.status = 'PENDING' and o.next_attempt_at <= $1 and (o.claimed_until is null or o.claimed_until <= $1)`;

  const claim = (where: string, params: unknown[]) =>
    db.transaction((tx) =>
      tx.query<Claimed>(
        `with claimed as (
           update notification_outbox set claimed_until = $2, attempts = attempts + 1
           where id in (select o.id from notification_outbox o where ${due} and ${where}
                        order by o.id limit 50 for update skip locked)
           returning id, attempts, notification_id, user_id)
         select ${CLAIMED_COLUMNS} from claimed o
         join notifications n on n.id = o.notification_id join users u on u.id = o.user_id
         order by o.id`,
        [now, lease, ...params],
      ),
    );

  const settle = async (rows: Claimed[], mail: Mail) => {
    const ids = rows.map((row) => row.id);
    try {
      await mailer.send({ ...mail, messageId: `<notification-${ids.join('-')}@portail>` });
    } catch (error) {
      const attempts = Math.max(...rows.map((row) => row.attempts));
      await db.query(
        `update notification_outbox set claimed_until = null, last_error = $2,
           status = case when $3 then 'FAILED' else 'PENDING' end, next_attempt_at = $4
         where id = any($1::int[])`,
        [
          ids,
          String(error).slice(0, 500),
          attempts >= OUTBOX_MAX_ATTEMPTS,
          new Date(now.getTime() + outboxBackoffMs(attempts)),
        ],
      );
      return;
    }
    await db.query(
      `update notification_outbox set status = 'SENT', sent_at = $2, claimed_until = null, last_error = null
       where id = any($1::int[])`,
      [ids, now],
    );
    sent += 1;
  };

  for (;;) {
    const rows = await claim('o.digest_day is null', []);
    for (const row of rows) await settle([row], immediateMail(row, settings.publicUrl));
    if (rows.length < 50) break;
  }

  const today = parisDate(now);
  const digests = await db.query<{ userId: number; day: string }>(
    `select distinct o.user_id as "userId", o.digest_day::text as day from notification_outbox o
     where ${due} and o.digest_day < $2::date order by 1, 2`,
    [now, today],
  );
  for (const { userId, day } of digests) {
    const rows = await claim('o.user_id = $3 and o.digest_day = $4::date', [userId, day]);
    if (rows.length > 0) await settle(rows, digestMail(rows, day, settings.publicUrl));
  }
  return sent;
}
