import { isDeepStrictEqual } from 'node:util';
import { messages } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import { collection, JSON_LD, PROBLEM, problem, skipItem, violations } from './fixtures.ts';
import { API, graphql, normalizedCalls, useTestGateway } from './helpers.ts';
import { operationItem, outletItem } from './operations-fixtures.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const MERGE_PATCH = 'application/merge-patch+json';
const skip = skipItem(7, 3, { provider: '/api/company_sites/12' });
const skipId = toGlobalId('Skip', 7);
const operationId = toGlobalId('Operation', 5);
const USER_ERRORS = 'userErrors { field message code }';

const gateway = useTestGateway();

describe('requestOperation', () => {
  const REQUEST = /* GraphQL */ `
    mutation Request($input: RequestOperationInput!) {
      requestOperation(input: $input) {
        operation { id type status requestedDate comment }
        skip { id plannedWork }
        ${USER_ERRORS}
      }
    }
  `;

  it('sends the skip by its IRI, the type, the date and the comment; answers the operation and the skip read again', async () => {
    const scope = nock(API)
      .post('/api/operations', {
        skip: '/api/skips/7',
        type: 'ROTATION',
        requestedDate: '2026-03-05',
        comment: 'Avant 10 h',
      })
      .matchHeader('content-type', 'application/json')
      .reply(201, operationItem(5, { comment: 'Avant 10 h' }), JSON_LD)
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(200, collection('skips', [{ ...skip, plannedWork: 'ROTATION_ASKED' }]), JSON_LD);
    const { body } = await graphql(
      gateway,
      REQUEST,
      { input: { skipId, type: 'ROTATION', requestedDate: '2026-03-05', comment: 'Avant 10 h' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.requestOperation).toEqual({
      operation: {
        id: operationId,
        type: 'ROTATION',
        status: 'REQUESTED',
        requestedDate: '2026-03-05',
        comment: 'Avant 10 h',
      },
      skip: { id: skipId, plannedWork: 'ROTATION_ASKED' },
      userErrors: [],
    });
    expect(normalizedCalls(body)).toEqual(['GET /api/skips?id[]=7&pagination=false', 'POST /api/operations']);
    expect(scope.isDone()).toBe(true);
  });

  it('sends no comment when none is given (a retirement)', async () => {
    const scope = nock(API)
      .post('/api/operations', (body) =>
        isDeepStrictEqual(body, { skip: '/api/skips/7', type: 'RETIREMENT', requestedDate: '2026-03-05' }),
      )
      .reply(201, operationItem(5, { type: 'RETIREMENT' }), JSON_LD);
    const { body } = await graphql(
      gateway,
      REQUEST.replace('skip { id plannedWork }', ''),
      { input: { skipId, type: 'RETIREMENT', requestedDate: '2026-03-05' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.requestOperation.operation.type).toBe('RETIREMENT');
    expect(scope.isDone()).toBe(true);
  });

  it('gives a violation on skip as a userError on skipId, and the date on requestedDate', async () => {
    nock(API)
      .post('/api/operations')
      .reply(
        422,
        violations(['skip', messages.skipNotOnSite], ['requestedDate', messages.requestedDateInPast]),
        PROBLEM,
      );
    const { body } = await graphql(
      gateway,
      REQUEST,
      { input: { skipId, type: 'ROTATION', requestedDate: '2020-01-01' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.requestOperation).toEqual({
      operation: null,
      skip: null,
      userErrors: [
        { field: ['skipId'], message: messages.skipNotOnSite, code: 'invalid' },
        { field: ['requestedDate'], message: messages.requestedDateInPast, code: 'invalid' },
      ],
    });
    // Nothing read after a refusal.
    expect(body.extensions.restCalls.count).toBe(1);
  });

  it('gives 403 as a userError, and refuses another type of id without a call', async () => {
    nock(API).post('/api/operations').reply(403, problem(403, messages.forbidden), PROBLEM);
    const input = { skipId, type: 'ROTATION', requestedDate: '2026-03-05' };
    const forbidden = await graphql(gateway, REQUEST, { input }, { cookies });
    expect(forbidden.body.data.requestOperation.userErrors).toEqual([
      { field: [], message: messages.forbidden, code: 'FORBIDDEN' },
    ]);
    const wrong = await graphql(
      gateway,
      REQUEST,
      { input: { ...input, skipId: toGlobalId('Operation', 7) } },
      { cookies },
    );
    expect(wrong.body.data.requestOperation).toEqual({
      operation: null,
      skip: null,
      userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }],
    });
    expect(wrong.body.extensions.restCalls.count).toBe(0);
  });
});

describe('moveOperation', () => {
  const MOVE = /* GraphQL */ `
    mutation Move($input: MoveOperationInput!) {
      moveOperation(input: $input) { operation { id status interventionDate version } ${USER_ERRORS} }
    }
  `;

  it('schedules with a merge-patch of the status it leads to, the date and the version seen', async () => {
    const scope = nock(API)
      .patch('/api/operations/5', { status: 'SCHEDULED', interventionDate: '2026-03-10', version: 1 })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(
        200,
        operationItem(5, { status: 'SCHEDULED', interventionDate: '2026-03-10', version: 2 }),
        JSON_LD,
      );
    const { body } = await graphql(
      gateway,
      MOVE,
      { input: { id: operationId, action: 'SCHEDULE', interventionDate: '2026-03-10', version: 1 } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.moveOperation).toEqual({
      operation: { id: operationId, status: 'SCHEDULED', interventionDate: '2026-03-10', version: 2 },
      userErrors: [],
    });
    expect(normalizedCalls(body)).toEqual(['PATCH /api/operations/5']);
    expect(scope.isDone()).toBe(true);
  });

  it('sends each action as the status it leads to, and only the fields given', async () => {
    const moves = [
      ['HOLD', 'WAITING'],
      ['RESCHEDULE', 'SCHEDULED'],
      ['ACCEPT_WITHOUT_SCHEDULING', 'ACCEPTED_WITHOUT_SCHEDULING'],
      ['DECLINE', 'NOT_PROCESSED'],
      ['COMPLETE', 'COMPLETED'],
      ['NOT_CARRIED_OUT', 'NOT_CARRIED_OUT'],
      ['VALIDATE', 'REALISED'],
      ['CANCEL', 'CANCELLED'],
    ] as const;
    const sent: unknown[] = [];
    nock(API)
      .patch('/api/operations/5')
      .times(moves.length)
      .reply(
        200,
        async (request: Request) => {
          const body = (await request.clone().json()) as { status: 'WAITING' };
          sent.push(body);
          return operationItem(5, { status: body.status });
        },
        JSON_LD,
      );
    for (const [action, status] of moves) {
      const { body } = await graphql(gateway, MOVE, { input: { id: operationId, action } }, { cookies });
      expect(body.errors).toBeUndefined();
      expect(body.data.moveOperation.operation.status).toBe(status);
    }
    expect(sent).toEqual(moves.map(([, status]) => ({ status })));
  });

  it("gives a cancel the api refuses (409) as a userError with the api's message", async () => {
    nock(API)
      .patch('/api/operations/5', { status: 'CANCELLED' })
      .reply(409, problem(409, messages.operationCannotBeModified), PROBLEM)
      .patch('/api/operations/5', { status: 'CANCELLED', version: 1 })
      .reply(409, problem(409, messages.concurrentModification), PROBLEM);
    const refused = await graphql(
      gateway,
      MOVE,
      { input: { id: operationId, action: 'CANCEL' } },
      { cookies },
    );
    expect(refused.body.errors).toBeUndefined();
    expect(refused.body.data.moveOperation).toEqual({
      operation: null,
      userErrors: [{ field: [], message: messages.operationCannotBeModified, code: 'CONFLICT' }],
    });
    const stale = await graphql(
      gateway,
      MOVE,
      { input: { id: operationId, action: 'CANCEL', version: 1 } },
      { cookies },
    );
    expect(stale.body.data.moveOperation).toEqual({
      operation: null,
      userErrors: [{ field: [], message: messages.concurrentModification, code: 'CONFLICT' }],
    });
  });

  it('gives a bad date (422) on interventionDate, 403 and 404 as userErrors', async () => {
    nock(API)
      .patch('/api/operations/5')
      .reply(422, violations(['interventionDate', messages.required]), PROBLEM)
      .patch('/api/operations/5')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .patch('/api/operations/5')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const input = { id: operationId, action: 'SCHEDULE' };
    const invalid = await graphql(gateway, MOVE, { input }, { cookies });
    expect(invalid.body.data.moveOperation.userErrors).toEqual([
      { field: ['interventionDate'], message: messages.required, code: 'invalid' },
    ]);
    const forbidden = await graphql(gateway, MOVE, { input }, { cookies });
    expect(forbidden.body.data.moveOperation.userErrors).toEqual([
      { field: [], message: messages.forbidden, code: 'FORBIDDEN' },
    ]);
    const missing = await graphql(gateway, MOVE, { input }, { cookies });
    expect(missing.body.data.moveOperation.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
  });

  it('a cancel failing with 500 stays a GraphQL error (UPSTREAM_ERROR)', async () => {
    nock(API).patch('/api/operations/5').reply(500, problem(500, 'Internal Server Error'), PROBLEM);
    const { body } = await graphql(
      gateway,
      MOVE,
      { input: { id: operationId, action: 'CANCEL' } },
      { cookies },
    );
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({
      message: messages.retryLater,
      path: ['moveOperation'],
      extensions: { code: 'UPSTREAM_ERROR' },
    });
    expect(normalizedCalls(body)).toEqual(['PATCH /api/operations/5']);
  });

  it('refuses another type of id without a call', async () => {
    const { body } = await graphql(gateway, MOVE, { input: { id: skipId, action: 'CANCEL' } }, { cookies });
    expect(body.data.moveOperation).toEqual({
      operation: null,
      userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }],
    });
    expect(body.extensions.restCalls.count).toBe(0);
  });
});

describe('saveOperationCompletion', () => {
  const SAVE = /* GraphQL */ `
    mutation Save($input: SaveOperationCompletionInput!) {
      saveOperationCompletion(input: $input) {
        operation {
          id status receivedQuantity realInterventionDate bsdNumber
          finalOutlets { name treatmentCode { code } quantity quantityUnit }
        }
        ${USER_ERRORS}
      }
    }
  `;
  const outlets = [
    { name: 'A', treatmentCode: 'R 3', quantity: '60', quantityUnit: 'PERCENT' },
    {
      name: 'B',
      siret: '73282932000074',
      address: '1 quai du Rhône',
      treatmentCode: 'D 10',
      quantity: '40',
      quantityUnit: 'PERCENT',
    },
  ];
  const completion = {
    receivedQuantity: '2.4',
    realInterventionDate: '2026-03-06',
    bsdNumber: 'BSD-2026-0001',
    finalOutlets: outlets,
  };
  const completed = operationItem(5, {
    status: 'COMPLETED',
    receivedQuantity: '2.400',
    realInterventionDate: '2026-03-06',
    bsdNumber: 'BSD-2026-0001',
    finalOutlets: [
      outletItem(5, 1, { treatmentCode: 'R 3' }),
      outletItem(5, 2, {
        name: 'B',
        siret: '73282932000074',
        address: '1 quai du Rhône',
        treatmentCode: 'D 10',
        quantity: '40.000',
      }),
    ],
    version: 3,
  });

  it('completes in one merge-patch: the fields, the outlets and status COMPLETED', async () => {
    const scope = nock(API)
      .patch('/api/operations/5', { ...completion, version: 2, status: 'COMPLETED' })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, completed, JSON_LD);
    const { body } = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, ...completion, version: 2, complete: true } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.saveOperationCompletion).toEqual({
      operation: {
        id: operationId,
        status: 'COMPLETED',
        receivedQuantity: '2.400',
        realInterventionDate: '2026-03-06',
        bsdNumber: 'BSD-2026-0001',
        finalOutlets: [
          { name: 'A', treatmentCode: { code: 'R 3' }, quantity: '60.000', quantityUnit: 'PERCENT' },
          { name: 'B', treatmentCode: { code: 'D 10' }, quantity: '40.000', quantityUnit: 'PERCENT' },
        ],
      },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('without complete, saves only the fields given and no status (to resume later)', async () => {
    const sent: unknown[] = [];
    nock(API)
      .patch('/api/operations/5')
      .twice()
      .reply(
        200,
        async (request: Request) => {
          sent.push(await request.clone().json());
          return operationItem(5, { status: 'SCHEDULED', receivedQuantity: '2.400' });
        },
        JSON_LD,
      );
    const saved = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, receivedQuantity: '2.4', transporterName: null } },
      { cookies },
    );
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data.saveOperationCompletion.operation.status).toBe('SCHEDULED');
    const notCompleted = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, ...completion, complete: false } },
      { cookies },
    );
    expect(notCompleted.body.errors).toBeUndefined();
    // An explicit null clears a field; absent ones are left alone.
    expect(sent).toEqual([{ receivedQuantity: '2.4', transporterName: null }, completion]);
  });

  it('names the chosen establishment by its IRI, and gives its refusal on transporterEstablishmentId', async () => {
    const sent: unknown[] = [];
    nock(API)
      .patch('/api/operations/5')
      .twice()
      .reply(
        200,
        async (request: Request) => {
          sent.push(await request.clone().json());
          return operationItem(5, { status: 'SCHEDULED' });
        },
        JSON_LD,
      );
    for (const transporterEstablishmentId of [toGlobalId('Establishment', 40), null]) {
      const { body } = await graphql(
        gateway,
        SAVE,
        { input: { id: operationId, transporterEstablishmentId, transporterReceiptNumber: 'R-1' } },
        { cookies },
      );
      expect(body.errors).toBeUndefined();
    }
    expect(sent).toEqual([
      { transporterSite: '/api/company_sites/40', transporterReceiptNumber: 'R-1' },
      { transporterSite: null, transporterReceiptNumber: 'R-1' },
    ]);

    nock(API)
      .patch('/api/operations/5', { transporterSite: '/api/company_sites/0' })
      .reply(422, violations(['transporterSite', messages.transporterNotOffered]), PROBLEM);
    // Another node type's id names no establishment: the api refuses it as not offered.
    const { body } = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, transporterEstablishmentId: skipId } },
      { cookies },
    );
    expect(body.data.saveOperationCompletion.userErrors).toEqual([
      { field: ['transporterEstablishmentId'], message: messages.transporterNotOffered, code: 'invalid' },
    ]);
  });

  it('gives the violations of an outlet on its list path (either form of the api path)', async () => {
    nock(API)
      .patch('/api/operations/5')
      .reply(
        422,
        violations(
          ['finalOutlets[1].quantity', messages.outletQuantitiesSum],
          ['finalOutlets.0.treatmentCode', messages.unknownTreatmentCode],
          ['receivedQuantity', messages.receivedQuantityRequired],
          ['finalOutlets', messages.outletQuantitiesSum],
        ),
        PROBLEM,
      );
    const { body } = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, finalOutlets: outlets, complete: true } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.saveOperationCompletion).toEqual({
      operation: null,
      userErrors: [
        { field: ['finalOutlets', '1', 'quantity'], message: messages.outletQuantitiesSum, code: 'invalid' },
        {
          field: ['finalOutlets', '0', 'treatmentCode'],
          message: messages.unknownTreatmentCode,
          code: 'invalid',
        },
        { field: ['receivedQuantity'], message: messages.receivedQuantityRequired, code: 'invalid' },
        { field: ['finalOutlets'], message: messages.outletQuantitiesSum, code: 'invalid' },
      ],
    });
  });

  it('gives a completion the status refuses (409) as CONFLICT', async () => {
    nock(API)
      .patch('/api/operations/5')
      .reply(409, problem(409, messages.operationCannotBeModified), PROBLEM);
    const { body } = await graphql(
      gateway,
      SAVE,
      { input: { id: operationId, complete: true } },
      { cookies },
    );
    expect(body.data.saveOperationCompletion).toEqual({
      operation: null,
      userErrors: [{ field: [], message: messages.operationCannotBeModified, code: 'CONFLICT' }],
    });
  });

  it('a global id of another type is a not-found userError, without a call', async () => {
    const { body } = await graphql(
      gateway,
      SAVE,
      { input: { id: toGlobalId('SkipDelivery', 5), ...completion, complete: true } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.saveOperationCompletion).toEqual({
      operation: null,
      userErrors: [{ field: [], message: messages.notFound, code: 'NOT_FOUND' }],
    });
    expect(body.extensions.restCalls.count).toBe(0);
  });
});

