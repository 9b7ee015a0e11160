import { messages } from '@portal/domain';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, producer, retriever } from './portal.ts';

/** SPEC 7: scripts get a token from /auth/token and send their own documents; browsers send persisted ids only. */

const viewerDocument = '{ viewer { email fullName typologies } }';

test('a script gets a token and queries the graph with its own document', async ({ request }) => {
  const tokenResponse = await request.post('/auth/token', {
    data: { email: producer.email, password: DEMO_PASSWORD },
  });
  expect(tokenResponse.status()).toBe(200);
  const { token, expiresAt } = (await tokenResponse.json()) as { token: string; expiresAt: string };
  expect(token).not.toBe('');
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

  const answer = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: { query: viewerDocument },
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({
    data: { viewer: { email: producer.email, fullName: 'Claire Martin', typologies: ['PRODUCER'] } },
  });
});

test('without a token, an arbitrary document is refused in production', async ({ request }) => {
  const answer = await request.post('/graphql', { data: { query: viewerDocument } });
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as { data?: unknown; errors: { extensions: { code: string } }[] };
  expect(body.data).toBeUndefined();
  expect(body.errors.map((error) => error.extensions.code)).toEqual(['PERSISTED_QUERY_REQUIRED']);
});

test('a wrong password gets no token', async ({ request }) => {
  const answer = await request.post('/auth/token', {
    data: { email: retriever.email, password: 'Mauvais2026!' },
  });
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toMatchObject({ title: messages.invalidCredentials });
});
