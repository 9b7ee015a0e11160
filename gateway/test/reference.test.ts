import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, companyItem, JSON_LD, sectorItem, stateItem, userItem } from './fixtures.ts';
import { API, graphql, normalizedCalls, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const SECTORS = [
  sectorItem(1, 'A', 'Agriculture, sylviculture et pêche'),
  sectorItem(3, 'C', 'Industrie manufacturière'),
  sectorItem(6, 'F', 'Construction'),
];

function mockSectors() {
  return nock(API)
    .get('/api/company_sectors')
    .query({ pagination: 'false', 'order[code]': 'asc' })
    .reply(200, collection('company_sectors', SECTORS), JSON_LD);
}

const gateway = useTestGateway();

describe('companies: SIRET and NAF sector', () => {
  it('reads the sectors list once for every company of the request', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(
        200,
        userItem({ companies: ['/api/companies/1', '/api/companies/2'], companiesIdsFull: [1, 2] }),
        JSON_LD,
      )
      .get('/api/companies')
      .query({ 'id[]': ['1', '2'], pagination: 'false' })
      .reply(
        200,
        collection('companies', [
          companyItem(1, 'Martin Industries', {
            siret: '73282932000074',
            companySector: '/api/company_sectors/3',
          }),
          companyItem(2, 'Martin BTP', { siret: null, companySector: '/api/company_sectors/6' }),
        ]),
        JSON_LD,
      );
    mockSectors();
    const { body } = await graphql(
      gateway,
      '{ viewer { companies { name siret sector { id code label } } } }',
      {},
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.viewer.companies).toEqual([
      {
        name: 'Martin Industries',
        siret: '73282932000074',
        sector: { id: toGlobalId('CompanySector', 3), code: 'C', label: 'Industrie manufacturière' },
      },
      {
        name: 'Martin BTP',
        siret: null,
        sector: { id: toGlobalId('CompanySector', 6), code: 'F', label: 'Construction' },
      },
    ]);
    expect(body.extensions.restCalls.count).toBe(3);
  });
});

describe('reference lists', () => {
  it('serves companySectors, states and their nodes, each list read once', async () => {
    mockSectors()
      .get('/api/states')
      .query({ pagination: 'false', 'order[code]': 'asc' })
      .reply(
        200,
        collection('states', [stateItem(84, '84', 'Auvergne-Rhône-Alpes', ['01', '03', '69'])]),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      `query ($sector: ID!, $state: ID!) {
        companySectors { databaseId code label }
        states { id code label departments }
        sector: node(id: $sector) { ... on CompanySector { label } }
        state: node(id: $state) { ... on State { label } }
      }`,
      { sector: toGlobalId('CompanySector', 1), state: toGlobalId('State', 84) },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.companySectors).toEqual(
      SECTORS.map(({ id, code, label }) => ({ databaseId: id, code, label })),
    );
    expect(body.data.states).toEqual([
      {
        id: toGlobalId('State', 84),
        code: '84',
        label: 'Auvergne-Rhône-Alpes',
        departments: ['01', '03', '69'],
      },
    ]);
    expect(body.data.sector).toEqual({ label: 'Agriculture, sylviculture et pêche' });
    expect(body.data.state).toEqual({ label: 'Auvergne-Rhône-Alpes' });
    expect(normalizedCalls(body)).toEqual([
      'GET /api/company_sectors?order[code]=asc&pagination=false',
      'GET /api/states?order[code]=asc&pagination=false',
    ]);
  });
});