describe('a write refreshes what the request read before it', () => {
  it('the operations and skips of later fields are read again after a move', async () => {
    nock(API)
      .patch('/api/operations/5', { status: 'SCHEDULED', interventionDate: '2026-03-10' })
      .reply(
        200,
        operationItem(5, { status: 'SCHEDULED', interventionDate: '2026-03-10', version: 2 }),
        JSON_LD,
      )
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(200, collection('skips', [{ ...skip, plannedWork: 'ROTATION_PLANNED' }]), JSON_LD);
    const { body } = await graphql(
      gateway,
      `mutation ($input: MoveOperationInput!) {
        moveOperation(input: $input) { operation { status skip { plannedWork } } ${USER_ERRORS} }
      }`,
      { input: { id: operationId, action: 'SCHEDULE', interventionDate: '2026-03-10' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.moveOperation).toEqual({
      operation: { status: 'SCHEDULED', skip: { plannedWork: 'ROTATION_PLANNED' } },
      userErrors: [],
    });
    // The answer of the PATCH is the operation: it is not read again.
    expect(normalizedCalls(body)).toEqual([
      'GET /api/skips?id[]=7&pagination=false',
      'PATCH /api/operations/5',
    ]);
  });
});

describe('without a session', () => {
  it('every operation mutation and Query.operation is UNAUTHENTICATED, without a call', async () => {
    const { body } = await graphql(
      gateway,
      `mutation ($request: RequestOperationInput!, $move: MoveOperationInput!, $save: SaveOperationCompletionInput!) {
        requestOperation(input: $request) { userErrors { code } }
        moveOperation(input: $move) { userErrors { code } }
        saveOperationCompletion(input: $save) { userErrors { code } }
      }`,
      {
        request: { skipId, type: 'ROTATION', requestedDate: '2026-03-05' },
        move: { id: operationId, action: 'CANCEL' },
        save: { id: operationId, complete: true },
      },
    );
    expect(body.data).toBeNull();
    expect(body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual([
      'UNAUTHENTICATED',
    ]);
    const query = await graphql(gateway, '{ operation(databaseId: 5) { id } }');
    expect(query.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(body.extensions.restCalls.count + query.body.extensions.restCalls.count).toBe(0);
  });
});
