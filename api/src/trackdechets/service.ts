import { TRACKDECHETS_RETURN_PATH, type TrackdechetsLinkState } from '@portal/domain';
import { hashToken, newToken } from '../account/tokens.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { type TrackdechetsClient, TrackdechetsError, trackdechetsClient } from './client.ts';
import { type TokenSeal, tokenKey, tokenSeal } from './sealed.ts';

/** How long the browser may stay on Trackdéchets' authorisation page before its `state` is refused. */
const LINK_REQUEST_MINUTES = 15;
/** A page of `forms` (Trackdéchets' maximum). */
export const FORMS_PAGE_SIZE = 100;

/** The link of a user, as the web shows it. */
export interface LinkView {
  state: TrackdechetsLinkState;
  email: string | null;
  name: string | null;
  linkedAt: string | null;
  brokenAt: string | null;
  lastSyncAt: string | null;
  companies: { siret: string; name: string }[];
}

interface LinkRow {
  tokenSealed: string;
  email: string;
  name: string;
  state: 'ACTIVE' | 'BROKEN';
  linkedAt: Date;
  brokenAt: Date | null;
  lastSyncAt: Date | null;
}

const ME = 'query PortalMe { me { email name companies { siret name } } }';

/** The slips where a company is the emitter, changed after a date, a page after a slip. Depth 4. */
const FORMS = `query PortalForms($siret: String!, $updatedAfter: String, $first: Int!, $cursorAfter: ID) {
  forms(siret: $siret, roles: [EMITTER], updatedAfter: $updatedAfter, first: $first, cursorAfter: $cursorAfter) {
    id readableId status createdAt updatedAt quantityReceived
    emitter { company { siret name } }
    transporter { company { siret name } }
    recipient { company { siret name } }
    wasteDetails { code name quantity }
  }
}`;

const LIFE_CYCLE = `query PortalFormLifeCycle($siret: String!, $formId: ID!, $cursorAfter: String) {
  formsLifeCycle(siret: $siret, formId: $formId, cursorAfter: $cursorAfter) {
    statusLogs { status loggedAt }
    hasNextPage endCursor
  }
}`;

interface FormCompany {
  siret?: string | null;
  name?: string | null;
}
interface Form {
  id: string;
  readableId: string;
  status: string;
  createdAt?: string | null;
  updatedAt?: string | null;
  quantityReceived?: number | null;
  emitter?: { company?: FormCompany | null } | null;
  transporter?: { company?: FormCompany | null } | null;
  recipient?: { company?: FormCompany | null } | null;
  wasteDetails?: { code?: string | null; name?: string | null; quantity?: number | null } | null;
}

/** Trackdéchets for one api: its client when configured, the token seal, the links, the sync. */
export interface TrackdechetsService {
  client: TrackdechetsClient | undefined;
  redirectUri: string;
  linkOf(userId: number): Promise<LinkView>;
  /** A new single-use `state` for the user, and the authorisation address carrying it. */
  startLink(userId: number): Promise<string>;
  /** Spends the user's `state` (whatever follows); false when it is unknown, another user's or expired. */
  spendState(userId: number, state: string): Promise<boolean>;
  /** Exchanges the code, reads the account's companies, stores the sealed token. */
  completeLink(userId: number, code: string): Promise<void>;
  unlink(userId: number): Promise<void>;
  /** Brings the slips of the user's linked companies; a refused token marks the link broken. */
  syncUser(userId: number): Promise<number>;
  /** The background sync: every working link, each company once. */
  syncAll(): Promise<number>;
  /** A usable token of the user for a SIRET its account reaches, or null. */
  tokenFor(userId: number, siret: string): Promise<string | null>;
  /** Whether a working link of any user reaches this SIRET. */
  isFollowed(siret: string): Promise<boolean>;
  /** The status history of a slip (oldest first), asked with the user's token. */
  lifeCycle(token: string, siret: string, formId: string): Promise<{ status: string; loggedAt: string }[]>;
  markBroken(userId: number): Promise<void>;
}

