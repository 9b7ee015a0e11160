import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { JSON_LD, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const gateway = useTestGateway();
const JSON_ANSWER = { 'content-type': 'application/json' };

const item = {
  id: 4,
  name: 'Export',
  readOnly: true,
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2027-02-24T10:00:00.000Z',
  lastUsedAt: null,
  expired: false,
};

describe('personal access tokens through the graph', () => {
  it('creates one with the input as the api takes it, and gives the token once with the list', async () => {
    const scope = nock(API)
      .post('/api/users/1/access_tokens', { name: 'Export', expiresInDays: 90, readOnly: true })
      .reply(200, { token: `pat_${'a'.repeat(43)}`, accessToken: item }, JSON_ANSWER)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/users/1/access_tokens')
      .reply(200, { accessTokens: [item] }, JSON_ANSWER);
    const { body } = await graphql(
      gateway,
      `mutation { createAccessToken(input: { name: "Export", expiresInDays: 90, readOnly: true }) {
          token accessToken { databaseId name readOnly lastUsedAt }
          viewer { accessTokens { databaseId name expired } }
          userErrors { field message } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createAccessToken).toEqual({
      token: `pat_${'a'.repeat(43)}`,
      accessToken: { databaseId: 4, name: 'Export', readOnly: true, lastUsedAt: null },
      viewer: { accessTokens: [{ databaseId: 4, name: 'Export', expired: false }] },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it("gives the api's refusals as user errors", async () => {
    nock(API)
      .post('/api/users/1/access_tokens')
      .reply(
        422,
        {
          title: 'Les données envoyées ne sont pas valides.',
          violations: [{ propertyPath: 'name', message: 'Le champ est obligatoire' }],
        },
        { 'content-type': 'application/problem+json' },
      )
      .delete('/api/users/1/access_tokens/9')
      .reply(404, { title: 'Introuvable' }, { 'content-type': 'application/problem+json' });
    const { body } = await graphql(
      gateway,
      `mutation {
        created: createAccessToken(input: { name: "", expiresInDays: 30, readOnly: true }) {
          token userErrors { field message } }
        revoked: revokeAccessToken(input: { accessTokenId: 9 }) { viewer { id } userErrors { message } } }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.created).toEqual({
      token: null,
      userErrors: [{ field: ['name'], message: 'Le champ est obligatoire' }],
    });
    expect(body.data.revoked.viewer).toBeNull();
    expect(body.data.revoked.userErrors).toHaveLength(1);
  });
});
