import { messages } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { loadConfig, SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { JSON_LD, PROBLEM, problem, userItem } from './fixtures.ts';
import {
  API,
  graphql,
  post,
  REMOTE_HOST,
  startTestGateway,
  type TestGateway,
  useTestGateway,
} from './helpers.ts';

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      viewer { email databaseId }
      userErrors { field message code }
    }
  }
`;
const credentials = { input: { email: 'producteur@demo.fr', password: 'Secret#2025' } };

function loginAnswer(token = 'tok-1', userId = 1) {
  return { token, userId, expiresAt: new Date(Date.now() + 3600_000).toISOString() };
}

function cookieNamed(setCookies: string[], name: string): string {
  const cookie = setCookies.find((line) => line.startsWith(`${name}=`));
  expect(cookie, `Set-Cookie ${name}`).toBeDefined();
  return cookie as string;
}

const gateway = useTestGateway();

describe('login', () => {
  it('sets the session and user-id cookies (httpOnly, SameSite=Lax, not Secure on localhost) and returns the viewer', async () => {
    const scope = nock(API)
      .post('/api/login', { email: 'producteur@demo.fr', password: 'Secret#2025' })
      .reply(200, loginAnswer(), { 'content-type': 'application/json' })
      .get('/api/users/1')
      .matchHeader('authorization', 'Bearer tok-1')
      .reply(200, userItem(), JSON_LD);

    const { body, setCookies } = await graphql(gateway, LOGIN, credentials);

    expect(body.errors).toBeUndefined();
    expect(body.data.login).toEqual({
      viewer: { email: 'producteur@demo.fr', databaseId: 1 },
      userErrors: [],
    });
    const session = cookieNamed(setCookies, SESSION_COOKIE);
    const userId = cookieNamed(setCookies, USER_ID_COOKIE);
    expect(session).toMatch(/^portal_session=tok-1;/);
    expect(userId).toMatch(/^portal_uid=1;/);
    for (const cookie of [session, userId]) {
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).toMatch(/Max-Age=(3599|3600);/);
      expect(cookie).not.toContain('Secure');
    }
    expect(scope.isDone()).toBe(true);
  });

  it('marks the cookies Secure when the host is not localhost', async () => {
    nock(API)
      .post('/api/login')
      .reply(200, loginAnswer(), { 'content-type': 'application/json' })
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD);
    const { setCookies } = await graphql(gateway, LOGIN, credentials, { headers: { host: REMOTE_HOST } });
    expect(cookieNamed(setCookies, SESSION_COOKIE)).toContain('Secure');
    expect(cookieNamed(setCookies, USER_ID_COOKIE)).toContain('Secure');
  });

  it('answers a wrong password with the api French message as a userError, and sets no cookie', async () => {
    nock(API).post('/api/login').reply(401, problem(401, messages.invalidCredentials), PROBLEM);
    const { body, setCookies } = await graphql(gateway, LOGIN, credentials);
    expect(body.errors).toBeUndefined();
    expect(body.data.login).toEqual({
      viewer: null,
      userErrors: [
        { field: [], message: 'Adresse mail et/ou mot de passe invalide', code: 'INVALID_CREDENTIALS' },
      ],
    });
    expect(setCookies).toEqual([]);
  });

  it('tells a deactivated account (403, the right password) whom to ask, as a userError', async () => {
    nock(API).post('/api/login').reply(403, problem(403, messages.accountDeactivated), PROBLEM);
    const { body, setCookies } = await graphql(gateway, LOGIN, credentials);
    expect(body.errors).toBeUndefined();
    expect(body.data.login).toEqual({
      viewer: null,
      userErrors: [{ field: [], message: messages.accountDeactivated, code: 'ACCOUNT_DEACTIVATED' }],
    });
    expect(setCookies).toEqual([]);
  });

  it('answers 422 and 429 as userErrors too', async () => {
    nock(API)
      .post('/api/login')
      .reply(
        422,
        problem(422, 'Les données envoyées ne sont pas valides.', 'email: ...', {
          violations: [{ propertyPath: 'email', message: messages.invalidEmail, code: 'invalid_format' }],
        }),
        PROBLEM,
      )
      .post('/api/login')
      .reply(429, problem(429, messages.tooManyAttempts), { ...PROBLEM, 'retry-after': '60' });
    const invalid = await graphql(gateway, LOGIN, { input: { email: 'nope', password: 'x' } });
    expect(invalid.body.data.login.userErrors).toEqual([
      { field: ['email'], message: messages.invalidEmail, code: 'invalid_format' },
    ]);
    const limited = await graphql(gateway, LOGIN, credentials);
    expect(limited.body.data.login.userErrors).toEqual([
      { field: [], message: messages.tooManyAttempts, code: 'TOO_MANY_ATTEMPTS' },
    ]);
  });
});

describe('logout', () => {
  const session = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };

  function expectCleared(setCookies: string[]) {
    for (const name of [SESSION_COOKIE, USER_ID_COOKIE]) {
      const cookie = cookieNamed(setCookies, name);
      expect(cookie).toMatch(new RegExp(`^${name}=;`));
      expect(cookie).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    }
  }

  it('revokes the token at the api and clears both cookies', async () => {
    const scope = nock(API).post('/api/logout').matchHeader('authorization', 'Bearer tok-1').reply(204);
    const { body, setCookies } = await graphql(
      gateway,
      'mutation { logout { ok } }',
      {},
      { cookies: session },
    );
    expect(body.data.logout).toEqual({ ok: true });
    expectCleared(setCookies);
    expect(scope.isDone()).toBe(true);
  });

  it('works when the session is already revoked', async () => {
    nock(API).post('/api/logout').reply(401, problem(401, messages.unauthenticated), PROBLEM);
    const { body, setCookies } = await graphql(
      gateway,
      'mutation { logout { ok } }',
      {},
      { cookies: session },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.logout).toEqual({ ok: true });
    expectCleared(setCookies);
  });
});

describe('credentials', () => {
  it('accepts an Authorization: Bearer header, which wins over the session cookie', async () => {
    const scope = nock(API)
      .get('/api/users/me')
      .matchHeader('authorization', 'Bearer script-token')
      .reply(200, userItem({ id: 4, email: 'script@demo.fr' }), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ viewer { databaseId email } }',
      {},
      {
        headers: { authorization: 'Bearer script-token' },
        cookies: { [SESSION_COOKIE]: 'cookie-token', [USER_ID_COOKIE]: '1' },
      },
    );
    expect(body.data.viewer).toEqual({ databaseId: 4, email: 'script@demo.fr' });
    expect(scope.isDone()).toBe(true);
  });

  it('gives a null viewer and makes no REST call without credentials', async () => {
    const { body } = await graphql(gateway, '{ viewer { email } }');
    expect(body).toMatchObject({ data: { viewer: null }, extensions: { restCalls: { count: 0 } } });
  });

  it('asks users/me when the user-id cookie does not match the token', async () => {
    nock(API)
      .get('/api/users/7')
      .reply(404, problem(404, messages.notFound), PROBLEM)
      .get('/api/users/me')
      .reply(200, userItem({ id: 1 }), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ viewer { databaseId } }',
      {},
      { cookies: { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '7' } },
    );
    expect(body.data.viewer).toEqual({ databaseId: 1 });
  });
});

describe('terms and password reset', () => {
  it('acceptTerms patches hasAcceptedCGU and returns the updated viewer', async () => {
    const scope = nock(API)
      .patch('/api/users/1', { hasAcceptedCGU: true })
      .matchHeader('content-type', 'application/merge-patch+json')
      .reply(200, userItem({ hasAcceptedCGU: true }), JSON_LD);
    const { body } = await graphql(
      gateway,
      'mutation { acceptTerms(input: { accepted: true }) { viewer { hasAcceptedCGU } userErrors { message } } }',
      {},
      { cookies: { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' } },
    );
    expect(body.data.acceptTerms).toEqual({ viewer: { hasAcceptedCGU: true }, userErrors: [] });
    expect(body.extensions.restCalls.count).toBe(1);
    expect(scope.isDone()).toBe(true);
  });

  it('acceptTerms without a session is UNAUTHENTICATED', async () => {
    const { body } = await graphql(
      gateway,
      'mutation { acceptTerms(input: { accepted: true }) { userErrors { message } } }',
    );
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('requestPasswordReset reports an unknown e-mail as a userError', async () => {
    nock(API)
      .post('/api/user/reset-password-email', { email: 'inconnu@demo.fr' })
      .reply(404, problem(404, messages.notFound, messages.unknownAccount), PROBLEM)
      .post('/api/user/reset-password-email', { email: 'producteur@demo.fr' })
      .reply(204);
    const mutation =
      'mutation ($email: String!) { requestPasswordReset(input: { email: $email }) { ok userErrors { field message } } }';
    const unknown = await graphql(gateway, mutation, { email: 'inconnu@demo.fr' });
    expect(unknown.body.data.requestPasswordReset).toEqual({
      ok: false,
      userErrors: [{ field: ['email'], message: messages.unknownAccount }],
    });
    const known = await graphql(gateway, mutation, { email: 'producteur@demo.fr' });
    expect(known.body.data.requestPasswordReset).toEqual({ ok: true, userErrors: [] });
  });

  it('resetPassword answers an expired link (410) with linkExpired and the French message', async () => {
    nock(API)
      .post('/api/user/3/reset-password', {
        token: 'used',
        password: 'Secret#2026',
        confirmPassword: 'Secret#2026',
      })
      .reply(410, problem(410, messages.resetLinkExpired), PROBLEM);
    const { body } = await graphql(
      gateway,
      'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { ok linkExpired userErrors { message } } }',
      { input: { userId: 3, token: 'used', password: 'Secret#2026', confirmPassword: 'Secret#2026' } },
    );
    expect(body.data.resetPassword).toEqual({
      ok: false,
      linkExpired: true,
      userErrors: [{ message: messages.resetLinkExpired }],
    });
  });
});

describe('POST /auth/token', () => {
  it('exchanges e-mail and password for a bearer token', async () => {
    const answer = loginAnswer('script-token', 4);
    nock(API).post('/api/login', { email: 'script@demo.fr', password: 'pw' }).reply(200, answer);
    const { status, body, headers } = await post(`${gateway.url}/auth/token`, {
      email: 'script@demo.fr',
      password: 'pw',
    });
    expect(status).toBe(200);
    expect(body).toEqual(answer);
    expect(headers['set-cookie']).toBeUndefined();
  });

  it('passes the api refusal on as a problem', async () => {
    nock(API).post('/api/login').reply(401, problem(401, messages.invalidCredentials), PROBLEM);
    const { status, body } = await post(`${gateway.url}/auth/token`, {
      email: 'script@demo.fr',
      password: 'bad',
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: 401, title: messages.invalidCredentials });
  });

  it('refuses a body without e-mail and password', async () => {
    const { status } = await post(`${gateway.url}/auth/token`, { email: 'script@demo.fr' });
    expect(status).toBe(400);
  });
});

describe('the client address the api is told (X-Forwarded-For)', () => {
  const RESET = 'mutation ($email: String!) { requestPasswordReset(input: { email: $email }) { ok } }';

  /** The X-Forwarded-For the api receives when a client calls `route` with `forwardedFor`. */
  async function forwardedBy(
    target: TestGateway,
    route: 'login' | 'token' | 'reset',
    forwardedFor?: string,
  ): Promise<string | undefined> {
    let seen: string | undefined;
    const path = route === 'reset' ? '/api/user/reset-password-email' : '/api/login';
    nock(API)
      .post(path)
      .matchHeader('x-forwarded-for', (value) => {
        seen = value ?? undefined;
        return true;
      })
      .reply(401, problem(401, messages.invalidCredentials), PROBLEM);
    const headers: Record<string, string> =
      forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    if (route === 'token') {
      await post(`${target.url}/auth/token`, { email: 'script@demo.fr', password: 'pw' }, { headers });
    } else if (route === 'reset') {
      await graphql(target, RESET, { email: 'producteur@demo.fr' }, { headers });
    } else {
      await graphql(target, LOGIN, credentials, { headers });
    }
    return seen;
  }

  it("is the peer's own address, whatever the client writes, when no proxy is trusted", async () => {
    for (const route of ['login', 'token', 'reset'] as const) {
      expect(await forwardedBy(gateway, route, '203.0.113.7'), route).toBe('127.0.0.1');
      expect(await forwardedBy(gateway, route), route).toBe('127.0.0.1');
    }
  });

  it('is read through the proxies GATEWAY_TRUST_PROXY names, and only the client is passed on', async () => {
    const proxied = await startTestGateway({ GATEWAY_TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    try {
      // The nearest hop that is not a trusted proxy; what lies left of it is the client's own writing.
      expect(await forwardedBy(proxied, 'login', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(await forwardedBy(proxied, 'token', '198.51.100.1, 10.0.0.2')).toBe('198.51.100.1');
      expect(await forwardedBy(proxied, 'reset', '10.0.0.3, 10.0.0.2')).toBe('10.0.0.3');
      expect(await forwardedBy(proxied, 'login', 'n/importe, 10.0.0.2')).toBe('10.0.0.2');
      expect(await forwardedBy(proxied, 'login')).toBe('127.0.0.1');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a GATEWAY_TRUST_PROXY that would trust everyone, and leaves TRUST_PROXY to the api', () => {
    for (const value of ['true', '2', '*', 'passerelle']) {
      expect(() => loadConfig({ GATEWAY_TRUST_PROXY: value }), value).toThrow(
        /^GATEWAY_TRUST_PROXY must list proxy addresses/,
      );
    }
    const trusted = loadConfig({ GATEWAY_TRUST_PROXY: 'uniquelocal, 203.0.113.0/24' }).trustProxy;
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('203.0.113.9')).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy('127.0.0.1')).toBe(false);
  });
});
