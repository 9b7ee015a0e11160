import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { collection, JSON_LD, siteItem, userItem } from './fixtures.ts';
import { API, graphql, useTestGateway } from './helpers.ts';

/** A producer's supplier compliance file: read for an own establishment, whichever way the producer owns it. */

const gateway = useTestGateway();
const cookies = { [SESSION_COOKIE]: 'tok', [USER_ID_COOKIE]: '1' };
const QUERY =
  'query ($id: Int!) { establishment(databaseId: $id) { supplierCompliance { actionCount lines { name stateLabel } } } }';

const COMPLIANCE_PATH = '/api/AdministrativeDocument/administrative_document_valid_for_establishment';

function mockSite(id: number) {
  nock(API)
    .get('/api/company_sites')
    .query({ 'id[]': String(id), pagination: 'false' })
    .reply(200, collection('company_sites', [siteItem(id, 1)]), JSON_LD);
}

describe('Establishment.supplierCompliance', () => {
  it("is the file of a producer's establishment owned through its company", async () => {
    // Owned through the company, not linked directly: in companySitesIdsFull only (the demo producer's case).
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem({ companySitesIds: [], companySitesIdsFull: [1001] }), JSON_LD);
    mockSite(1001);
    const file = nock(API)
      .get(COMPLIANCE_PATH)
      .query({ establishmentId: '1001' })
      .reply(
        200,
        {
          establishment: '/api/company_sites/1001',
          lines: [
            {
              role: 'CARRIER',
              name: 'Transports Rhône',
              siret: null,
              companySite: null,
              requiredType: 'TRANSPORT_RECEIPT',
              state: 'EXPIRED',
              validUntil: '2020-01-01',
              document: null,
            },
          ],
        },
        JSON_LD,
      );
    const { body } = await graphql(gateway, QUERY, { id: 1001 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.supplierCompliance).toEqual({
      actionCount: 1,
      lines: [{ name: 'Transports Rhône', stateLabel: expect.any(String) }],
    });
    expect(file.isDone()).toBe(true);
  });

  it("is null, without asking the api, for an establishment that is not the producer's own", async () => {
    nock(API)
      .get('/api/users/1')
      .reply(200, userItem({ companySitesIds: [], companySitesIdsFull: [1001] }), JSON_LD);
    mockSite(2002);
    const { body } = await graphql(gateway, QUERY, { id: 2002 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.supplierCompliance).toBeNull();
  });

  it('is null for a provider, on its own establishment', async () => {
    nock(API)
      .get('/api/users/1')
      .reply(
        200,
        userItem({ userTypologies: ['retriever'], companySitesIds: [1001], companySitesIdsFull: [1001] }),
        JSON_LD,
      );
    mockSite(1001);
    const { body } = await graphql(gateway, QUERY, { id: 1001 }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.establishment.supplierCompliance).toBeNull();
  });
});

describe('Viewer.documents', () => {
  it('asks the api for the period as days, whether the dates come as variables or in the query', async () => {
    nock(API)
      .get('/api/users/1')
      .times(2)
      .reply(200, userItem({ companySitesIdsFull: [1001] }), JSON_LD);
    const list = (after: string, before: string) =>
      nock(API)
        .get('/api/documents')
        .query((query) => query['documentDate[after]'] === after && query['documentDate[before]'] === before)
        .reply(200, collection('documents', []), JSON_LD);
    const asVariables = list('2027-01-01', '2027-01-31');
    const variables = await graphql(
      gateway,
      'query ($from: Date, $to: Date) { viewer { documents(first: 5, filter: { from: $from, to: $to }) { totalCount } } }',
      { from: '2027-01-01', to: '2027-01-31' },
      { cookies },
    );
    expect(variables.body.errors).toBeUndefined();
    expect(asVariables.isDone()).toBe(true);
    const inQuery = list('2026-03-05', '2026-03-06');
    const literal = await graphql(
      gateway,
      'query { viewer { documents(first: 5, filter: { from: "2026-03-05", to: "2026-03-06" }) { totalCount } } }',
      {},
      { cookies },
    );
    expect(literal.body.errors).toBeUndefined();
    expect(inQuery.isDone()).toBe(true);
  });
});
