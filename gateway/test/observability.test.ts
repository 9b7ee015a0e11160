import { messages } from '@portal/domain';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { JSON_LD, PROBLEM, problem, userItem } from './fixtures.ts';
import {
  API,
  getText,
  post,
  startTestGateway,
  type TestGateway,
  tempDir,
  useTestGateway,
} from './helpers.ts';

const gateway = useTestGateway();

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

describe('metrics', () => {
  const token = 'metrics-token-of-the-test';
  const queries = tempDir('gateway-metrics-');
  const persisted = 'a'.repeat(64);
  let measured: TestGateway;
  beforeAll(async () => {
    const file = queries.write(
      'queries.json',
      JSON.stringify({ [persisted]: 'query ViewerEmailQuery { viewer { email } }' }),
    );
    measured = await startTestGateway({
      METRICS_TOKEN: token,
      PERSISTED_QUERIES_FILE: file,
      REST_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await measured.close();
    queries.remove();
  });

  const scrape = (authorization?: string) =>
    request(`${measured.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });

  it('do not exist without METRICS_TOKEN, nor for who does not hold it', async () => {
    const absent = await getText(`${gateway.url}/metrics`);
    expect(absent.status).toBe(404);
    expect(absent.text).not.toContain('http_requests_total');
    for (const authorization of [undefined, 'Bearer wrong-token', token]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode).toBe(401);
      expect(await refused.body.text()).not.toContain('http_requests_total');
    }
  });

  it('count answers by route and status, operations by name with their REST calls, and upstream failures', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem(), JSON_LD)
      .get('/api/users/1')
      .reply(async () => {
        await released;
        return [200, userItem(), JSON_LD];
      })
      .get('/api/users/1')
      .reply(503, problem(503, messages.genericError), PROBLEM);
    const cookies = { [SESSION_COOKIE]: 'session-token', [USER_ID_COOKIE]: '1' };
    try {
      const named = await post(`${measured.url}/graphql`, { doc_id: persisted }, { cookies });
      expect(named.body.data).toEqual({ viewer: { email: 'producteur@demo.fr' } });
      // The second call outlasts the REST time-out; the third finds the api failing.
      for (let i = 0; i < 2; i++) {
        const failed = await post(
          `${measured.url}/graphql`,
          { query: 'query Mine { viewer { email } }' },
          { cookies },
        );
        expect(failed.body.errors[0].extensions.code).toBe('UPSTREAM_ERROR');
      }
    } finally {
      release();
    }
    await getText(`${measured.url}/healthz`, 'application/json');

    const answer = await scrape(`Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = await answer.body.text();
    for (const line of [
      'http_requests_total{method="POST",route="/graphql",status="200"} 3',
      'http_requests_total{method="GET",route="/healthz",status="200"} 1',
      'gateway_graphql_operation_rest_calls_sum{operation="ViewerEmailQuery"} 1',
      'gateway_graphql_operation_rest_calls_count{operation="(other)"} 2',
      'gateway_graphql_operation_errors_total{operation="(other)",code="UPSTREAM_ERROR"} 2',
      'gateway_rest_calls_total{method="GET",status="200"} 1',
      'gateway_rest_calls_total{method="GET",status="none"} 1',
      'gateway_rest_calls_total{method="GET",status="503"} 1',
      'gateway_upstream_failures_total{kind="timeout"} 1',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/graphql",status="200"\}/,
    );
  });
});
