import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { MAX_IDS_PER_CALL } from '../src/loaders/item-loader.ts';
import { pagesCovering } from '../src/rest/pages.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { mirrorWorld, mockWorld } from './api-world.ts';
import { graphql, normalizedCalls, startTestGateway, type TestGateway } from './helpers.ts';

describe('pagesCovering', () => {
  it('is the page of size first when the offset is a multiple of it', () => {
    expect(pagesCovering(0, 50)).toEqual({ itemsPerPage: 50, firstPage: 1, lastPage: 1 });
    expect(pagesCovering(100, 50)).toEqual({ itemsPerPage: 50, firstPage: 3, lastPage: 3 });
    expect(pagesCovering(500, 500)).toEqual({ itemsPerPage: 500, firstPage: 2, lastPage: 2 });
  });

  it('otherwise fetches the fewest items that one call can', () => {
    // Items 30-49: page 2 of 25.
    expect(pagesCovering(30, 20)).toEqual({ itemsPerPage: 25, firstPage: 2, lastPage: 2 });
    // Items 10-59: page 1 of 60.
    expect(pagesCovering(10, 50)).toEqual({ itemsPerPage: 60, firstPage: 1, lastPage: 1 });
  });

  it('splits a window larger than the api page into the fewest pages', () => {
    expect(pagesCovering(0, 1200)).toEqual({ itemsPerPage: 400, firstPage: 1, lastPage: 3 });
    expect(pagesCovering(0, 2000)).toEqual({ itemsPerPage: 500, firstPage: 1, lastPage: 4 });
  });

  it('refuses an empty or negative window', () => {
    expect(() => pagesCovering(0, 0)).toThrow(RangeError);
    expect(() => pagesCovering(-1, 5)).toThrow(RangeError);
  });
});

describe('item batches', () => {
  const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
  const NODES = 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }';

  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway();
  });
  afterAll(() => gateway.close());
  afterEach(() => {
    nock.cleanAll();
  });

  it(`send up to ${MAX_IDS_PER_CALL} ids in id[], more as one call of the whole visible collection`, async () => {
    const world = mirrorWorld(400);
    mockWorld(world);
    const siteIds = (count: number) => world.ownSites.slice(0, count).map((site) => site.id);

    const fits = await graphql(
      gateway,
      NODES,
      { ids: siteIds(MAX_IDS_PER_CALL).map((id) => toGlobalId('Establishment', id)) },
      { cookies },
    );
    expect(fits.body.errors).toBeUndefined();
    expect(normalizedCalls(fits.body)).toEqual([
      `GET /api/company_sites?${siteIds(MAX_IDS_PER_CALL)
        .map((id) => `id[]=${id}`)
        .join('&')}&pagination=false`,
    ]);

    const many = await graphql(
      gateway,
      NODES,
      { ids: siteIds(MAX_IDS_PER_CALL + 1).map((id) => toGlobalId('Establishment', id)) },
      { cookies },
    );
    expect(many.body.errors).toBeUndefined();
    expect(normalizedCalls(many.body)).toEqual(['GET /api/company_sites?pagination=false']);
    expect(many.body.data.nodes).toHaveLength(MAX_IDS_PER_CALL + 1);
    expect(many.body.data.nodes.every((node: { id: string } | null) => node !== null)).toBe(true);
  });
});
