import nock from 'nock';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_HEADER } from '../src/files.ts';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, deliveryItem, entityItem, JSON_LD, PROBLEM, problem, skipItem } from './fixtures.ts';
import { API, graphql, startTestGateway, type TestGateway, useTestGateway } from './helpers.ts';
import { operationItem } from './operations-fixtures.ts';

/**
 * Every creating mutation (and the incident upload) sends its input's `clientMutationId` as the Idempotency-Key of its POST, so that the
 * api answers a retry of the same submission with its first write; without one, no header.
 */

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const skipId = toGlobalId('Skip', 7);
const program = { startDate: '2026-03-02', endDate: '2026-03-30', recurrence: 'DAY', interval: 3 };

const gateway = useTestGateway();

interface CreatingMutation {
  name: string;
  inputType: string;
  input: Record<string, unknown>;
  /** The api as the mutation needs it before its POST. */
  before?: (api: nock.Scope) => nock.Scope;
  path: string;
  answer: unknown;
}

const mutations: CreatingMutation[] = [
  {
    name: 'createSkip',
    inputType: 'CreateSkipInput',
    input: { establishmentId: toGlobalId('Establishment', 3), fields: { name: 'Benne' } },
    path: '/api/skips',
    answer: skipItem(7, 3),
  },
  {
    name: 'createEntity',
    inputType: 'CreateEntityInput',
    input: { establishmentId: toGlobalId('Establishment', 3), name: 'Chantier', startDate: '2026-03-02' },
    path: '/api/company_sites/3/company_site_entities',
    answer: entityItem(9, 3),
  },
  {
    name: 'orderSkipDelivery',
    inputType: 'OrderSkipDeliveryInput',
    input: { skipId, requestedDate: '2026-03-20' },
    path: '/api/skip_deliveries',
    answer: collection('skip_deliveries', [deliveryItem(5, skipItem(7, 3))]),
  },
  {
    name: 'requestOperation',
    inputType: 'RequestOperationInput',
    input: { skipId, type: 'RETIREMENT', requestedDate: '2026-03-20' },
    path: '/api/operations',
    answer: operationItem(11),
  },
  {
    name: 'requestRotationProgram',
    inputType: 'RequestRotationProgramInput',
    input: { skipId, program },
    path: '/api/operation_programs',
    answer: { '@id': '/api/operation_programs/4', '@type': 'OperationProgram', id: 4 },
  },
  {
    name: 'saveOperationCosts',
    inputType: 'SaveOperationCostsInput',
    input: { operationId: toGlobalId('Operation', 11), treatmentCost: '85,50' },
    // The first costs of an operation are a POST; later ones a PATCH, idempotent by itself.
    before: (api) =>
      api.get('/api/operation_costs').query(true).reply(200, collection('operation_costs', []), JSON_LD),
    path: '/api/operation_costs',
    answer: { '@id': '/api/operation_costs/2', '@type': 'OperationCost', id: 2 },
  },
  {
    name: 'adminCreateCompany',
    inputType: 'AdminCreateCompanyInput',
    input: { name: 'Boulangeries Dupain' },
    path: '/api/admin/companies',
    answer: { '@id': '/api/admin/companies/9', '@type': 'AdminCompany', id: 9 },
  },
  {
    name: 'adminCreateEstablishment',
    inputType: 'AdminCreateEstablishmentInput',
    input: {
      companyId: toGlobalId('AdminCompany', 9),
      name: 'Fournil',
      postcode: '69002',
      city: 'Lyon',
      typologies: ['PRODUCER'],
    },
    path: '/api/admin/company_sites',
    answer: { '@id': '/api/admin/company_sites/15', '@type': 'AdminSite', id: 15 },
  },
  {
    name: 'adminInviteUser',
    inputType: 'AdminInviteUserInput',
    input: { email: 'paul@morel.fr', typologies: ['PRODUCER'], companyIds: [toGlobalId('AdminCompany', 9)] },
    path: '/api/admin/users',
    answer: { '@id': '/api/admin/users/8', '@type': 'AdminUser', id: 8 },
  },
  {
    name: 'adminCreateSiteLink',
    inputType: 'AdminCreateSiteLinkInput',
    input: {
      producerEstablishmentId: toGlobalId('AdminEstablishment', 15),
      retrieverEstablishmentId: toGlobalId('AdminEstablishment', 20),
      startDate: '2026-03-01',
    },
    path: '/api/admin/site_links',
    answer: { '@id': '/api/admin/site_links/4', '@type': 'AdminSiteLink', id: 4 },
  },
  {
    name: 'adminPublishLegalText',
    inputType: 'AdminPublishLegalTextInput',
    input: { code: 'CGU', title: 'CGU', content: '# 1' },
    path: '/api/admin/static_contents',
    answer: { '@id': '/api/static_contents/5', '@type': 'StaticContent', id: 5 },
  },
];

