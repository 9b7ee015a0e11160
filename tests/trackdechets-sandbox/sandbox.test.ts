import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTrackdechetsSandbox, type TrackdechetsSandbox } from './index.ts';

const REDIRECT_URI = 'http://portal.test/customer/Validatetrackdechets';

/** A Luhn-valid SIRET from its first 13 digits. */
function siret(first13: string): string {
  for (let key = 0; key <= 9; key++) {
    const candidate = `${first13}${key}`;
    const sum = [...candidate].reduce((total, char, index) => {
      const doubled = index % 2 === 0 ? Number(char) * 2 : Number(char);
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

const PRODUCER = siret('8530045720001');
const SECOND_SITE = siret('8530045720002');
const CARRIER = siret('4420318690001');
const PLANT = siret('3180027540001');
const UNREGISTERED = siret('7770001110001');

let sandbox: TrackdechetsSandbox;

beforeAll(async () => {
  sandbox = await startTrackdechetsSandbox({ redirectUris: [REDIRECT_URI] });
  sandbox.addCompany({
    siret: PRODUCER,
    name: 'Garage Dupont',
    address: '1 rue du Port 44000 Nantes',
    companyTypes: ['PRODUCER'],
  });
  sandbox.addCompany({ siret: SECOND_SITE, name: 'Garage Dupont — atelier 2', companyTypes: ['PRODUCER'] });
  sandbox.addCompany({
    siret: CARRIER,
    name: 'Transports Martin',
    companyTypes: ['TRANSPORTER', 'COLLECTOR'],
  });
  sandbox.addCompany({ siret: PLANT, name: 'Centre de traitement Ouest', companyTypes: ['WASTEPROCESSOR'] });
  sandbox.addUser({ email: 'alice@garage.test', name: 'Alice Dupont', sirets: [PRODUCER] });
  sandbox.addUser({ email: 'bob@garage.test', name: 'Bob Dupont', sirets: [PRODUCER, SECOND_SITE] });
  sandbox.addUser({ email: 'carl@transports.test', name: 'Carl Martin', sirets: [CARRIER] });
});

afterAll(() => sandbox.close());

function dialogUrl(params: Record<string, string>): string {
  return `${sandbox.uiUrl}/oauth2/authorize/dialog?${new URLSearchParams(params)}`;
}

async function decide(decision: 'allow' | 'deny', fields: Record<string, string> = {}): Promise<URL> {
  const response = await fetch(`${sandbox.uiUrl}/oauth2/authorize/decision`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      response_type: 'code',
      client_id: sandbox.clientId,
      redirect_uri: REDIRECT_URI,
      state: 'state-123',
      email: 'alice@garage.test',
      decision,
      ...fields,
    }),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

async function exchange(
  code: string,
  options: { secret?: string; redirectUri?: string; grantType?: string } = {},
) {
  const response = await fetch(`${sandbox.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: basic(sandbox.clientId, options.secret ?? sandbox.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: options.grantType ?? 'authorization_code',
      code,
      redirect_uri: options.redirectUri ?? REDIRECT_URI,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenFor(email: string): Promise<string> {
  const location = await decide('allow', { email });
  const { body } = await exchange(location.searchParams.get('code')!);
  return body.access_token as string;
}

interface Answer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions: { code: string } }[];
    error?: string;
  };
}

async function gql(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  path = '/',
): Promise<Answer> {
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A field of a GraphQL answer's data, which must be there. */
function field<T>(body: Answer['body'], name: string): T {
  const value = body.data?.[name];
  if (value === undefined || value === null) throw new Error(`no ${name} in ${JSON.stringify(body)}`);
  return value as T;
}

describe('the authorize dialog', () => {
  it('asks in French which sandbox account grants the portal access, labelled as a sandbox', async () => {
    const response = await fetch(
      dialogUrl({
        response_type: 'code',
        client_id: sandbox.clientId,
        redirect_uri: REDIRECT_URI,
        state: 'xyz',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Bac à sable local de Trackdéchets — ceci n'est pas la plateforme réelle");
    expect(html).toMatch(/<h1>Portail déchets souhaite accéder à votre compte Trackdéchets<\/h1>/);
    expect(html).toContain('<main>');
    expect(html).toContain('<label for="email">Compte Trackdéchets</label>');
    expect(html).toContain('<option value="alice@garage.test" selected>');
    expect(html).toContain('<input type="hidden" name="state" value="xyz">');
    expect(html).toContain('action="/ui/oauth2/authorize/decision"');
    expect(html).toContain('value="allow">Autoriser</button>');
    expect(html).toContain('value="deny">Refuser</button>');
    expect(html).not.toMatch(/<script|src=/);
  });

  it('refuses an unregistered redirect URI or an unknown client with a page, never a redirect', async () => {
    for (const params of [
      { client_id: sandbox.clientId, redirect_uri: `${REDIRECT_URI}/other` },
      { client_id: sandbox.clientId, redirect_uri: 'http://evil.test/customer/Validatetrackdechets' },
      { client_id: 'someone-else', redirect_uri: REDIRECT_URI },
    ]) {
      const response = await fetch(dialogUrl({ response_type: 'code', state: 's', ...params }), {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain("Demande d'autorisation invalide");
    }
  });

  it('accepts a redirect URI allowed later', async () => {
    const later = 'http://127.0.0.1:4173/customer/Validatetrackdechets';
    const url = dialogUrl({ response_type: 'code', client_id: sandbox.clientId, redirect_uri: later });
    expect((await fetch(url)).status).toBe(400);
    sandbox.allowRedirectUri(later);
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('the authorization code', () => {
  it('is exchanged once, with HTTP Basic, for a token that reads `me`', async () => {
    const location = await decide('allow');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9]{16}$/);

    const first = await exchange(code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9]{40}$/),
      token_type: 'Bearer',
      user: { email: 'alice@garage.test', name: 'Alice Dupont' },
    });
    expect(first.body).not.toHaveProperty('refresh_token');
    expect(first.body).not.toHaveProperty('expires_in');

    const { status, body } = await gql(
      'query Me { me { email name companies { siret name companyTypes } } }',
      {},
      first.body.access_token as string,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        me: {
          email: 'alice@garage.test',
          name: 'Alice Dupont',
          companies: [{ siret: PRODUCER, name: 'Garage Dupont', companyTypes: ['PRODUCER'] }],
        },
      },
    });

    const again = await exchange(code);
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Grant has expired' },
    });
  });

  it('signs in the account chosen in the list', async () => {
    const { body } = await exchange(
      (await decide('allow', { email: 'carl@transports.test' })).searchParams.get('code')!,
    );
    expect(body.user).toEqual({ email: 'carl@transports.test', name: 'Carl Martin' });
  });

  it('is refused with a wrong client secret (invalid_client, 401)', async () => {
    const code = (await decide('allow')).searchParams.get('code')!;
    const { status, body } = await exchange(code, { secret: 'wrong' });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'invalid_client' });
    // The code was not spent by the refused attempt.
    expect((await exchange(code)).status).toBe(200);
  });

  it('is refused for another redirect URI, an unknown code, or another grant type', async () => {
    const code = (await decide('allow')).searchParams.get('code')!;
    expect(await exchange(code, { redirectUri: `${REDIRECT_URI}?x=1` })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid redirect uri' },
    });
    expect((await exchange('nope')).body.error).toBe('invalid_grant');
    const other = await exchange(code, { grantType: 'client_credentials' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('unsupported_grant_type');
  });

  it('expires after 10 minutes', async () => {
    const code = (await decide('allow')).searchParams.get('code')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
      expect((await exchange(code)).body).toEqual({
        error: 'invalid_grant',
        error_description: 'Grant has expired',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not issued when the user refuses: access_denied comes back with the state', async () => {
    const location = await decide('deny');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.has('code')).toBe(false);
  });
});

describe('companyInfos (public)', () => {
  const query =
    'query Infos($siret: String!) { companyInfos(siret: $siret) { siret name address isRegistered companyTypes etatAdministratif } }';

  it('describes a registered company', async () => {
    const { status, body } = await gql(query, { siret: CARRIER });
    expect(status).toBe(200);
    expect(body.data?.companyInfos).toEqual({
      siret: CARRIER,
      name: 'Transports Martin',
      address: null,
      isRegistered: true,
      companyTypes: ['TRANSPORTER', 'COLLECTOR'],
      etatAdministratif: 'A',
    });
  });

  it('describes a valid SIRET not registered on the platform', async () => {
    const { body } = await gql(query, { siret: UNREGISTERED });
    expect(body.data?.companyInfos).toMatchObject({
      siret: UNREGISTERED,
      isRegistered: false,
      companyTypes: [],
    });
    expect(field<{ name: string }>(body, 'companyInfos').name).toContain(UNREGISTERED);
  });

  it("accepts La Poste's establishments by their own rule (digit sum multiple of 5), not Luhn", async () => {
    const { body } = await gql(query, { siret: '35600000010000' });
    expect(body.errors).toBeUndefined();
    expect(body.data?.companyInfos).toMatchObject({ siret: '35600000010000', isRegistered: false });
    expect((await gql(query, { siret: '35600000010001' })).body.errors?.[0]?.extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('refuses an invalid SIRET (BAD_USER_INPUT)', async () => {
    const wrongKey = `${PRODUCER.slice(0, 13)}${(Number(PRODUCER[13]) + 1) % 10}`;
    for (const siret of [wrongKey, '1234', `${PRODUCER}0`, 'ABCDEFGHIJKLMN']) {
      const { status, body } = await gql(query, { siret });
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message).toContain('SIRET');
    }
  });
});

describe('forms', () => {
  const FORMS = `query Forms($siret: String, $roles: [FormRole!], $status: [FormStatus!], $updatedAfter: String, $first: Int, $cursorAfter: ID, $skip: Int) {
    forms(siret: $siret, roles: $roles, status: $status, updatedAfter: $updatedAfter, first: $first, cursorAfter: $cursorAfter, skip: $skip) {
      id readableId status
      emitter { company { siret name address } }
      transporter { company { siret name } }
      recipient { company { siret name } processingOperation }
      wasteDetails { code name quantity }
      quantityReceived createdAt updatedAt
    }
  }`;
  let alice: string;
  let bob: string;
  let carl: string;
  const t0 = new Date('2026-11-02T08:00:00.000Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
  const ids: { id: string; readableId: string }[] = [];

  beforeAll(async () => {
    alice = await tokenFor('alice@garage.test');
    bob = await tokenFor('bob@garage.test');
    carl = await tokenFor('carl@transports.test');
    for (let i = 0; i < 5; i++) {
      ids.push(
        sandbox.addForm({
          status: i < 4 ? 'SENT' : 'SIGNED_BY_PRODUCER',
          emitter: { siret: PRODUCER, name: 'Garage Dupont', address: '1 rue du Port 44000 Nantes' },
          transporter: i % 2 === 0 ? { siret: CARRIER, name: 'Transports Martin' } : { name: 'Particulier' },
          recipient: { siret: PLANT, name: 'Centre de traitement Ouest', processingOperation: 'R 13' },
          wasteCode: '16 06 01*',
          wasteName: 'Batteries au plomb',
          quantity: 1.5 + i,
          createdAt: at(i),
        }),
      );
    }
    // A slip where the producer is only the recipient.
    ids.push(
      sandbox.addForm({
        readableId: 'BSD-20261102-RECEIVED',
        status: 'RECEIVED',
        emitter: { siret: CARRIER, name: 'Transports Martin' },
        recipient: { siret: PRODUCER, name: 'Garage Dupont' },
        wasteCode: '13 02 05*',
        wasteName: 'Huiles moteur usagées',
        quantity: 0.4,
        quantityReceived: 0.38,
        createdAt: at(10),
      }),
    );
  });

  it("lists the user's slips with the platform's shape, newest first", async () => {
    const { status, body } = await gql(FORMS, {}, alice);
    expect(status).toBe(200);
    const forms = body.data?.forms as { readableId: string }[];
    expect(forms.map((form) => form.readableId)).toEqual(ids.map((form) => form.readableId).reverse());
    expect(forms[5]).toEqual({
      id: ids[0]!.id,
      readableId: expect.stringMatching(/^BSD-20261102-[A-Z0-9]{8}$/),
      status: 'SENT',
      emitter: { company: { siret: PRODUCER, name: 'Garage Dupont', address: '1 rue du Port 44000 Nantes' } },
      transporter: { company: { siret: CARRIER, name: 'Transports Martin' } },
      recipient: {
        company: { siret: PLANT, name: 'Centre de traitement Ouest' },
        processingOperation: 'R 13',
      },
      wasteDetails: { code: '16 06 01*', name: 'Batteries au plomb', quantity: 1.5 },
      quantityReceived: null,
      createdAt: '2026-11-02T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
    expect(forms[0]).toMatchObject({
      readableId: 'BSD-20261102-RECEIVED',
      quantityReceived: 0.38,
      transporter: null,
    });
  });

  it('pages with first and cursorAfter (the id of the last slip of the previous page), or skip', async () => {
    const seen: string[] = [];
    let cursorAfter: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { body } = await gql(FORMS, { siret: PRODUCER, first: 2, cursorAfter }, bob);
      const forms = body.data?.forms as { id: string }[];
      seen.push(...forms.map((form) => form.id));
      if (forms.length < 2) break;
      cursorAfter = forms.at(-1)!.id;
    }
    expect(seen).toEqual(ids.map((form) => form.id).reverse());
    const skipped = await gql(FORMS, { siret: PRODUCER, first: 2, skip: 4 }, bob);
    expect(field<{ id: string }[]>(skipped.body, 'forms').map((form) => form.id)).toEqual([
      ids[1]!.id,
      ids[0]!.id,
    ]);
    const unknownCursor = await gql(FORMS, { siret: PRODUCER, cursorAfter: 'cunknown' }, bob);
    expect(unknownCursor.body.data?.forms).toEqual([]);
    const recorded = sandbox.requests.filter(
      (request) => request.query === FORMS && request.variables.first === 2,
    );
    expect(recorded.length).toBeGreaterThanOrEqual(4);
    expect(recorded.every((request) => request.authenticated && request.operationName === null)).toBe(true);
  });

  it('keeps first between 1 and 100, and refuses skip with a cursor', async () => {
    expect((await gql(FORMS, { first: 100 }, alice)).body.errors).toBeUndefined();
    for (const first of [101, 0]) {
      const { status, body } = await gql(FORMS, { first }, alice);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message).toContain('`first`');
    }
    const both = await gql(FORMS, { skip: 1, cursorAfter: ids[0]!.id }, alice);
    expect(both.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('keeps the slips updated at or after updatedAfter, as the platform (gte)', async () => {
    const readable = async (updatedAfter: string) =>
      field<{ readableId: string }[]>((await gql(FORMS, { updatedAfter }, alice)).body, 'forms').map(
        (f) => f.readableId,
      );
    expect(await readable(at(3).toISOString())).toEqual([
      'BSD-20261102-RECEIVED',
      ids[4]!.readableId,
      ids[3]!.readableId,
    ]);
    expect(await readable(new Date(at(3).getTime() + 1).toISOString())).toEqual([
      'BSD-20261102-RECEIVED',
      ids[4]!.readableId,
    ]);
    const invalid = await gql(FORMS, { updatedAfter: 'yesterday' }, alice);
    expect(invalid.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it("filters by the company's role on the slip and by status", async () => {
    const readable = async (variables: Record<string, unknown>, token = alice) =>
      field<{ readableId: string }[]>((await gql(FORMS, variables, token)).body, 'forms').map(
        (f) => f.readableId,
      );
    expect(await readable({ roles: ['RECIPIENT'] })).toEqual(['BSD-20261102-RECEIVED']);
    expect(await readable({ roles: ['EMITTER'] })).toHaveLength(5);
    expect(await readable({ roles: ['TRANSPORTER'] })).toEqual([]);
    expect(await readable({ roles: ['TRANSPORTER'] }, carl)).toEqual([
      ids[4]!.readableId,
      ids[2]!.readableId,
      ids[0]!.readableId,
    ]);
    expect(await readable({ roles: ['EMITTER'] }, carl)).toEqual(['BSD-20261102-RECEIVED']);
    expect(await readable({ status: ['SIGNED_BY_PRODUCER', 'RECEIVED'] })).toEqual([
      'BSD-20261102-RECEIVED',
      ids[4]!.readableId,
    ]);
  });

  it("requires a SIRET of the user's companies", async () => {
    const other = await gql(FORMS, { siret: CARRIER }, alice);
    expect(other.status).toBe(200);
    expect(other.body.data).toBeNull();
    expect(other.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const unknown = await gql(FORMS, { siret: UNREGISTERED }, alice);
    expect(unknown.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const missing = await gql(FORMS, {}, bob);
    expect(missing.body.errors?.[0]).toMatchObject({
      message: "Le siret de l'entreprise concernée est requis.",
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('answers UNAUTHENTICATED without a token, with an unknown one, or a revoked one', async () => {
    const unauthenticated = {
      status: 200,
      body: {
        data: null,
        errors: [
          expect.objectContaining({
            message: "Vous n'êtes pas connecté.",
            extensions: { code: 'UNAUTHENTICATED' },
          }),
        ],
      },
    };
    expect(await gql(FORMS, {})).toEqual(unauthenticated);
    expect(await gql(FORMS, {}, 'not-a-token')).toEqual(unauthenticated);
    const token = await tokenFor('alice@garage.test');
    expect((await gql('{ me { email } }', {}, token)).body.errors).toBeUndefined();
    sandbox.revokeTokens('alice@garage.test');
    expect(await gql('{ me { email } }', {}, token)).toEqual(unauthenticated);
    expect(await gql(FORMS, {}, alice)).toEqual(unauthenticated);
    expect(sandbox.requests.at(-1)?.authenticated).toBe(false);
    // Other users keep theirs; the public query still answers.
    expect((await gql('{ me { email } }', {}, bob)).body.errors).toBeUndefined();
    expect((await gql(`{ companyInfos(siret: "${PLANT}") { isRegistered } }`, {}, token)).body.data).toEqual({
      companyInfos: { isRegistered: true },
    });
    alice = await tokenFor('alice@garage.test');
  });
});

describe('formsLifeCycle', () => {
  const LIFE_CYCLE = `query LifeCycle($siret: String, $formId: ID, $cursorAfter: String, $loggedAfter: String) {
    formsLifeCycle(siret: $siret, formId: $formId, cursorAfter: $cursorAfter, loggedAfter: $loggedAfter) {
      statusLogs { id status loggedAt updatedFields form { id readableId } user { email } }
      hasNextPage hasPreviousPage startCursor endCursor count
    }
  }`;
  interface LifeCycle {
    statusLogs: { id: string; status: string; loggedAt: string; form: { id: string; readableId: string } }[];
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    endCursor: string | null;
    count: number;
  }

  it('gives the status logs of a slip, latest first, after setFormStatus', async () => {
    const carl = await tokenFor('carl@transports.test');
    const form = sandbox.addForm({
      status: 'SIGNED_BY_PRODUCER',
      emitter: { siret: PLANT, name: 'Centre de traitement Ouest' },
      transporter: { siret: CARRIER, name: 'Transports Martin' },
      wasteCode: '16 06 01*',
      wasteName: 'Batteries au plomb',
      quantity: 2,
      createdAt: new Date('2026-11-10T08:00:00.000Z'),
    });
    sandbox.setFormStatus(form.readableId, 'SENT', new Date('2026-11-10T09:00:00.000Z'));
    sandbox.setFormStatus(form.readableId, 'RECEIVED', new Date('2026-11-10T15:00:00.000Z'));

    const { status, body } = await gql(LIFE_CYCLE, { formId: form.id }, carl);
    expect(status).toBe(200);
    const lifeCycle = body.data?.formsLifeCycle as LifeCycle;
    expect(lifeCycle.statusLogs.map((log) => [log.status, log.loggedAt])).toEqual([
      ['RECEIVED', '2026-11-10T15:00:00.000Z'],
      ['SENT', '2026-11-10T09:00:00.000Z'],
      ['SIGNED_BY_PRODUCER', '2026-11-10T08:00:00.000Z'],
    ]);
    expect(lifeCycle.statusLogs[0]?.form).toEqual(form);
    expect(lifeCycle).toMatchObject({ count: 3, hasNextPage: false, hasPreviousPage: false });

    const forms = await gql(
      'query { forms(roles: [TRANSPORTER]) { readableId status updatedAt } }',
      {},
      carl,
    );
    expect(field<unknown[]>(forms.body, 'forms')[0]).toEqual({
      readableId: form.readableId,
      status: 'RECEIVED',
      updatedAt: '2026-11-10T15:00:00.000Z',
    });

    const after = await gql(LIFE_CYCLE, { formId: form.id, loggedAfter: '2026-11-10T09:00:00.000Z' }, carl);
    expect(field<LifeCycle>(after.body, 'formsLifeCycle').count).toBe(2);
  });

  it('pages by 100 with cursorAfter and endCursor', async () => {
    const carl = await tokenFor('carl@transports.test');
    const form = sandbox.addForm({
      status: 'SEALED',
      emitter: { siret: CARRIER, name: 'Transports Martin' },
      wasteCode: '16 06 01*',
      wasteName: 'Batteries au plomb',
      quantity: 1,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
    });
    for (let i = 1; i <= 149; i++) {
      sandbox.setFormStatus(form.readableId, i % 2 ? 'SENT' : 'RESENT', new Date(Date.UTC(2026, 0, 1, 0, i)));
    }
    const first = (await gql(LIFE_CYCLE, { formId: form.id }, carl)).body.data?.formsLifeCycle as LifeCycle;
    expect(first.statusLogs).toHaveLength(100);
    expect(first).toMatchObject({ count: 150, hasNextPage: true, hasPreviousPage: false });
    const second = (await gql(LIFE_CYCLE, { formId: form.id, cursorAfter: first.endCursor }, carl)).body.data
      ?.formsLifeCycle as LifeCycle;
    expect(second.statusLogs).toHaveLength(50);
    expect(second).toMatchObject({ count: 150, hasNextPage: false, hasPreviousPage: true });
    expect(second.statusLogs.at(-1)?.status).toBe('SEALED');
  });

  it('requires the SIRET when the user has several companies, and one of theirs', async () => {
    const bob = await tokenFor('bob@garage.test');
    expect((await gql(LIFE_CYCLE, {}, bob)).body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql(LIFE_CYCLE, { siret: CARRIER }, bob)).body.errors?.[0]?.extensions.code).toBe(
      'FORBIDDEN',
    );
    expect((await gql(LIFE_CYCLE, { siret: PRODUCER }, bob)).body.errors).toBeUndefined();
  });
});

describe("the platform's limits and errors", () => {
  async function post(body: unknown, path = '/') {
    const response = await fetch(`${sandbox.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }
  const infos = { query: `{ companyInfos(siret: "${PLANT}") { name } }` };

  it('executes batches of up to 5 operations and refuses 6', async () => {
    const five = await post(Array.from({ length: 5 }, () => infos));
    expect(five.status).toBe(200);
    expect(five.body).toEqual(
      Array.from({ length: 5 }, () => ({ data: { companyInfos: { name: 'Centre de traitement Ouest' } } })),
    );
    const six = await post(Array.from({ length: 6 }, () => infos));
    expect(six).toEqual({ status: 400, body: { error: 'Batching is limited to 5 operations per request.' } });
  });

  it('refuses more than 5 root fields in one document (query merging)', async () => {
    const fields = (n: number) =>
      Array.from({ length: n }, (_, i) => `c${i}: companyInfos(siret: "${PLANT}") { name }`);
    expect((await post({ query: `{ ${fields(5).join(' ')} }` })).status).toBe(200);
    const six = (await post({ query: `{ ${fields(6).join(' ')} }` })) as Answer;
    expect(six.status).toBe(400);
    expect(six.body.errors?.[0]?.extensions.code).toBe('GRAPHQL_MAX_OPERATIONS_ERROR');
  });

  it('refuses a document deeper than 10, fragments followed', async () => {
    const nested = (names: string[]): string =>
      names.length === 1 ? names[0]! : `${names[0]} { ${nested(names.slice(1))} }`;
    const deep = (levels: number) => Array.from({ length: levels }, (_, i) => `f${i}`);
    // 12 levels of fields: the deepest at depth 11 (root fields at 0, as graphql-depth-limit counts).
    const eleven = (await post({ query: `query Deep { ${nested(deep(12))} }` })) as Answer;
    expect(eleven.status).toBe(400);
    expect(eleven.body.errors?.map((error) => error.message)).toContain(
      "'Deep' exceeds maximum operation depth of 10",
    );
    expect(eleven.body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const ten = (await post({ query: `query Deep { ${nested(deep(11))} }` })) as Answer;
    expect(ten.body.errors?.map((error) => error.message).filter((m) => m.includes('depth'))).toEqual([]);
    const viaFragment = (await post({
      query: `query { me { ...A } } fragment A on User { companies { ${nested(deep(10))} } }`,
    })) as Answer;
    expect(viaFragment.body.errors?.map((error) => error.message)).toContain(
      "'' exceeds maximum operation depth of 10",
    );
  });

  it('answers syntax and validation errors with 400 and their codes', async () => {
    const syntax = (await post({ query: '{ me { ' })) as Answer;
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const unknownField = (await post({ query: '{ bsds { edges { node { id } } } }' })) as Answer;
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const badVariable = (await post({
      query: 'query($s: String!) { companyInfos(siret: $s) { name } }',
      variables: {},
    })) as Answer;
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers at the API root with or without its trailing slash', async () => {
    expect((await post(infos, '')).body).toEqual({
      data: { companyInfos: { name: 'Centre de traitement Ouest' } },
    });
    expect((await post(infos, '/')).status).toBe(200);
  });
});

describe('the control endpoints', () => {
  it('move a slip to a status, 404 for an unknown one', async () => {
    const carl = await tokenFor('carl@transports.test');
    const form = sandbox.addForm({
      status: 'SIGNED_BY_PRODUCER',
      emitter: { siret: CARRIER, name: 'Transports Martin' },
      wasteCode: '16 06 01*',
      wasteName: 'Batteries au plomb',
      quantity: 1,
    });
    const origin = new URL(sandbox.apiUrl).origin;
    const move = (readableId: string, status: string) =>
      fetch(`${origin}/__sandbox/forms/${readableId}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await move(form.readableId, 'SENT')).status).toBe(204);
    expect((await move('BSD-20261126-UNKNOWN0', 'SENT')).status).toBe(404);
    const { body } = await gql('query { forms(roles: [EMITTER], first: 1) { readableId status } }', {}, carl);
    expect(body.data?.forms).toEqual([{ readableId: form.readableId, status: 'SENT' }]);
  });

  it('revoke the tokens of a user', async () => {
    const carl = await tokenFor('carl@transports.test');
    const origin = new URL(sandbox.apiUrl).origin;
    const response = await fetch(`${origin}/__sandbox/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'carl@transports.test' }),
    });
    expect(response.status).toBe(204);
    expect((await gql('{ me { email } }', {}, carl)).body.errors?.[0]?.extensions.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});
