import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../src/account/mailer.ts';
import { DEMO_PASSWORD } from '../src/index.ts';
import { notify } from '../src/notifications/notify.ts';
import { OUTBOX_LEASE_MS, runOutbox } from '../src/notifications/outbox.ts';
import {
  createTestApi,
  get,
  login,
  mergePatch,
  postJson,
  readMails,
  type Session,
  type TestApi,
} from './helpers.ts';

let api: TestApi;
let producer: Session;
let retriever: Session;
beforeAll(async () => {
  // The test runs the outbox itself: the api's own worker is off.
  api = await createTestApi({ outboxIntervalMs: 0 });
  producer = await login(api, 'producteur@demo.fr');
  retriever = await login(api, 'prestataire@demo.fr');
});
afterAll(() => api.close());

/** A mailer that keeps what it is given, as an SMTP server would. */
function recordingMailer(): Mailer & { mails: Mail[] } {
  const mails: Mail[] = [];
  return {
    mails,
    async send(mail) {
      mails.push(mail);
      return { file: undefined };
    },
    close() {},
  };
}

const outbox = (mailer: Mailer) => runOutbox(api.db, mailer, api.config, api.clock.now);

const putSettings = (session: Session, settings: unknown[]) =>
  api.app.inject({
    method: 'PUT',
    url: '/api/users/me/notification_settings',
    headers: { authorization: `Bearer ${session.token}` },
    payload: { settings },
  });

/** A request of the producer's, on a container the demo provider serves, as a request writes it. */
async function requestedOperation(): Promise<number> {
  const row = await api.db.one<{ id: number }>(
    `insert into operations (type, status, skip_id, company_site_id, company_site_entity_id, provider_site_id,
       requested_date, requested_by, created_at, updated_at)
     select 'ROTATION', 'REQUESTED', s.id, s.company_site_id, s.company_site_entity_id, s.provider_site_id,
       date '2026-03-09', $2, $3, $3
     from skips s
     join company_sites p on p.id = s.provider_site_id
     join user_companies uc on uc.company_id = p.company_id and uc.user_id = $1
     join company_sites cs on cs.id = s.company_site_id
     join user_companies pc on pc.company_id = cs.company_id and pc.user_id = $2
     order by s.id limit 1
     returning id`,
    [retriever.userId, producer.userId, api.clock.now],
  );
  return row.id;
}

/** A notice to the producer's side, written as a change would write it. */
async function noticeToProducer(title: string): Promise<void> {
  const site = await api.db.one<{ id: number }>(
    `select cs.id from company_sites cs join user_companies uc on uc.company_id = cs.company_id
     where uc.user_id = $1 order by cs.id limit 1`,
    [producer.userId],
  );
  await api.db.transaction((tx) =>
    notify(tx, {
      kind: 'OPERATION_COMPLETED',
      actorId: retriever.userId,
      siteId: site.id,
      entityId: null,
      title,
      body: `${title}: détail`,
      link: '/operations/1',
      now: api.clock.now,
    }),
  );
}

describe('notification settings', () => {
  it('gives each typology its kinds with defaults, and refuses a kind that is not the user’s', async () => {
    const producerSettings = (await get(api, '/api/users/me/notification_settings', producer)).json();
    expect(producerSettings.settings.map((s: { kind: string }) => s.kind)).toEqual([
      'OPERATION_SCHEDULED',
      'OPERATION_COMPLETED',
      'DELIVERY_SCHEDULED',
      'DOCUMENT_SHARED',
      'SUPPLIER_DOCUMENT_EXPIRING',
    ]);
    expect(producerSettings.settings[0]).toMatchObject({ enabled: true, mode: 'IMMEDIATE' });
    // Papers reaching their end are not urgent: a daily digest unless the user chooses otherwise.
    expect(producerSettings.settings[4]).toMatchObject({ enabled: true, mode: 'DIGEST' });
    const refused = await putSettings(producer, [{ kind: 'NEW_REQUEST', enabled: false, mode: 'IMMEDIATE' }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0]).toMatchObject({
      propertyPath: 'settings.0.kind',
      message: messages.notificationKindNotYours,
    });
  });
});

