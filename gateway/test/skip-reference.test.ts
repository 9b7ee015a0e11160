import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { OFFICIAL_LIST_TTL_MS, OfficialLists } from '../src/loaders/reference-lists.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import {
  collection,
  FIRST_LEVEL_WASTES,
  JSON_LD,
  SECOND_LEVEL_WASTES,
  SKIP_TYPES,
  skipItem,
  THIRD_LEVEL_WASTES,
  TREATMENT_CODES,
  WASTE_CODES,
} from './fixtures.ts';
import { API, graphql, normalizedCalls, normalizePath, useTestGateway } from './helpers.ts';
import { mockSkipWorld, skipWorld } from './skips-world.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const sorted = (calls: string[]) => calls.map((call) => `GET ${normalizePath(call)}`).sort();

const gateway = useTestGateway();

function mockReferenceLists() {
  return nock(API)
    .get('/api/first_level_wastes')
    .query({ pagination: 'false' })
    .reply(200, collection('first_level_wastes', FIRST_LEVEL_WASTES), JSON_LD)
    .get('/api/second_level_wastes')
    .query({ pagination: 'false' })
    .reply(200, collection('second_level_wastes', SECOND_LEVEL_WASTES), JSON_LD)
    .get('/api/third_level_wastes')
    .query({ pagination: 'false' })
    .reply(200, collection('third_level_wastes', THIRD_LEVEL_WASTES), JSON_LD)
    .get('/api/skip_types')
    .query({ pagination: 'false' })
    .reply(200, collection('skip_types', SKIP_TYPES), JSON_LD)
    .get('/api/operation_treatment_codes')
    .query({ pagination: 'false' })
    .reply(200, collection('operation_treatment_codes', TREATMENT_CODES), JSON_LD)
    .get('/api/operation_waste_codes')
    .query({ pagination: 'false' })
    .reply(200, collection('operation_waste_codes', WASTE_CODES), JSON_LD);
}

