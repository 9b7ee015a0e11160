import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, getText, startTestGateway, type TestGateway } from './helpers.ts';

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());
afterEach(() => {
  nock.cleanAll();
});

const getJson = async (path: string) => {
  const answer = await getText(`${gateway.url}${path}`, 'application/json');
  return { status: answer.status, body: JSON.parse(answer.text) as unknown };
};

describe('health', () => {
  it('is alive at /healthz whatever the api does', async () => {
    expect(await getJson('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is ready at /readyz when the api answers its /healthz', async () => {
    nock(API).get('/healthz').reply(200, { status: 'ok' });
    expect(await getJson('/readyz')).toEqual({ status: 200, body: { status: 'ok', api: 'ok' } });
  });

  it('is not ready while the api fails or cannot be reached', async () => {
    nock(API).get('/healthz').reply(503, { status: 'unavailable' });
    const failing = await getJson('/readyz');
    // Nothing answers the second time: the api cannot be reached.
    const unreachable = await getJson('/readyz');
    for (const answer of [failing, unreachable]) {
      expect(answer).toEqual({ status: 503, body: { status: 'unavailable', api: 'unreachable' } });
    }
  });
});