describe('the outbox', () => {
  it('mails the producer when the provider schedules, to the redirect address, once; a kind turned off sends nothing', async () => {
    expect(
      (await mergePatch(api, '/api/users/me', producer, { notificationEmail: 'alertes@demo.fr' })).statusCode,
    ).toBe(200);
    const mailer = recordingMailer();
    await outbox(mailer);
    mailer.mails.length = 0;

    const id = await requestedOperation();
    const scheduled = await mergePatch(api, `/api/operations/${id}`, retriever, {
      status: 'SCHEDULED',
      interventionDate: '2026-03-20',
    });
    expect(scheduled.statusCode).toBe(200);
    expect(await outbox(mailer)).toBe(1);
    expect(mailer.mails).toHaveLength(1);
    expect(mailer.mails[0]).toMatchObject({
      to: 'alertes@demo.fr',
      subject: 'Intervention programmée le 20/03/2026',
    });
    expect(mailer.mails[0]?.text).toContain(`http://portail.test/operations/${id}`);
    // Sent is sent: a second run has nothing to do.
    expect(await outbox(mailer)).toBe(0);

    const bell = (await get(api, '/api/users/me/notifications', producer)).json();
    expect(bell.unreadCount).toBeGreaterThan(0);
    expect(bell.notifications[0]).toMatchObject({
      title: 'Intervention programmée le 20/03/2026',
      read: false,
    });
    expect((await postJson(api, '/api/users/me/notifications/read', producer, {})).statusCode).toBe(204);
    expect((await get(api, '/api/users/me/notifications', producer)).json().unreadCount).toBe(0);

    // Turned off: the bell still shows it, no mail goes.
    expect(
      (await putSettings(producer, [{ kind: 'OPERATION_COMPLETED', enabled: false, mode: 'IMMEDIATE' }]))
        .statusCode,
    ).toBe(200);
    await noticeToProducer('Éteinte');
    expect(await outbox(mailer)).toBe(0);
    expect((await get(api, '/api/users/me/notifications', producer)).json().notifications[0].title).toBe(
      'Éteinte',
    );
    await putSettings(producer, [{ kind: 'OPERATION_COMPLETED', enabled: true, mode: 'IMMEDIATE' }]);
    await mergePatch(api, '/api/users/me', producer, { notificationEmail: null });
  });

  it('survives a crash between commit and send: the next worker sends the mail, once', async () => {
    await noticeToProducer('Après la panne');
    // A worker claims the row and dies while sending: its send never returns.
    const crashed: Mailer = { send: () => new Promise(() => {}), close() {} };
    void outbox(crashed);
    await expect
      .poll(() =>
        api.db.one<{ n: number }>(
          `select count(*)::int as n from notification_outbox where claimed_until is not null`,
        ),
      )
      .toEqual({ n: 1 });
    // Restarted within the lease: the row is still the dead worker's.
    const restarted = recordingMailer();
    expect(await outbox(restarted)).toBe(0);
    api.clock.advance(OUTBOX_LEASE_MS + 1000);
    expect(await outbox(restarted)).toBe(1);
    expect(restarted.mails.map((mail) => mail.subject)).toEqual(['Après la panne']);
    expect(await outbox(restarted)).toBe(0);
  });

  it('tries a failed send again later, with a growing wait', async () => {
    await noticeToProducer('Serveur absent');
    const down: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      close() {},
    };
    expect(await outbox(down)).toBe(0);
    const mailer = recordingMailer();
    expect(await outbox(mailer)).toBe(0);
    api.clock.advance(31_000);
    expect(await outbox(down)).toBe(0);
    api.clock.advance(31_000);
    // The second wait is longer (1 min).
    expect(await outbox(mailer)).toBe(0);
    api.clock.advance(31_000);
    expect(await outbox(mailer)).toBe(1);
    expect(mailer.mails.map((mail) => mail.subject)).toEqual(['Serveur absent']);
  });

  it('groups a day’s events of a digest kind into one mail, sent once the day is over', async () => {
    await putSettings(producer, [{ kind: 'OPERATION_COMPLETED', enabled: true, mode: 'DIGEST' }]);
    api.clock.now = new Date('2026-03-10T08:00:00Z');
    await noticeToProducer('Premier');
    api.clock.now = new Date('2026-03-10T21:00:00Z');
    await noticeToProducer('Second');
    const mailer = recordingMailer();
    expect(await outbox(mailer)).toBe(0);
    // 23:30 UTC is already the 11th in Paris: the 10th is over.
    api.clock.now = new Date('2026-03-10T23:30:00Z');
    expect(await outbox(mailer)).toBe(1);
    expect(mailer.mails[0]?.subject).toBe('Récapitulatif du 10/03/2026 : 2 notifications');
    expect(mailer.mails[0]?.text).toMatch(/Premier[\s\S]*Second/);
    expect(await outbox(mailer)).toBe(0);
  });
});