function send(mutation: CreatingMutation, clientMutationId?: string) {
  const document = `mutation M($input: ${mutation.inputType}!) {
    ${mutation.name}(input: $input) { userErrors { field message } }
  }`;
  const input = clientMutationId === undefined ? mutation.input : { ...mutation.input, clientMutationId };
  return graphql(gateway, document, { input }, { cookies });
}

describe('clientMutationId', () => {
  it.each(mutations)('$name sends it as the Idempotency-Key of its POST', async (mutation) => {
    const api = mutation.before?.(nock(API)) ?? nock(API);
    const scope = api
      .post(mutation.path)
      .matchHeader('idempotency-key', '"6f1c9c1e-2f0b-4a55-9c0e-1d7b3f1a2b3c"')
      .reply(201, mutation.answer as nock.Body, JSON_LD);
    const { body } = await send(mutation, '6f1c9c1e-2f0b-4a55-9c0e-1d7b3f1a2b3c');
    expect(body.errors).toBeUndefined();
    expect(body.data[mutation.name].userErrors).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it.each(mutations)('$name sends no key without one', async (mutation) => {
    const withoutKey = nock(API, { badheaders: ['idempotency-key'] });
    const scope = (mutation.before?.(withoutKey) ?? withoutKey)
      .post(mutation.path)
      .reply(201, mutation.answer as nock.Body, JSON_LD);
    const { body } = await send(mutation);
    expect(body.errors).toBeUndefined();
    expect(scope.isDone()).toBe(true);
  });

  it("gives the api's refusal of a reused key to the form, in its French words", async () => {
    const detail =
      "Cette clé d'idempotence a déjà servi pour une autre requête : envoyez cette demande avec une nouvelle clé.";
    nock(API)
      .post('/api/skips')
      .reply(422, problem(422, 'Les données envoyées ne sont pas valides.', detail), PROBLEM);
    const [createSkip] = mutations;
    const { body } = await send(createSkip!, 'cle-deja-prise');
    expect(body.errors).toBeUndefined();
    expect(body.data.createSkip.userErrors).toEqual([{ field: [], message: detail }]);
  });
});

describe('POST /uploads/incidents', () => {
  // A gateway of its own: a streamed upload through a pool that already served nock's answers escapes nock.
  let uploads: TestGateway;
  beforeAll(async () => {
    uploads = await startTestGateway();
  });
  afterAll(() => uploads.close());

  it("passes the browser's Idempotency-Key on to the api", async () => {
    const scope = nock(API)
      .post('/api/incidents')
      .matchHeader('idempotency-key', '"6f1c9c1e"')
      .reply(201, { '@id': '/api/incidents/3', id: 3 }, JSON_LD);
    const form = new FormData();
    form.append('skip', '/api/skips/7');
    form.append('description', 'Benne renversée');
    const response = await request(`${uploads.url}/uploads/incidents`, {
      method: 'POST',
      headers: {
        cookie: `${SESSION_COOKIE}=tok-1; ${USER_ID_COOKIE}=1`,
        [UPLOAD_HEADER]: '1',
        'idempotency-key': '"6f1c9c1e"',
      },
      body: form as never,
    });
    expect(response.statusCode).toBe(201);
    await response.body.dump();
    expect(scope.isDone()).toBe(true);
  });
});
