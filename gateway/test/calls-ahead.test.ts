import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { RememberedCalls } from '../src/rest/remembered-calls.ts';
import { collection, JSON_LD, siteItem, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

const gateway = useTestGateway({ GATEWAY_DEBUG: '1' });

const QUERY = '{ viewer { establishments(first: 2) { totalCount } } }';
const VIEWER_DELAY_MS = 60;

interface TimedCall {
  path: string;
  startMs: number;
  durationMs: number;
}

/** The viewer's record, slow enough that a call waiting for it visibly starts after it. */
function mockViewer(id: number, typology: 'producer' | 'retriever' = 'producer') {
  nock(API)
    .get(`/api/users/${id}`)
    .delay(VIEWER_DELAY_MS)
    .reply(200, userItem({ id, userTypologies: [typology] }), JSON_LD);
}

function mockOwnSites(userId: number, typology: 'producer' | 'retriever', siteCount: number) {
  nock(API)
    .get(`/api/users/${userId}/company_sites_full`)
    .query({ typology, page: '1', itemsPerPage: '2', 'order[name]': 'asc' })
    .reply(
      200,
      collection(
        'company_sites',
        Array.from({ length: siteCount }, (_, index) => siteItem(index + 1, 1)),
      ),
      JSON_LD,
    );
}

async function run(userId: number) {
  const cookies = { [SESSION_COOKIE]: `token-${userId}`, [USER_ID_COOKIE]: String(userId) };
  const { body } = await graphql(gateway, QUERY, {}, { cookies });
  expect(body.errors).toBeUndefined();
  const calls: TimedCall[] = body.extensions.restCalls.calls;
  // The list the run asked for: the last of its kind (one sent ahead and dropped comes first).
  const list = calls.findLast((call) => call.path.includes('company_sites_full'));
  return { totalCount: body.data.viewer.establishments.totalCount as number, calls, list };
}

describe('the calls of a query, sent ahead when the same user sends it again', () => {
  it('first waits for the viewer, then sends the list with it, fetching every answer anew', async () => {
    mockViewer(1);
    mockOwnSites(1, 'producer', 1);
    const first = await run(1);
    expect(first.totalCount).toBe(1);
    expect(first.list?.startMs).toBeGreaterThanOrEqual(VIEWER_DELAY_MS);

    mockViewer(1);
    mockOwnSites(1, 'producer', 2);
    const again = await run(1);
    // The api's new answer, not the first run's: only the paths are remembered.
    expect(again.totalCount).toBe(2);
    expect(again.calls).toHaveLength(2);
    expect(again.list?.startMs).toBeLessThan(VIEWER_DELAY_MS);
    expect(nock.isDone()).toBe(true);
  });

  it("sends nothing ahead for another user, whose run is not the first user's", async () => {
    mockViewer(1);
    mockOwnSites(1, 'producer', 1);
    await run(1);
    mockViewer(2);
    mockOwnSites(2, 'producer', 1);
    const other = await run(2);
    expect(other.calls.map((call) => call.path)).toEqual([
      '/api/users/2',
      '/api/users/2/company_sites_full?typology=producer&page=1&itemsPerPage=2&order[name]=asc',
    ]);
    expect(other.list?.startMs).toBeGreaterThanOrEqual(VIEWER_DELAY_MS);
  });

  it('answers right when the run asks otherwise than last time: the call sent ahead is dropped', async () => {
    mockViewer(1, 'producer');
    mockOwnSites(1, 'producer', 1);
    await run(1);
    // The user is now a provider: the list is another path, asked once the viewer says so.
    mockViewer(1, 'retriever');
    mockOwnSites(1, 'producer', 1);
    mockOwnSites(1, 'retriever', 2);
    const changed = await run(1);
    expect(changed.totalCount).toBe(2);
    expect(changed.list?.path).toContain('typology=retriever');
    expect(changed.list?.startMs).toBeGreaterThanOrEqual(VIEWER_DELAY_MS);
    expect(changed.calls).toHaveLength(3);
    expect(nock.isDone()).toBe(true);
  });

  it('tells, with the calls, when the answer was ready: after the last of them ended', async () => {
    mockViewer(7);
    mockOwnSites(7, 'producer', 1);
    const cookies = { [SESSION_COOKIE]: 'token-7', [USER_ID_COOKIE]: '7' };
    const { body } = await graphql(gateway, QUERY, {}, { cookies });
    const { calls, answeredMs }: { calls: TimedCall[]; answeredMs: number } = body.extensions.restCalls;
    // Times count from the gateway taking the request up, so that its work before the first call shows.
    expect(Math.min(...calls.map((call) => call.startMs))).toBeGreaterThanOrEqual(0);
    const lastEnd = Math.max(...calls.map((call) => call.startMs + call.durationMs));
    expect(lastEnd).toBeGreaterThanOrEqual(VIEWER_DELAY_MS);
    // Both rounded to a tenth of a millisecond.
    expect(answeredMs).toBeGreaterThanOrEqual(lastEnd - 0.1);
  });
});

describe('RememberedCalls', () => {
  it('keeps the runs used most recently, and so many paths of each', () => {
    const remembered = new RememberedCalls({ maxRuns: 2, maxPaths: 2 });
    remembered.remember('a', ['/1', '/2', '/3']);
    remembered.remember('b', ['/4']);
    expect(remembered.recall('a')).toEqual(['/1', '/2']);
    remembered.remember('c', ['/5']);
    // b was used least recently: a was just recalled.
    expect(remembered.recall('b')).toBeUndefined();
    expect(remembered.recall('a')).toEqual(['/1', '/2']);
    expect(remembered.recall('c')).toEqual(['/5']);
    remembered.remember('a', []);
    expect(remembered.recall('a')).toBeUndefined();
    expect(remembered.size).toBe(1);
  });
});
