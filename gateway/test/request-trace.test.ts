import { messages } from '@portal/domain';
import { parseTraceparent } from '@portal/domain/trace-context';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { JSON_LD, PROBLEM, problem, userItem } from './fixtures.ts';
import { API, graphql, post, useTestGateway } from './helpers.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const WEB_SPAN = '00f067aa0ba902b7';
const traceparent = `00-${TRACE_ID}-${WEB_SPAN}-01`;
const session = { [SESSION_COOKIE]: 'session-token', [USER_ID_COOKIE]: '1' };

const gateway = useTestGateway();

/** Records the `traceparent` of each call the mocked api receives. */
function apiTraceparents(): { seen: (string | null)[]; record: (value: string | null) => boolean } {
  const seen: (string | null)[] = [];
  return { seen, record: (value) => seen.push(value) > 0 };
}

describe("the request id, the web's trace id", () => {
  it('goes on to the api, into every log line of the request, its answer and its errors', async () => {
    const calls = apiTraceparents();
    nock(API)
      .get('/api/users/1')
      .matchHeader('traceparent', calls.record)
      .reply(500, problem(500, messages.genericError), PROBLEM);
    const { body, headers } = await graphql(
      gateway,
      '{ viewer { email } }',
      {},
      {
        cookies: session,
        headers: { traceparent },
      },
    );

    expect(body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'UPSTREAM_ERROR', requestId: TRACE_ID } }),
    ]);
    expect(headers['x-request-id']).toBe(TRACE_ID);
    // The api is called as a span of the gateway's request: same trace, the gateway as the parent.
    expect(calls.seen).toHaveLength(1);
    const sent = parseTraceparent(calls.seen[0]);
    expect(sent).toMatchObject({ traceId: TRACE_ID, flags: '01' });
    expect(sent?.parentId).not.toBe(WEB_SPAN);
    const lines = gateway.logger.entries.filter((entry) => entry.message === 'rest call failed');
    expect(lines).toHaveLength(1);
    expect(lines.map((line) => line.fields.requestId)).toEqual([TRACE_ID]);
  });

  it('is a new one, the same everywhere, for a request without a valid traceparent', async () => {
    for (const headers of [{}, { traceparent: 'not-a-traceparent' }] as Record<string, string>[]) {
      const calls = apiTraceparents();
      nock(API)
        .get('/api/users/1')
        .matchHeader('traceparent', calls.record)
        .reply(500, problem(500, messages.genericError), PROBLEM);
      const { body, headers: answered } = await graphql(
        gateway,
        '{ viewer { email } }',
        {},
        {
          cookies: session,
          headers,
        },
      );
      const requestId = body.errors[0].extensions.requestId;
      expect(requestId).toMatch(/^[0-9a-f]{32}$/);
      expect(answered['x-request-id']).toBe(requestId);
      expect(parseTraceparent(calls.seen[0])?.traceId).toBe(requestId);
    }
  });

  it('names the request in the refusals made before the graph runs and in the problems of plain routes', async () => {
    const unknown = await post(
      `${gateway.url}/graphql`,
      { doc_id: 'f'.repeat(64), variables: {} },
      { headers: { traceparent } },
    );
    expect(unknown.body.errors[0].extensions).toEqual({
      code: 'PERSISTED_QUERY_NOT_FOUND',
      requestId: TRACE_ID,
    });

    const calls = apiTraceparents();
    nock(API)
      .post('/api/login')
      .matchHeader('traceparent', calls.record)
      .reply(401, problem(401, messages.invalidCredentials), PROBLEM);
    const refused = await post(
      `${gateway.url}/auth/token`,
      { email: 'producteur@demo.fr', password: 'Faux2026!' },
      { headers: { traceparent } },
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ title: messages.invalidCredentials, requestId: TRACE_ID });
    expect(parseTraceparent(calls.seen[0])?.traceId).toBe(TRACE_ID);

    const upload = await post(`${gateway.url}/uploads/incidents`, {}, { headers: { traceparent } });
    expect(upload.body).toMatchObject({ status: 403, requestId: TRACE_ID });
  });

  it('leaves an answer without errors as it is', async () => {
    nock(API).get('/api/users/1').reply(200, userItem(), JSON_LD);
    const { body } = await graphql(
      gateway,
      '{ viewer { email } }',
      {},
      {
        cookies: session,
        headers: { traceparent },
      },
    );
    expect(body).toEqual({
      data: { viewer: { email: 'producteur@demo.fr' } },
      extensions: expect.anything(),
    });
  });
});