describe('the waste hierarchy and the container reference lists', () => {
  it('builds the three levels from three lists, each read once, whatever the nesting asks', async () => {
    const scope = mockReferenceLists();
    const { body } = await graphql(
      gateway,
      `{
        wasteHierarchy {
          id code label
          secondLevelWastes {
            code label firstLevelWaste { code }
            thirdLevelWastes { databaseId label dangerous wasteCode { code description dangerous } secondLevelWaste { code } }
          }
        }
        skipTypes { id databaseId code label category volume unit }
        treatmentCodes { code description kind isFinal }
      }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.wasteHierarchy.map((family: { code: string }) => family.code)).toEqual([
      'DND',
      'DD',
      'DI',
    ]);
    const [nonHazardous, hazardous, inert] = body.data.wasteHierarchy;
    expect(nonHazardous.id).toBe(toGlobalId('FirstLevelWaste', 1));
    expect(nonHazardous.secondLevelWastes).toEqual([
      {
        code: 'PAPIER_CARTON',
        label: 'Papier-carton',
        firstLevelWaste: { code: 'DND' },
        thirdLevelWastes: [
          {
            databaseId: 1,
            label: 'Papier de bureau',
            dangerous: false,
            wasteCode: { code: '20 01 01', description: 'papier et carton', dangerous: false },
            secondLevelWaste: { code: 'PAPIER_CARTON' },
          },
          {
            databaseId: 2,
            label: 'Emballages en carton',
            dangerous: false,
            wasteCode: { code: '15 01 01', description: 'emballages en papier/carton', dangerous: false },
            secondLevelWaste: { code: 'PAPIER_CARTON' },
          },
        ],
      },
      {
        code: 'METAUX',
        label: 'Métaux',
        firstLevelWaste: { code: 'DND' },
        thirdLevelWastes: [
          {
            databaseId: 3,
            label: 'Ferraille',
            dangerous: false,
            wasteCode: { code: '17 04 05', description: 'fer et acier', dangerous: false },
            secondLevelWaste: { code: 'METAUX' },
          },
        ],
      },
    ]);
    expect(hazardous.secondLevelWastes[0].thirdLevelWastes[0]).toMatchObject({
      label: 'Solvants halogénés',
      dangerous: true,
      wasteCode: { code: '14 06 02*', dangerous: true },
    });
    expect(inert.secondLevelWastes).toEqual([]);
    expect(body.data.skipTypes[1]).toEqual({
      id: toGlobalId('SkipType', 4),
      databaseId: 4,
      code: 'BENNE_15',
      label: 'Benne 15 m3',
      category: 'Benne',
      volume: '15.000',
      unit: 'm3',
    });
    expect(body.data.treatmentCodes.map((code: { code: string }) => code.code)).toEqual([
      'R 1',
      'R 3',
      'R 13',
      'D 10',
    ]);
    expect(body.data.treatmentCodes[2]).toMatchObject({ kind: 'R', isFinal: false });
    expect(normalizedCalls(body)).toEqual(
      sorted([
        '/api/first_level_wastes?pagination=false',
        '/api/second_level_wastes?pagination=false',
        '/api/third_level_wastes?pagination=false',
        '/api/skip_types?pagination=false',
        '/api/operation_treatment_codes?pagination=false',
        '/api/operation_waste_codes?pagination=false',
      ]),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('searches waste codes through q and dangerous, one page of first; an equal search is not repeated', async () => {
    const hazardous = WASTE_CODES.filter((code) => code.dangerous);
    const scope = nock(API)
      .get('/api/operation_waste_codes')
      .query({ q: '15 01', dangerous: 'true', page: '1', itemsPerPage: '20' })
      .reply(200, collection('operation_waste_codes', hazardous.slice(1)), JSON_LD)
      .get('/api/operation_waste_codes')
      .query({ page: '1', itemsPerPage: '50' })
      .reply(200, collection('operation_waste_codes', WASTE_CODES), JSON_LD);
    const { body } = await graphql(
      gateway,
      `{
        hazardous: wasteCodes(search: " 15 01 ", dangerous: true, first: 20) { code description dangerous }
        again: wasteCodes(search: "15 01", dangerous: true, first: 20) { code }
        all: wasteCodes { code }
        none: wasteCodes(first: 0) { code }
      }`,
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.hazardous).toEqual([
      {
        code: '15 01 10*',
        description:
          'emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
        dangerous: true,
      },
    ]);
    expect(body.data.again).toEqual([{ code: '15 01 10*' }]);
    expect(body.data.all).toHaveLength(WASTE_CODES.length);
    expect(body.data.none).toEqual([]);
    expect(body.extensions.restCalls.count).toBe(2);
    expect(scope.isDone()).toBe(true);
  });

  it("reads the official waste codes only for a container code's description: its flag needs no list", async () => {
    const world = skipWorld(2);
    mockSkipWorld(world);
    const flag = await graphql(
      gateway,
      '{ skip(databaseId: 70000) { wasteCode { code dangerous } } }',
      {},
      { cookies },
    );
    expect(flag.body.data.skip.wasteCode).toEqual({ code: '15 01 01', dangerous: false });
    expect(normalizedCalls(flag.body)).toEqual(sorted(['/api/skips?id[]=70000&pagination=false']));

    const described = await graphql(
      gateway,
      '{ skip(databaseId: 70000) { wasteCode { description } } }',
      {},
      { cookies },
    );
    expect(described.body.data.skip.wasteCode).toEqual({ description: 'emballages en papier/carton' });
    expect(normalizedCalls(described.body)).toEqual(
      sorted(['/api/skips?id[]=70000&pagination=false', '/api/operation_waste_codes?pagination=false']),
    );
  });

  it('finds a code written without its spaces, and a hazardous code by its star', async () => {
    nock(API)
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(
        200,
        collection('skips', [
          skipItem(7, 3, { wasteCode: '150110*', plannedTreatmentCode: 'R13', dangerous: true }),
        ]),
        JSON_LD,
      );
    mockReferenceLists();
    const { body } = await graphql(
      gateway,
      '{ skip(databaseId: 7) { dangerous wasteCode { dangerous description } plannedTreatmentCode { kind isFinal description } } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.skip).toEqual({
      dangerous: true,
      wasteCode: {
        dangerous: true,
        description:
          'emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
      },
      plannedTreatmentCode: {
        kind: 'R',
        isFinal: false,
        description: 'Stockage de déchets préalablement à l’une des opérations R1 à R12',
      },
    });
  });

  it('needs a session', async () => {
    const { body } = await graphql(gateway, '{ skipTypes { code } }');
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('the official lists the gateway process keeps', () => {
  const query = '{ treatmentCodes { code } skipTypes { code } }';
  const officialAndOwn = () =>
    nock(API)
      .get('/api/operation_treatment_codes')
      .query({ pagination: 'false' })
      .reply(200, collection('operation_treatment_codes', TREATMENT_CODES), JSON_LD)
      .get('/api/skip_types')
      .query({ pagination: 'false' })
      .reply(200, collection('skip_types', SKIP_TYPES), JSON_LD);

  it('reads an official list once for every caller, and the portal’s own contents at each request', async () => {
    officialAndOwn();
    const first = await graphql(gateway, query, {}, { cookies });
    expect(first.body.errors).toBeUndefined();
    expect(normalizedCalls(first.body)).toEqual([
      'GET /api/operation_treatment_codes?pagination=false',
      'GET /api/skip_types?pagination=false',
    ]);

    // Another user: the treatment codes come from the process, the skip types (the back office edits them) from
    // the api again.
    nock(API)
      .get('/api/skip_types')
      .query({ pagination: 'false' })
      .reply(200, collection('skip_types', SKIP_TYPES), JSON_LD);
    const other = { [SESSION_COOKIE]: 'tok-2', [USER_ID_COOKIE]: '2' };
    const second = await graphql(gateway, query, {}, { cookies: other });
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data).toEqual(first.body.data);
    expect(normalizedCalls(second.body)).toEqual(['GET /api/skip_types?pagination=false']);
  });

  it('does not keep a list whose reading failed', async () => {
    nock(API).get('/api/operation_treatment_codes').query({ pagination: 'false' }).reply(503);
    const failed = await graphql(gateway, '{ treatmentCodes { code } }', {}, { cookies });
    expect(failed.body.errors).toBeDefined();

    nock(API)
      .get('/api/operation_treatment_codes')
      .query({ pagination: 'false' })
      .reply(200, collection('operation_treatment_codes', TREATMENT_CODES), JSON_LD);
    const retried = await graphql(gateway, '{ treatmentCodes { code } }', {}, { cookies });
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data.treatmentCodes).toHaveLength(TREATMENT_CODES.length);
  });

  it('reads an official list again once it has been kept for its time', async () => {
    let now = 0;
    const lists = new OfficialLists(() => now);
    const read = vi.fn(async () => ['R 3']);
    await lists.get('/api/operation_treatment_codes?pagination=false', read);
    now = OFFICIAL_LIST_TTL_MS - 1;
    await lists.get('/api/operation_treatment_codes?pagination=false', read);
    expect(read).toHaveBeenCalledTimes(1);
    now = OFFICIAL_LIST_TTL_MS;
    await lists.get('/api/operation_treatment_codes?pagination=false', read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