describe('the profile', () => {
  it('changes the password with the current one, and ends the other sessions only', async () => {
    const other = await login(api, 'transporteur@demo.fr');
    const current = await login(api, 'transporteur@demo.fr');
    const change = (body: Record<string, unknown>) => postJson(api, '/api/users/me/password', current, body);

    const wrong = await change({
      currentPassword: 'faux',
      password: 'Nouveau-2026!',
      confirmPassword: 'Nouveau-2026!',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'currentPassword', message: messages.currentPasswordWrong }),
    ]);
    const weak = await change({
      currentPassword: DEMO_PASSWORD,
      password: 'court',
      confirmPassword: 'autre',
    });
    expect(weak.json().violations.map((v: { message: string }) => v.message)).toEqual(
      expect.arrayContaining([messages.passwordTooShort]),
    );
    expect((await get(api, '/api/users/me', other)).statusCode).toBe(200);

    const sessions = (await get(api, '/api/users/me/sessions', current)).json().sessions;
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    expect(
      (
        await change({
          currentPassword: DEMO_PASSWORD,
          password: 'Nouveau-2026!',
          confirmPassword: 'Nouveau-2026!',
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(api, '/api/users/me', other)).statusCode).toBe(401);
    expect((await get(api, '/api/users/me', current)).statusCode).toBe(200);
    await login(api, 'transporteur@demo.fr', 'Nouveau-2026!');
    // Back to the demo password for the tests after.
    await change({
      currentPassword: 'Nouveau-2026!',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
  });

  it('ends another session, not the current one', async () => {
    const other = await login(api, 'transporteur@demo.fr');
    const current = await login(api, 'transporteur@demo.fr');
    const end = (id: number) =>
      api.app.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${id}`,
        headers: { authorization: `Bearer ${current.token}` },
      });
    const sessions = (await get(api, '/api/users/me/sessions', current)).json().sessions as {
      id: number;
      current: boolean;
    }[];
    const mine = sessions.find((s) => s.current);
    expect((await end(mine?.id ?? 0)).statusCode).toBe(409);
    const others = sessions.filter((s) => !s.current);
    for (const session of others) expect((await end(session.id)).statusCode).toBe(204);
    expect((await get(api, '/api/users/me', other)).statusCode).toBe(401);
    expect((await get(api, '/api/users/me', current)).statusCode).toBe(200);
  });

  it('writes when a session was last used once a minute at most, once for the calls a screen makes at once', async () => {
    const session = await login(api, 'transporteur@demo.fr');
    await api.db.exec(`
      create table last_use_writes (session_id int not null);
      create function count_last_use_write() returns trigger language plpgsql as $$
        begin insert into last_use_writes values (new.id); return new; end $$;
      create trigger count_last_use_write after update of last_used_at on sessions
        for each row execute function count_last_use_write();`);
    try {
      const writes = async () =>
        (await api.db.one<{ n: number }>('select count(*)::int as n from last_use_writes')).n;
      const screen = () => Promise.all(Array.from({ length: 5 }, () => get(api, '/api/users/me', session)));
      await screen();
      expect(await writes()).toBe(0);

      api.clock.advance(61_000);
      const answers = await screen();
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await writes()).toBe(1);
      const listed = (await get(api, '/api/users/me/sessions', session)).json().sessions as {
        current: boolean;
        lastUsedAt: string;
      }[];
      expect(listed.find((s) => s.current)?.lastUsedAt).toBe(api.clock.now.toISOString());
    } finally {
      await api.db.exec(`drop trigger count_last_use_write on sessions;
        drop function count_last_use_write(); drop table last_use_writes;`);
    }
  });
  it('changes the e-mail only when the link mailed to the new address is followed, once', async () => {
    const session = await login(api, 'transporteur@demo.fr');
    const ask = (body: Record<string, unknown>) => postJson(api, '/api/users/me/email', session, body);
    const wrong = await ask({ email: 'nouveau@demo.fr', currentPassword: 'faux' });
    expect(wrong.statusCode).toBe(422);
    const taken = await ask({ email: 'producteur@demo.fr', currentPassword: DEMO_PASSWORD });
    expect(taken.json().violations[0]).toMatchObject({ propertyPath: 'email', message: messages.emailTaken });

    const before = (await readMails(api.dataDir)).length;
    expect((await ask({ email: 'Nouveau@Demo.fr', currentPassword: DEMO_PASSWORD })).statusCode).toBe(204);
    const mails = await readMails(api.dataDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1) ?? '';
    expect(mail).toMatch(/^To: nouveau@demo\.fr$/m);
    const match = /http:\/\/portail\.test\/mon-profil\/email\?id=(\d+)&token=([A-Za-z0-9_-]+)/.exec(mail);
    expect(match).not.toBeNull();
    // Nothing changed yet: the old address still signs in.
    expect((await get(api, '/api/users/me', session)).json().email).toBe('transporteur@demo.fr');
    const confirm = (token: string) =>
      api.app.inject({
        method: 'POST',
        url: `/api/user/${match?.[1]}/confirm-email`,
        payload: { token },
      });
    expect((await confirm('x'.repeat(43))).statusCode).toBe(410);
    const confirmed = await confirm(match?.[2] ?? '');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'nouveau@demo.fr' });
    expect((await get(api, '/api/users/me', session)).json().email).toBe('nouveau@demo.fr');
    const again = await confirm(match?.[2] ?? '');
    expect(again.statusCode).toBe(410);
    expect(again.json().title).toBe(messages.emailLinkExpired);
    await api.db.query(`update users set email = 'transporteur@demo.fr' where email = 'nouveau@demo.fr'`);
  });

  it('sends a contact request to the support with the user’s details, keeps it, and limits them', async () => {
    const session = await login(api, 'transporteur@demo.fr');
    const send = (body: Record<string, unknown>) => postJson(api, '/api/contact/send', session, body);
    const empty = await send({ message: '  ', preferredContact: 'EMAIL' });
    expect(empty.json().violations[0]).toMatchObject({ propertyPath: 'message', message: messages.required });
    const before = (await readMails(api.dataDir)).length;
    expect((await send({ message: 'Bonjour, une question.', preferredContact: 'EMAIL' })).statusCode).toBe(
      204,
    );
    const mail = (await readMails(api.dataDir)).at(-1) ?? '';
    expect((await readMails(api.dataDir)).length).toBe(before + 1);
    expect(mail).toMatch(/^To: support@localhost$/m);
    expect(mail).toMatch(/^Reply-To: transporteur@demo\.fr$/m);
    expect(mail).toContain('Bonjour, une question.');
    for (let i = 1; i < api.config.contactPerHour; i++) {
      expect((await send({ message: `Message ${i}`, preferredContact: 'EMAIL' })).statusCode).toBe(204);
    }
    const refused = await send({ message: 'Un de trop', preferredContact: 'EMAIL' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().title).toBe(messages.tooManyContactRequests);
    const stored = await api.db.one<{ n: number }>(
      'select count(*)::int as n from contact_requests where user_id = $1',
      [session.userId],
    );
    expect(stored.n).toBe(api.config.contactPerHour);
  });
});
