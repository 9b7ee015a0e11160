import { parseTraceparent } from '@portal/domain/trace-context';
import type { RequestParameters } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { screenQueryParams as params } from '../test/fixtures.ts';
import { GraphQLRequestError, UnauthenticatedError } from './errors.ts';
import { createFetchFunction } from './fetchGraphQL.ts';

function respond(status: number, body: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The trace id of the `traceparent` the request of `call` sent. */
function sentTraceId(fetchMock: ReturnType<typeof vi.fn>, call: number): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  const headers = (init?.headers ?? {}) as Record<string, string>;
  return parseTraceparent(headers.traceparent)?.traceId;
}

async function run(onUnauthenticated = vi.fn()) {
  return Promise.resolve(createFetchFunction({ onUnauthenticated })(params, { first: 10 }, {}));
}

describe('fetch function', () => {
  it('starts a trace per request, whose id every failure carries for the user to quote', async () => {
    const fetchMock = respond(200, {
      data: null,
      errors: [{ message: 'Réessayez', extensions: { code: 'UPSTREAM_ERROR' } }],
    });
    const failure = await run().catch((error: unknown) => error);
    const requestId = sentTraceId(fetchMock, 0);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(failure).toBeInstanceOf(GraphQLRequestError);
    expect((failure as GraphQLRequestError).requestId).toBe(requestId);

    await run().catch(() => undefined);
    expect(sentTraceId(fetchMock, 1)).not.toBe(requestId);
  });

  it('fails with the request id when no answer comes', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const failure = await run().catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: null, requestId: sentTraceId(fetchMock, 0) });
    expect(sentTraceId(fetchMock, 0)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('posts the persisted id and the variables with the session cookie', async () => {
    const fetchMock = respond(200, { data: { viewer: null } });
    await expect(run()).resolves.toEqual({ data: { viewer: null } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ doc_id: 'c0ffee', variables: { first: 10 } });
  });

  it('reports UNAUTHENTICATED and fails the request', async () => {
    respond(200, { data: null, errors: [{ message: 'expired', extensions: { code: 'UNAUTHENTICATED' } }] });
    const onUnauthenticated = vi.fn();
    await expect(run(onUnauthenticated)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('treats HTTP 401 the same way', async () => {
    respond(401, 'Unauthorized', 'text/plain');
    const onUnauthenticated = vi.fn();
    await expect(run(onUnauthenticated)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('passes partial data on (a failed field is null) and fails when there is no data', async () => {
    const partial = {
      data: { viewer: { name: null } },
      errors: [{ message: 'x', extensions: { code: 'UPSTREAM_ERROR' } }],
    };
    respond(200, partial);
    await expect(run()).resolves.toEqual(partial);

    respond(200, {
      errors: [{ message: 'Champ inconnu', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });
    const failure = run();
    await expect(failure).rejects.toBeInstanceOf(GraphQLRequestError);
    await expect(failure).rejects.toThrow('SomeScreenQuery: Champ inconnu');

    respond(502, '<html>Bad gateway</html>', 'text/html');
    await expect(run()).rejects.toMatchObject({ status: 502 });
  });

  it('fails rather than commit a root field that an error beneath it nulled, which would sign the viewer out', async () => {
    const bubbled = {
      data: { viewer: null, operationHistoryFilters: [] },
      errors: [
        {
          message: 'Code déchet inconnu : « 99 99 99 ».',
          path: ['viewer', 'operations'],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    };
    respond(200, bubbled);
    const failure = run();
    await expect(failure).rejects.toBeInstanceOf(GraphQLRequestError);
    await expect(failure).rejects.toMatchObject({ errors: bubbled.errors });

    // The root field itself failing (null on its own path), or a nested nullable field, is data as it stands.
    const own = {
      data: { viewer: { name: 'Marie' }, node: null },
      errors: [{ message: 'x', path: ['node'], extensions: { code: 'FORBIDDEN' } }],
    };
    respond(200, own);
    await expect(run()).resolves.toEqual(own);
    const nested = {
      data: { viewer: { name: null } },
      errors: [{ message: 'x', path: ['viewer', 'name'], extensions: { code: 'UPSTREAM_ERROR' } }],
    };
    respond(200, nested);
    await expect(run()).resolves.toEqual(nested);
  });

  it('refuses an operation without a persisted id', async () => {
    const fetchMock = respond(200, { data: {} });
    const withText = { ...params, id: null, text: 'query X { viewer { id } }' } as RequestParameters;
    await expect(
      Promise.resolve(createFetchFunction({ onUnauthenticated: vi.fn() })(withText, {}, {})),
    ).rejects.toThrow('has no persisted id');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
