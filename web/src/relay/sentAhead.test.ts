import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenQueryParams as params } from '../test/fixtures.ts';
import { createFetchFunction } from './fetchGraphQL.ts';
import { endSendingAhead, SENT_AHEAD_TTL_MS, sendAhead, takeSentAhead } from './sentAhead.ts';

/** A gateway answering each request with the number of the request. */
function countingGateway() {
  let sent = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    sent += 1;
    return new Response(JSON.stringify({ data: { answer: sent } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('operations sent ahead of the app', () => {
  it("are the answer of Relay's first ask of the same operation and values, and only of the first", async () => {
    const fetchMock = countingGateway();
    sendAhead('c0ffee', { scope: { side: 'PRODUCER', siteId: null }, year: 2026 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      doc_id: 'c0ffee',
      variables: { scope: { side: 'PRODUCER', siteId: null }, year: 2026 },
    });

    const fetchFunction = createFetchFunction({ onUnauthenticated: vi.fn() });
    // Relay gives every variable, in the operation's order; a null one is one left out.
    const first = await Promise.resolve(
      fetchFunction(params, { year: 2026, scope: { siteId: null, side: 'PRODUCER' }, month: null }, {}),
    );
    expect(first).toEqual({ data: { answer: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const second = await Promise.resolve(
      fetchFunction(params, { year: 2026, scope: { side: 'PRODUCER', siteId: null } }, {}),
    );
    expect(second).toEqual({ data: { answer: 2 } });
  });

  it('are not taken for other values, nor sent twice', () => {
    const fetchMock = countingGateway();
    sendAhead('c0ffee', { year: 2026 });
    sendAhead('c0ffee', { year: 2026 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeSentAhead('c0ffee', { year: 2025 })).toBeUndefined();
    expect(takeSentAhead('beef', { year: 2026 })).toBeUndefined();
    expect(takeSentAhead('c0ffee', { year: 2026 })).toBeDefined();
  });

  it('are no longer sent once the app has asked for itself (its script ran first)', async () => {
    const fetchMock = countingGateway();
    await Promise.resolve(createFetchFunction({ onUnauthenticated: vi.fn() })(params, { year: 2026 }, {}));
    sendAhead('c0ffee', { year: 2026 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("serve the page's first navigation only: later asks get fresh data", () => {
    const fetchMock = countingGateway();
    sendAhead('c0ffee', { year: 2026 });
    endSendingAhead();
    expect(takeSentAhead('c0ffee', { year: 2026 })).toBeUndefined();
    sendAhead('c0ffee', { year: 2025 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not taken once stale', () => {
    vi.useFakeTimers();
    countingGateway();
    sendAhead('c0ffee', {});
    vi.advanceTimersByTime(SENT_AHEAD_TTL_MS + 1);
    expect(takeSentAhead('c0ffee', {})).toBeUndefined();
  });

  it('fail for whoever takes them up, and for nobody else', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    sendAhead('c0ffee', { year: 2026 });
    sendAhead('c0ffee', { year: 2025 });
    const fetchFunction = createFetchFunction({ onUnauthenticated: vi.fn() });
    await expect(Promise.resolve(fetchFunction(params, { year: 2026 }, {}))).rejects.toThrow(
      'Failed to fetch',
    );
    // The unclaimed one's failure settles without an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
