import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messages, SLIP_NOT_CREATED } from '@portal/domain';
import { type ASTNode, Kind, parse, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTrackdechetsSandbox,
  type TrackdechetsSandbox,
} from '../../tests/trackdechets-sandbox/index.ts';
import type { TrackdechetsConfig } from '../src/config.ts';
import type { ApiContext } from '../src/context.ts';
import { tokenKey, tokenSeal } from '../src/trackdechets/sealed.ts';
import { trackdechetsService } from '../src/trackdechets/service.ts';
import { createTestApi, get, login, postJson, type Session, type TestApi } from './helpers.ts';
import { expectProblem, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * Trackdéchets through its local stand-in (never the real platform): the account link (single-use state, the
 * code exchanged with HTTP Basic, the token sealed at rest), the sync of slips (pages, `updatedAfter`, the
 * platform's limits), the producers' hazardous pick-ups, the establishments' checks, a revoked token.
 */

const RETURN_URI = 'http://portail.test/customer/Validatetrackdechets';
const TD_EMAIL = 'hse@producteur.fr';

let sandbox: TrackdechetsSandbox;
let api: TestApi;
let w: SkipWorld;
let producer: Session;
/** The producer's first establishment (registered on Trackdéchets) and its second (not registered). */
let registered: { id: number; siret: string; name: string };
let unregistered: { id: number; siret: string };
/** A hazardous operation of the first establishment with its slip number. */
let hazardous: { id: number; bsdNumber: string };

interface Link {
  configured: boolean;
  state: string;
  email: string | null;
  companies: { siret: string; name: string }[];
  lastSyncAt: string | null;
}
interface Pickup {
  key: string;
  operation: string | null;
  readableId: string | null;
  status: string;
  statusLabel: string;
  outsidePortal: boolean;
  emitter: { siret: string | null } | null;
  quantity: string | null;
  date: string;
}
interface PickupPage {
  pickups: Pickup[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A SIRET that passes the Luhn check, from a 13-digit prefix. */
function luhnSiret(prefix: string): string {
  for (let digit = 0; digit < 10; digit++) {
    const siret = `${prefix}${digit}`;
    const sum = [...siret]
      .reverse()
      .map(Number)
      .reduce((total, d, i) => total + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
    if (sum % 10 === 0) return siret;
  }
  throw new Error('unreachable');
}

/** What the browser does on the stand-in's consent page: allow (as `email`) or refuse; the return's parameters. */
async function consent(authorizeUrl: string, decision: 'allow' | 'deny', email = TD_EMAIL) {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const answer = await fetch(new URL('oauth2/authorize/decision', `${sandbox.uiUrl}/`), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), email, decision }),
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_URI);
  return Object.fromEntries(back.searchParams) as { state: string; code?: string; error?: string };
}

async function startLink(session: Session): Promise<string> {
  const response = await postJson(api, '/api/trackdechets/connection/init', session, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ authorizeUrl: string }>().authorizeUrl;
}

const validate = (session: Session, body: Record<string, string | undefined>) =>
  postJson(api, '/api/trackdechets/connection/validate', session, body);

async function linkProducer(): Promise<Link> {
  const back = await consent(await startLink(producer), 'allow');
  const response = await validate(producer, back);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Link>();
}

async function pickups(session: Session, query = ''): Promise<PickupPage> {
  const response = await get(api, `/api/hazardous_pickups${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupPage>();
}

/** The api's secret (DATA_DIR/secret: no APP_SECRET in tests), from which its token key derives. */
const appSecret = async () => (await readFile(join(api.dataDir, 'secret'), 'utf8')).trim();

const operationsOf = (since: number) =>
  sandbox.requests.slice(since).map((request) => parse(request.query).definitions.length);

/** The deepest field of a document (its root fields at depth 1), as Trackdéchets' depth limit counts. */
function depthOf(document: ASTNode): number {
  let depth = 0;
  let deepest = 0;
  visit(document, {
    [Kind.FIELD]: {
      enter() {
        depth += 1;
        deepest = Math.max(deepest, depth);
      },
      leave() {
        depth -= 1;
      },
    },
  });
  return deepest;
}

beforeAll(async () => {
  sandbox = await startTrackdechetsSandbox({ redirectUris: [RETURN_URI] });
  const trackdechets: TrackdechetsConfig = {
    uiUrl: sandbox.uiUrl,
    apiUrl: sandbox.apiUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    sandbox: true,
    syncIntervalMinutes: 0,
    timeoutMs: 5000,
  };
  api = await createTestApi({ trackdechets });
  w = await loadSkipWorld(api);
  producer = w.producer;
  const [first, second] = w.ownSiteIds;
  registered = { id: first!, siret: luhnSiret('5520143000001'), name: 'Producteur Démo Lyon' };
  unregistered = { id: second!, siret: luhnSiret('5520143000002') };
  await api.db.query('update company_sites set siret = $2 where id = $1', [registered.id, registered.siret]);
  await api.db.query('update company_sites set siret = $2 where id = $1', [
    unregistered.id,
    unregistered.siret,
  ]);
  hazardous = await api.db.one(
    `select id, bsd_number as "bsdNumber" from operations
     where company_site_id = $1 and dangerous and bsd_number is not null and status <> 'CANCELLED'
     order by id limit 1`,
    [registered.id],
  );
  sandbox.addCompany({ siret: registered.siret, name: registered.name, companyTypes: ['PRODUCER'] });
  sandbox.addUser({ email: TD_EMAIL, name: 'Responsable HSE', sirets: [registered.siret] });
  const slip = {
    emitter: { siret: registered.siret, name: registered.name },
    transporter: { name: 'Transports Démo' },
    recipient: { siret: luhnSiret('7980143000001'), name: 'Centre de traitement Démo' },
    wasteCode: '16 06 01*',
    wasteName: 'Batteries au plomb',
    quantity: 1.25,
    createdAt: new Date('2026-02-20T08:00:00Z'),
  };
  sandbox.addForm({ ...slip, readableId: hazardous.bsdNumber, status: 'SIGNED_BY_PRODUCER' });
  sandbox.addForm({ ...slip, readableId: 'BSD-20260221-OUTSIDE1', status: 'SENT' });
});

afterAll(async () => {
  await api?.close();
  await sandbox?.close();
});

describe('Trackdéchets not configured', () => {
  let bare: TestApi;
  beforeAll(async () => {
    bare = await createTestApi();
  });
  afterAll(() => bare.close());

  it('says so, refuses to link, and still lists the hazardous operations of the portal', async () => {
    const session = await login(bare, 'producteur@demo.fr');
    const link = (await get(bare, '/api/trackdechets/connection', session)).json<Link>();
    expect(link).toMatchObject({ configured: false, state: 'NONE' });
    const init = await bare.app.inject({
      method: 'POST',
      url: '/api/trackdechets/connection/init',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expectProblem(init, 409, messages.trackdechetsNotConfigured);
    const page = (await get(bare, '/api/hazardous_pickups?first=200', session)).json<PickupPage>();
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.pickups.every((pickup) => !pickup.outsidePortal)).toBe(true);
    // Demo hazardous operations carry a slip number that no sync brought.
    const statuses = new Set(page.pickups.map((pickup) => pickup.status));
    expect(statuses.has('UNKNOWN')).toBe(true);
    expect([...statuses].every((status) => status === 'UNKNOWN' || status === SLIP_NOT_CREATED)).toBe(true);
  });
});

describe('linking an account', () => {
  it('sends the browser to the authorisation page with a single-use state, stored hashed', async () => {
    const authorizeUrl = new URL(await startLink(producer));
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${sandbox.uiUrl}/oauth2/authorize/dialog`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: sandbox.clientId,
      redirect_uri: RETURN_URI,
    });
    const state = authorizeUrl.searchParams.get('state') ?? '';
    expect(state.length).toBeGreaterThanOrEqual(32);
    const rows = await api.db.query<{ stateHash: string }>(
      'select state_hash as "stateHash" from trackdechets_link_requests where user_id = $1',
      [producer.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stateHash).not.toContain(state);
  });

  it('a refusal on Trackdéchets, a state of another user, an expired or replayed state are refused', async () => {
    const refused = await consent(await startLink(producer), 'deny');
    expect(refused.error).toBe('access_denied');
    expectProblem(await validate(producer, refused), 400, messages.trackdechetsLinkFailed);

    const others = await consent(await startLink(w.retriever), 'allow');
    expectProblem(await validate(producer, others), 400, messages.trackdechetsLinkFailed);

    const late = await consent(await startLink(producer), 'allow');
    api.clock.advance(16 * 60_000);
    expectProblem(await validate(producer, late), 400, messages.trackdechetsLinkFailed);

    expectProblem(await validate(producer, { code: 'x' }), 400, messages.trackdechetsLinkFailed);
    const link = (await get(api, '/api/trackdechets/connection', producer)).json<Link>();
    expect(link.state).toBe('NONE');
  });

  it("exchanges the code, keeps the token sealed, and brings the slips of the account's companies", async () => {
    const since = sandbox.requests.length;
    const back = await consent(await startLink(producer), 'allow');
    const response = await validate(producer, back);
    expect(response.statusCode, response.body).toBe(200);
    const link = response.json<Link>();
    expect(link).toMatchObject({ configured: true, state: 'ACTIVE', email: TD_EMAIL });
    expect(link.companies).toEqual([{ siret: registered.siret, name: registered.name }]);
    expect(link.lastSyncAt).not.toBeNull();

    // The same return again: its state is spent.
    expectProblem(await validate(producer, back), 400, messages.trackdechetsLinkFailed);

    // At rest, the token is sealed: the row holds none of it, and only the api's key opens it.
    const row = await api.db.one<Record<string, unknown>>(
      'select * from trackdechets_links where user_id = $1',
      [producer.userId],
    );
    const secret = await appSecret();
    const sealed = String(row.token_sealed);
    const token = tokenSeal(tokenKey(undefined, secret)).open(sealed, producer.userId);
    expect(JSON.stringify(row)).not.toContain(token);
    const otherKey = tokenSeal(tokenKey(undefined, 'another secret, of 32 characters'));
    expect(() => otherKey.open(sealed, producer.userId)).toThrow();
    expect(() => tokenSeal(tokenKey(undefined, secret)).open(sealed, producer.userId + 1)).toThrow();
    const me = await fetch(`${sandbox.apiUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { email } }' }),
    });
    expect(await me.json()).toEqual({ data: { me: { email: TD_EMAIL } } });

    const page = await pickups(producer, `?companySite[]=${registered.id}&first=200`);
    const ofOperation = page.pickups.find((pickup) => pickup.operation === `/api/operations/${hazardous.id}`);
    expect(ofOperation).toMatchObject({
      readableId: hazardous.bsdNumber,
      status: 'SIGNED_BY_PRODUCER',
      statusLabel: "Signé par l'émetteur",
      outsidePortal: false,
      quantity: '1.250',
    });
    const outside = page.pickups.find((pickup) => pickup.readableId === 'BSD-20260221-OUTSIDE1');
    expect(outside).toMatchObject({
      operation: null,
      outsidePortal: true,
      status: 'SENT',
      date: '2026-02-20',
    });
    // One operation per request, never deeper than the platform allows (10).
    expect(operationsOf(since).every((count) => count === 1)).toBe(true);
    const depths = sandbox.requests.slice(since).map((request) => depthOf(parse(request.query)));
    expect(Math.max(...depths)).toBeLessThanOrEqual(4);
  });
});

describe('the sync', () => {
  it('asks only what changed since the last sync, and moves the status', async () => {
    const since = sandbox.requests.length;
    sandbox.setFormStatus(hazardous.bsdNumber, 'RECEIVED', new Date('2026-03-01T10:00:00Z'));
    const response = await postJson(api, '/api/trackdechets/sync', producer, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ updatedSlips: number }>().updatedSlips).toBe(1);
    const forms = sandbox.requests.slice(since).filter((request) => request.query.includes('forms('));
    expect(forms).toHaveLength(1);
    expect(forms[0]!.variables.updatedAfter).toBe('2026-02-20T08:00:00.000Z');
    const page = await pickups(producer, `?operation[]=${hazardous.id}`);
    expect(page.pickups).toHaveLength(1);
    expect(page.pickups[0]).toMatchObject({
      status: 'RECEIVED',
      statusLabel: expect.stringMatching(/^Reçu/),
    });
  });

  it('pages through a company with many slips, 100 at a time', async () => {
    const since = sandbox.requests.length;
    for (let i = 0; i < 230; i++) {
      sandbox.addForm({
        readableId: `BSD-20260301-MANY${String(i).padStart(4, '0')}`,
        status: 'PROCESSED',
        emitter: { siret: registered.siret, name: registered.name },
        wasteCode: '13 02 05*',
        wasteName: 'Huiles moteur usagées',
        quantity: 0.2,
        createdAt: new Date('2026-03-01T12:00:00Z'),
      });
    }
    const response = await postJson(api, '/api/trackdechets/sync', producer, {});
    expect(response.json<{ updatedSlips: number }>().updatedSlips).toBe(230);
    const pages = sandbox.requests.slice(since).filter((request) => request.query.includes('forms('));
    expect(pages.map((page) => page.variables.first)).toEqual([100, 100, 100]);
    expect(pages[0]!.variables.cursorAfter).toBeNull();
    expect(pages[1]!.variables.cursorAfter).toEqual(expect.any(String));
    const { count } = await api.db.one<{ count: number }>(
      `select count(*)::int as count from trackdechets_slips where readable_id like 'BSD-20260301-MANY%'`,
    );
    expect(count).toBe(230);
  });

  it('the background sync covers every working link once per company', async () => {
    sandbox.setFormStatus('BSD-20260221-OUTSIDE1', 'RECEIVED', new Date('2026-03-02T08:00:00Z'));
    // A company the account no longer reaches (Trackdéchets refuses its slips) does not stop the others.
    await api.db.query('insert into trackdechets_link_companies (user_id, siret, name) values ($1, $2, $3)', [
      producer.userId,
      unregistered.siret,
      'Plus rattaché',
    ]);
    // The job's own service over the same database (the api runs it every TRACKDECHETS_SYNC_MINUTES).
    const context = { config: api.config, db: api.db, secret: await appSecret() } as ApiContext;
    expect(await trackdechetsService(context).syncAll()).toBe(1);
    const link = (await get(api, '/api/trackdechets/connection', producer)).json<Link>();
    expect(link.lastSyncAt).toBe(api.clock.now.toISOString());
    const refused = sandbox.requests.at(-1);
    expect(refused?.variables.siret).toBe(unregistered.siret);
    await api.db.query('delete from trackdechets_link_companies where siret = $1', [unregistered.siret]);
  });
});

describe('hazardous pick-ups', () => {
  it('filter by status and period, page by keyset, and refuse unknown values in French', async () => {
    const received = await pickups(producer, '?status[]=RECEIVED&first=200');
    expect(received.pickups.map((pickup) => pickup.readableId).sort()).toEqual(
      [hazardous.bsdNumber, 'BSD-20260221-OUTSIDE1'].sort(),
    );
    const first = await pickups(producer, '?first=5');
    expect(first.pickups).toHaveLength(5);
    expect(first.hasNextPage).toBe(true);
    const next = await pickups(producer, `?first=5&after=${first.endCursor}`);
    expect(next.pickups[0]!.key).not.toBe(first.pickups[4]!.key);
    const dates = [...first.pickups, ...next.pickups].map((pickup) => pickup.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const february = await pickups(producer, '?from=2026-02-01&to=2026-02-28&first=200');
    expect(
      february.pickups.every((pickup) => pickup.date >= '2026-02-01' && pickup.date <= '2026-02-28'),
    ).toBe(true);

    const unknown = await get(api, '/api/hazardous_pickups?status[]=NOPE', producer);
    expectProblem(unknown, 400);
    expect(unknown.json()).toMatchObject({ detail: 'Statut de bordereau inconnu : « NOPE ».' });
    expectProblem(
      await get(api, '/api/hazardous_pickups?from=2026-03-01&to=2026-02-01', producer),
      400,
      messages.endBeforeStart,
    );
    expectProblem(await get(api, '/api/hazardous_pickups?after=zzz', producer), 400);
  });

  it("are the producer's own: another company sees none of its slips", async () => {
    const other = await pickups(w.retriever, '?first=200');
    expect(other.pickups.some((pickup) => pickup.emitter?.siret === registered.siret)).toBe(false);
  });

  it('list the slip statuses the filter offers: not created, then the official ones in order', async () => {
    const response = await get(api, '/api/bsd_information/bsd_status_availables', producer);
    const { statuses } = response.json<{ statuses: { code: string; label: string }[] }>();
    expect(statuses[0]).toEqual({ code: SLIP_NOT_CREATED, label: 'BSD non créé' });
    expect(statuses.slice(1, 4).map((status) => status.code)).toEqual([
      'DRAFT',
      'SEALED',
      'SIGNED_BY_PRODUCER',
    ]);
  });

  it("give a slip's status history on demand, oldest first", async () => {
    const response = await get(api, `/api/trackdechets/slips/${hazardous.bsdNumber}/life_cycle`, producer);
    expect(response.statusCode, response.body).toBe(200);
    const { statusLogs } = response.json<{ statusLogs: { status: string; label: string }[] }>();
    expect(statusLogs.map((log) => log.status)).toEqual(['SIGNED_BY_PRODUCER', 'RECEIVED']);
    expect(statusLogs[0]!.label).toBe("Signé par l'émetteur");
    expect((await get(api, '/api/trackdechets/slips/BSD-UNKNOWN/life_cycle', producer)).statusCode).toBe(404);
    expect(
      (await get(api, `/api/trackdechets/slips/${hazardous.bsdNumber}/life_cycle`, w.retriever)).statusCode,
    ).toBe(404);
  });
});

describe('checking an establishment', () => {
  const check = async (session: Session, siteId: number) => {
    const response = await get(api, `/api/company_sites/${siteId}/check_trackdechets`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ state: string; name: string | null }>();
  };

  it('gives each of the link states', async () => {
    expect(await check(producer, registered.id)).toMatchObject({ state: 'ACTIVE', name: registered.name });
    expect((await check(producer, unregistered.id)).state).toBe('ACCOUNT_NOT_CREATED');
    const third = w.ownSiteIds[2]!;
    await api.db.query(`update company_sites set siret = '12345678901234' where id = $1`, [third]);
    expect((await check(producer, third)).state).toBe('INVALID_SIRET');
    const notActivated = luhnSiret('4420143000001');
    await api.db.query('update company_sites set siret = $2 where id = $1', [third, notActivated]);
    sandbox.addCompany({ siret: notActivated, name: 'Inscrit sans compte lié' });
    expect((await check(producer, third)).state).toBe('NOT_ACTIVATED');
    expect(
      (await get(api, `/api/company_sites/${w.foreignSiteId}/check_trackdechets`, producer)).statusCode,
    ).toBe(404);
  });
});

describe('a token Trackdéchets no longer accepts', () => {
  it('marks the link broken; linking again repairs it; unlinking forgets it', async () => {
    sandbox.revokeTokens(TD_EMAIL);
    const sync = await postJson(api, '/api/trackdechets/sync', producer, {});
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json<{ link: Link }>().link.state).toBe('BROKEN');
    expectProblem(
      await postJson(api, '/api/trackdechets/sync', producer, {}),
      409,
      messages.trackdechetsLinkBroken,
    );

    expect((await linkProducer()).state).toBe('ACTIVE');

    const unlink = await api.app.inject({
      method: 'DELETE',
      url: '/api/trackdechets/connection',
      headers: { authorization: `Bearer ${producer.token}` },
    });
    expect(unlink.statusCode).toBe(204);
    expect((await get(api, '/api/trackdechets/connection', producer)).json<Link>().state).toBe('NONE');
    expectProblem(
      await postJson(api, '/api/trackdechets/sync', producer, {}),
      409,
      messages.trackdechetsNotLinked,
    );
  });
});
