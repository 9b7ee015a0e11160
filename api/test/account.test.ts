import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/index.ts';
import { createTestApi, get, login, mergePatch, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const postLogin = (payload: unknown, address: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: payload as Record<string, unknown>,
    remoteAddress: address,
  });

describe('POST /api/login', () => {
  it('returns an opaque token, the user id and the expiry', async () => {
    const response = await postLogin({ email: ' Producteur@Demo.fr ', password: DEMO_PASSWORD }, '10.0.1.1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userId).toBe(api.demo?.userIds['producteur@demo.fr']);
    expect(new Date(body.expiresAt).getTime()).toBe(api.clock.now.getTime() + 12 * 3_600_000);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
    const wrongPassword = await postLogin(
      { email: 'producteur@demo.fr', password: 'Mauvais2026!' },
      '10.0.1.2',
    );
    const unknownEmail = await postLogin({ email: 'personne@demo.fr', password: 'Mauvais2026!' }, '10.0.1.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    // The same but for the id of the request each answers.
    const { requestId, ...wrongPasswordProblem } = wrongPassword.json();
    const { requestId: _other, ...unknownEmailProblem } = unknownEmail.json();
    expect(wrongPasswordProblem).toEqual(unknownEmailProblem);
    expect(requestId).toBe(wrongPassword.headers['x-request-id']);
    expect(wrongPassword.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(wrongPasswordProblem).toEqual({
      type: '/errors/401',
      title: messages.invalidCredentials,
      detail: messages.invalidCredentials,
      status: 401,
    });
  });

  it('answers 422 with French violations when a field is missing or malformed', async () => {
    const response = await postLogin({ email: 'pas-une-adresse' }, '10.0.1.3');
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { propertyPath: 'email', message: messages.invalidEmail, code: 'invalid_format' },
      { propertyPath: 'password', message: messages.passwordRequired, code: 'invalid_type' },
    ]);
    const empty = await api.app.inject({ method: 'POST', url: '/api/login' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('refuses a missing, malformed or unknown token with the 401 problem', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`]) {
      const response = await api.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ title: messages.unauthenticated, status: 401 });
    }
  });

  it('revokes the token at logout', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const other = await login(api, 'producteur@demo.fr');
    expect((await get(api, '/api/users/me', session)).statusCode).toBe(200);
    const logout = await api.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await get(api, '/api/users/me', session)).statusCode).toBe(401);
    expect((await get(api, '/api/users/me', other)).statusCode).toBe(200);
  });

  it('expires a session after SESSION_TTL_HOURS, refused at most a second before its end, never after', async () => {
    const session = await login(api, 'chantier@demo.fr');
    api.clock.advance(12 * 3_600_000 - 1000);
    expect((await get(api, '/api/users/me', session)).statusCode).toBe(200);
    // Checked against the next whole second, which the calls a screen makes at once share.
    api.clock.advance(500);
    expect((await get(api, '/api/users/me', session)).statusCode).toBe(401);
    api.clock.advance(1500);
    const expired = await get(api, '/api/users/me', session);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().title).toBe(messages.unauthenticated);
  });
});

describe('users', () => {
  it('gives every User field of the contract, for me and for my id', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const me = await get(api, '/api/users/me', session);
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    const user = me.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        '@context',
        '@id',
        '@type',
        'id',
        'email',
        'userIdentifier',
        'lastname',
        'firstname',
        'phone',
        'function',
        'notificationEmail',
        'hasAcceptedCGU',
        'cguAcceptedVersion',
        'userTypologies',
        'permissions',
        'limitedToEntities',
        'companies',
        'companiesIds',
        'companiesIdsFull',
        'linkedCompanies',
        'companySites',
        'companySitesIds',
        'companySitesIdsFull',
        'companySiteEntities',
      ].sort(),
    );
    const demo = api.demo!;
    expect(user).toMatchObject({
      '@id': `/api/users/${session.userId}`,
      '@type': 'User',
      email: 'producteur@demo.fr',
      userIdentifier: 'producteur@demo.fr',
      lastname: 'Martin',
      firstname: 'Claire',
      hasAcceptedCGU: false,
      userTypologies: ['producer'],
      limitedToEntities: false,
      companies: [`/api/companies/${demo.producerCompanyId}`],
      companiesIds: [demo.producerCompanyId],
      companiesIdsFull: [demo.producerCompanyId],
      companySites: [],
      companySiteEntities: [],
    });
    expect(user.permissions).toContain('skip:create');
    expect(user.companySitesIdsFull).toHaveLength(3);
    expect(user.linkedCompanies).toContain(`/api/companies/${demo.retrieverCompanyId}`);
    expect(user.linkedCompanies).toContain(`/api/companies/${demo.carrierCompanyId}`);
    expect((await get(api, `/api/users/${session.userId}`, session)).json()).toEqual(user);
  });

  it("refuses another user's id with a 404", async () => {
    const session = await login(api, 'producteur@demo.fr');
    const otherId = api.demo!.userIds['prestataire@demo.fr'];
    const response = await get(api, `/api/users/${otherId}`, session);
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe(messages.notFound);
    expect(
      (await mergePatch(api, `/api/users/${otherId}`, session, { firstname: 'Pirate' })).statusCode,
    ).toBe(404);
  });

  it('accepts the CGU through a merge-patch and keeps the other fields', async () => {
    const session = await login(api, 'prestataire@demo.fr');
    const response = await mergePatch(api, '/api/users/me', session, { hasAcceptedCGU: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      hasAcceptedCGU: true,
      firstname: 'Julien',
      phone: '+33623456789',
    });
    const row = await api.db.one<{ acceptedAt: Date | null }>(
      'select cgu_accepted_at as "acceptedAt" from users where id = $1',
      [session.userId],
    );
    expect(new Date(row.acceptedAt as Date).getTime()).toBe(api.clock.now.getTime());
    expect((await get(api, '/api/users/me', session)).json().hasAcceptedCGU).toBe(true);
  });

  it('refuses withdrawing the CGU', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const response = await mergePatch(api, '/api/users/me', session, { hasAcceptedCGU: false });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      { propertyPath: 'hasAcceptedCGU', message: messages.cguRequired, code: 'invalid_value' },
    ]);
  });

  it('updates profile fields; null or empty clears an optional one', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const response = await mergePatch(api, '/api/users/me', session, {
      firstname: 'Claire-Marie',
      phone: null,
      function: '',
      notificationEmail: 'alertes@demo.fr',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Claire-Marie',
      lastname: 'Martin',
      phone: null,
      function: null,
      notificationEmail: 'alertes@demo.fr',
    });
  });

  it('answers 422 with the domain messages for invalid profile fields', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const response = await mergePatch(api, '/api/users/me', session, {
      phone: '06 12 34',
      notificationEmail: 'pas-une-adresse',
      lastname: null,
    });
    expect(response.statusCode).toBe(422);
    const messagesByPath = Object.fromEntries(
      response
        .json()
        .violations.map((v: { propertyPath: string; message: string }) => [v.propertyPath, v.message]),
    );
    expect(messagesByPath).toEqual({
      phone: messages.phoneFormat,
      notificationEmail: messages.invalidEmail,
      lastname: messages.required,
    });
  });

  it('requires application/merge-patch+json', async () => {
    const session = await login(api, 'producteur@demo.fr');
    const response = await api.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { firstname: 'X' },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('OpenAPI', () => {
  it('serves /api/docs.json without a token, describing the routes', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/users/{id}',
        '/api/user/reset-password-email',
        '/api/user/{id}/reset-password',
        '/api/company_sites',
        '/api/company_sites/{id}',
        '/api/users/{id}/company_sites_linked_retriever_full',
        '/api/company_sites/{id}/company_site_entities/{entityId}',
        '/api/company_site_entities',
        '/api/companies/{id}',
        '/api/site_typologies',
      ]),
    );
    expect(
      document.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});