const services = new WeakMap<ApiContext, TrackdechetsService>();

/** The service of an api, made once (routes and the background sync share it). */
export function trackdechetsService(context: ApiContext): TrackdechetsService {
  let service = services.get(context);
  if (service === undefined) {
    service = createService(context);
    services.set(context, service);
  }
  return service;
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());
const decimal = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(3) : null;

function createService(context: ApiContext): TrackdechetsService {
  const { db, config, secret } = context;
  const client = config.trackdechets === undefined ? undefined : trackdechetsClient(config.trackdechets);
  const seal: TokenSeal = tokenSeal(tokenKey(config.trackdechetsTokenKey, secret));
  const redirectUri = `${config.publicUrl}${TRACKDECHETS_RETURN_PATH}`;

  const configuredClient = (): TrackdechetsClient => {
    if (client === undefined) throw new Error('Trackdéchets is not configured');
    return client;
  };

  async function activeToken(userId: number): Promise<string | null> {
    const row = await db.maybeOne<{ tokenSealed: string }>(
      `select token_sealed as "tokenSealed" from trackdechets_links where user_id = $1 and state = 'ACTIVE'`,
      [userId],
    );
    return row === null ? null : seal.open(row.tokenSealed, userId);
  }

  async function markBroken(userId: number): Promise<void> {
    await db.query(
      `update trackdechets_links set state = 'BROKEN', broken_at = $2 where user_id = $1 and state = 'ACTIVE'`,
      [userId, config.now()],
    );
  }

  /** The SIRETs of the user's account that are establishments of the portal: the ones worth a sync. */
  async function portalSiretsOf(userId: number): Promise<string[]> {
    const rows = await db.query<{ siret: string }>(
      `select distinct c.siret from trackdechets_link_companies c
       where c.user_id = $1 and exists (select 1 from company_sites cs where cs.siret = c.siret)
       order by c.siret`,
      [userId],
    );
    return rows.map((row) => row.siret);
  }

  /** Stores the slips; how many were new or changed (a slip seen again at the cursor's instant is not). */
  async function storeForms(tx: Db, forms: readonly Form[]): Promise<number> {
    const now = config.now();
    let changed = 0;
    for (const form of forms) {
      const stored = await tx.query(
        `insert into trackdechets_slips (form_id, readable_id, status, emitter_siret, emitter_name,
           transporter_siret, transporter_name, recipient_siret, recipient_name, waste_code, waste_name, quantity,
           quantity_received, created_at, updated_at, synced_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         on conflict (form_id) do update set readable_id = excluded.readable_id, status = excluded.status,
           emitter_siret = excluded.emitter_siret, emitter_name = excluded.emitter_name,
           transporter_siret = excluded.transporter_siret, transporter_name = excluded.transporter_name,
           recipient_siret = excluded.recipient_siret, recipient_name = excluded.recipient_name,
           waste_code = excluded.waste_code, waste_name = excluded.waste_name, quantity = excluded.quantity,
           quantity_received = excluded.quantity_received, created_at = excluded.created_at,
           updated_at = excluded.updated_at, synced_at = excluded.synced_at
         where trackdechets_slips.updated_at is distinct from excluded.updated_at
           or trackdechets_slips.status is distinct from excluded.status
         returning 1`,
        [
          form.id,
          form.readableId,
          form.status,
          form.emitter?.company?.siret ?? null,
          form.emitter?.company?.name ?? null,
          form.transporter?.company?.siret ?? null,
          form.transporter?.company?.name ?? null,
          form.recipient?.company?.siret ?? null,
          form.recipient?.company?.name ?? null,
          form.wasteDetails?.code ?? null,
          form.wasteDetails?.name ?? null,
          decimal(form.wasteDetails?.quantity),
          decimal(form.quantityReceived),
          form.createdAt ?? null,
          form.updatedAt ?? form.createdAt ?? now.toISOString(),
          now,
        ],
      );
      changed += stored.length;
    }
    return changed;
  }

  /**
   * The slips of one company changed since its last sync, page by page (`cursorAfter`), then its new
   * `updatedAfter`: the latest `updatedAt` seen. Trackdéchets keeps the slips updated at or after it, so those of
   * that very instant come again next time: they are not counted as changed.
   */
  async function syncCompany(token: string, siret: string): Promise<number> {
    const cursor = await db.maybeOne<{ updatedAfter: Date }>(
      'select updated_after as "updatedAfter" from trackdechets_sync_cursors where siret = $1',
      [siret],
    );
    const updatedAfter = cursor === null ? null : new Date(cursor.updatedAfter).toISOString();
    let latest = updatedAfter;
    let cursorAfter: string | null = null;
    let count = 0;
    for (;;) {
      const { forms }: { forms: Form[] } = await configuredClient().query<{ forms: Form[] }>(
        FORMS,
        { siret, updatedAfter, first: FORMS_PAGE_SIZE, cursorAfter },
        token,
      );
      count += await db.transaction((tx) => storeForms(tx, forms));
      for (const form of forms) {
        if (form.updatedAt && (latest === null || form.updatedAt > latest)) latest = form.updatedAt;
      }
      const last = forms.at(-1);
      if (forms.length < FORMS_PAGE_SIZE || last === undefined) break;
      cursorAfter = last.id;
    }
    if (latest !== null) {
      await db.query(
        `insert into trackdechets_sync_cursors (siret, updated_after, synced_at) values ($1, $2, $3)
         on conflict (siret) do update set updated_after = greatest(trackdechets_sync_cursors.updated_after,
           excluded.updated_after), synced_at = excluded.synced_at`,
        [siret, latest, config.now()],
      );
    }
    return count;
  }

  /**
   * Syncs the user's companies not in `done` (the SIRETs already synced in this run). A company Trackdéchets
   * refuses (the account no longer belongs to it) is left for the others; a refused token breaks the link.
   */
  async function syncLinkOf(userId: number, done: Set<string>): Promise<number> {
    const token = await activeToken(userId);
    if (token === null) return 0;
    let count = 0;
    for (const siret of await portalSiretsOf(userId)) {
      if (done.has(siret)) continue;
      try {
        count += await syncCompany(token, siret);
        done.add(siret);
      } catch (error) {
        if (!(error instanceof TrackdechetsError) || error.failure === 'unavailable') throw error;
        if (error.failure === 'unauthenticated') {
          await markBroken(userId);
          return count;
        }
      }
    }
    await db.query('update trackdechets_links set last_sync_at = $2 where user_id = $1', [
      userId,
      config.now(),
    ]);
    return count;
  }

  return {
    client,
    redirectUri,
    markBroken,

    async linkOf(userId) {
      const row = await db.maybeOne<LinkRow>(
        `select token_sealed as "tokenSealed", account_email as email, account_name as name, state,
           linked_at as "linkedAt", broken_at as "brokenAt", last_sync_at as "lastSyncAt"
         from trackdechets_links where user_id = $1`,
        [userId],
      );
      if (row === null) {
        return {
          state: 'NONE',
          email: null,
          name: null,
          linkedAt: null,
          brokenAt: null,
          lastSyncAt: null,
          companies: [],
        };
      }
      const companies = await db.query<{ siret: string; name: string }>(
        'select siret, name from trackdechets_link_companies where user_id = $1 order by name, siret',
        [userId],
      );
      return {
        state: row.state,
        email: row.email,
        name: row.name,
        linkedAt: iso(row.linkedAt),
        brokenAt: iso(row.brokenAt),
        lastSyncAt: iso(row.lastSyncAt),
        companies,
      };
    },

    async startLink(userId) {
      const state = newToken();
      const now = config.now();
      await db.transaction(async (tx) => {
        // One authorisation in progress per user is enough; older ones (and anyone's expired) go.
        await tx.query('delete from trackdechets_link_requests where user_id = $1 or expires_at <= $2', [
          userId,
          now,
        ]);
        await tx.query(
          'insert into trackdechets_link_requests (state_hash, user_id, expires_at) values ($1, $2, $3)',
          [hashToken(secret, state), userId, new Date(now.getTime() + LINK_REQUEST_MINUTES * 60_000)],
        );
      });
      return configuredClient().authorizeUrl(state, redirectUri);
    },

    async spendState(userId, state) {
      const spent = await db.maybeOne<{ expiresAt: Date }>(
        `delete from trackdechets_link_requests where state_hash = $1 and user_id = $2
         returning expires_at as "expiresAt"`,
        [hashToken(secret, state), userId],
      );
      return spent !== null && new Date(spent.expiresAt) > config.now();
    },

    async completeLink(userId, code) {
      const trackdechets = configuredClient();
      const account = await trackdechets.exchangeCode(code, redirectUri);
      const { me } = await trackdechets.query<{
        me: {
          email: string;
          name: string | null;
          companies: { siret: string | null; name: string | null }[];
        };
      }>(ME, {}, account.accessToken);
      const companies = me.companies.filter(
        (company): company is { siret: string; name: string | null } => typeof company.siret === 'string',
      );
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into trackdechets_links (user_id, token_sealed, account_email, account_name, state, linked_at)
           values ($1, $2, $3, $4, 'ACTIVE', $5)
           on conflict (user_id) do update set token_sealed = excluded.token_sealed,
             account_email = excluded.account_email, account_name = excluded.account_name, state = 'ACTIVE',
             linked_at = excluded.linked_at, broken_at = null`,
          [
            userId,
            seal.seal(account.accessToken, userId),
            account.user.email,
            account.user.name,
            config.now(),
          ],
        );
        await tx.query('delete from trackdechets_link_companies where user_id = $1', [userId]);
        for (const company of companies) {
          await tx.query(
            `insert into trackdechets_link_companies (user_id, siret, name) values ($1, $2, $3)
             on conflict do nothing`,
            [userId, company.siret, company.name ?? company.siret],
          );
        }
      });
    },

    async unlink(userId) {
      await db.query('delete from trackdechets_links where user_id = $1', [userId]);
    },

    syncUser: (userId) => syncLinkOf(userId, new Set()),

    async syncAll() {
      if (client === undefined) return 0;
      const links = await db.query<{ userId: number }>(
        `select user_id as "userId" from trackdechets_links where state = 'ACTIVE'
         order by last_sync_at nulls first, user_id`,
      );
      const done = new Set<string>();
      let count = 0;
      for (const { userId } of links) count += await syncLinkOf(userId, done);
      return count;
    },

    async tokenFor(userId, siret) {
      const reaches = await db.maybeOne(
        'select 1 from trackdechets_link_companies where user_id = $1 and siret = $2',
        [userId, siret],
      );
      return reaches === null ? null : activeToken(userId);
    },

    async isFollowed(siret) {
      const row = await db.maybeOne(
        `select 1 from trackdechets_link_companies c join trackdechets_links l on l.user_id = c.user_id
         where c.siret = $1 and l.state = 'ACTIVE' limit 1`,
        [siret],
      );
      return row !== null;
    },

    async lifeCycle(token, siret, formId) {
      const logs: { status: string; loggedAt: string }[] = [];
      let cursorAfter: string | null = null;
      // A slip's history is a handful of statuses; the bound only guards against a cursor that never ends.
      for (let page = 0; page < 10; page++) {
        const {
          formsLifeCycle,
        }: {
          formsLifeCycle: {
            statusLogs: { status: string | null; loggedAt: string | null }[];
            hasNextPage: boolean | null;
            endCursor: string | null;
          };
        } = await configuredClient().query(LIFE_CYCLE, { siret, formId, cursorAfter }, token);
        for (const log of formsLifeCycle.statusLogs) {
          if (log.status !== null && log.loggedAt !== null) {
            logs.push({ status: log.status, loggedAt: log.loggedAt });
          }
        }
        if (!formsLifeCycle.hasNextPage || formsLifeCycle.endCursor === null) break;
        cursorAfter = formsLifeCycle.endCursor;
      }
      return logs.sort((a, b) => a.loggedAt.localeCompare(b.loggedAt));
    },
  };
}
