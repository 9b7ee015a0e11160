import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JSON_LD, userItem } from './fixtures.ts';
import { API, startTestGateway, type TestGateway, tempDir } from './helpers.ts';

/** A screen whose answers are kept (KEPT_QUERIES), and one whose answers are not. */
const KEPT_ID = 'kept-layout';
const OTHER_ID = 'other-profile';
const dir = tempDir('gateway-kept-');
const persistedFile = dir.write(
  'persisted-queries.json',
  JSON.stringify({
    [KEPT_ID]: 'query DashboardLayoutQuery { viewer { fullName } }',
    [OTHER_ID]: 'query ProfilePageQuery { viewer { fullName } }',
  }),
);

let gateway: TestGateway;
beforeAll(async () => {
  // Without GATEWAY_DEBUG: kept answers are sent as production sends them, compressed once per encoding.
  gateway = await startTestGateway({ PERSISTED_QUERIES_FILE: persistedFile, GATEWAY_DEBUG: '' });
});
afterAll(async () => {
  await gateway.close();
  dir.remove();
});
afterEach(() => {
  nock.cleanAll();
});

const STAMP = '41:2026-11-28';
/** Long enough to be compressed (over 1 KB). */
const LASTNAME = `Martin-${'x'.repeat(1500)}`;

function viewerAnswered(token: string, lastname: string, stamp: string | null) {
  return nock(API)
    .get('/api/users/me')
    .matchHeader('authorization', `Bearer ${token}`)
    .reply(200, userItem({ lastname }), { ...JSON_LD, ...(stamp === null ? {} : { 'x-data-stamp': stamp }) });
}

function stampAnswered(token: string, stamp: string) {
  return nock(API)
    .get('/api/data_stamp')
    .matchHeader('authorization', `Bearer ${token}`)
    .reply(200, { stamp }, { 'content-type': 'application/json', 'x-data-stamp': stamp });
}

async function ask(id: string, token: string, encoding = 'identity') {
  const answer = await request(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-encoding': encoding,
    },
    body: JSON.stringify({ doc_id: id, variables: {} }),
  });
  const raw = Buffer.from(await answer.body.arrayBuffer());
  const contentEncoding = answer.headers['content-encoding'];
  const text =
    contentEncoding === 'br'
      ? brotliDecompressSync(raw).toString('utf8')
      : contentEncoding === 'gzip'
        ? gunzipSync(raw).toString('utf8')
        : raw.toString('utf8');
  return { status: answer.statusCode, headers: answer.headers, body: JSON.parse(text) };
}

describe('kept answers', () => {
  it('sends the kept answer, compressed as asked, while the stamp stands, and reads the screen again once it moved', async () => {
    const read = viewerAnswered('tok-a', LASTNAME, STAMP);
    const first = await ask(KEPT_ID, 'tok-a');
    expect(read.isDone()).toBe(true);
    expect(first.body.data.viewer.fullName).toContain(LASTNAME);

    for (const encoding of ['br', 'gzip', 'identity']) {
      const checked = stampAnswered('tok-a', STAMP);
      const again = await ask(KEPT_ID, 'tok-a', encoding);
      expect(checked.isDone()).toBe(true);
      expect(again.status).toBe(200);
      expect(again.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.headers.vary).toContain('Accept-Encoding');
      expect(again.body).toEqual({ data: first.body.data });
    }

    // A write moved the stamp: the screen is read again, and kept under the new stamp.
    const moved = stampAnswered('tok-a', '42:2026-11-28');
    const readAgain = viewerAnswered('tok-a', 'Durand', '42:2026-11-28');
    const afterWrite = await ask(KEPT_ID, 'tok-a');
    expect(moved.isDone() && readAgain.isDone()).toBe(true);
    expect(afterWrite.body.data.viewer.fullName).toBe('Claire Durand');
    stampAnswered('tok-a', '42:2026-11-28');
    expect((await ask(KEPT_ID, 'tok-a')).body.data.viewer.fullName).toBe('Claire Durand');
  });

  it('keeps nothing for an answer read without a stamp, nor for a screen not listed, nor for another session', async () => {
    /** Asks twice; whether the second asked for the stamp (a kept answer's check) before reading the screen. */
    const twice = async (
      id: string,
      first: string,
      second: string,
      lastname: string,
      stamp: string | null,
    ) => {
      viewerAnswered(first, lastname, stamp);
      await ask(id, first);
      const checked = stampAnswered(second, STAMP);
      const read = viewerAnswered(second, lastname, stamp);
      const answer = await ask(id, second);
      expect(read.isDone()).toBe(true);
      return { checked: checked.isDone(), answer };
    };
    expect((await twice(KEPT_ID, 'tok-b', 'tok-b', 'Sans', null)).checked).toBe(false);
    expect((await twice(OTHER_ID, 'tok-c', 'tok-c', 'Profil', STAMP)).checked).toBe(false);
    const otherSession = await twice(KEPT_ID, 'tok-d', 'tok-e', 'Second', STAMP);
    expect(otherSession.checked).toBe(false);
    expect(otherSession.answer.body.data.viewer.fullName).toBe('Claire Second');
  });

  it('answers as without a kept answer when the stamp check is refused', async () => {
    viewerAnswered('tok-f', 'Partie', STAMP);
    await ask(KEPT_ID, 'tok-f');
    nock(API)
      .get('/api/data_stamp')
      .times(1)
      .reply(401, { title: 'Non authentifié' }, { 'content-type': 'application/problem+json' })
      .get('/api/users/me')
      .reply(401, { title: 'Non authentifié' }, { 'content-type': 'application/problem+json' });
    const refused = await ask(KEPT_ID, 'tok-f');
    expect(refused.body.data?.viewer ?? null).toBeNull();
    expect(JSON.stringify(refused.body)).not.toContain('Partie');
  });
});
