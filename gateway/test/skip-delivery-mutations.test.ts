import { messages } from '@portal/domain';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, USER_ID_COOKIE } from '../src/index.ts';
import { toGlobalId } from '../src/schema/global-id.ts';
import {
  collection,
  deliveryItem,
  JSON_LD,
  PROBLEM,
  problem,
  programItem,
  skipItem,
  violations,
} from './fixtures.ts';
import { API, graphql, normalizedCalls, useTestGateway } from './helpers.ts';

const cookies = { [SESSION_COOKIE]: 'tok-1', [USER_ID_COOKIE]: '1' };
const MERGE_PATCH = 'application/merge-patch+json';
const skip = skipItem(7, 3, { provider: '/api/company_sites/12' });
const skipId = toGlobalId('Skip', 7);
const deliveryId = (id: number) => toGlobalId('SkipDelivery', id);
const USER_ERRORS = 'userErrors { field message code }';

const gateway = useTestGateway();

describe('orderSkipDelivery', () => {
  const ORDER = /* GraphQL */ `
    mutation Order($input: OrderSkipDeliveryInput!) {
      orderSkipDelivery(input: $input) {
        deliveries { id status requestedDate comment }
        program { id recurrence monthDay weekdays }
        skip { id state }
        ${USER_ERRORS}
      }
    }
  `;

  it('orders one delivery: the skip by its IRI, the date and comment given; the skip is read again', async () => {
    const scope = nock(API)
      .post('/api/skip_deliveries', { skip: '/api/skips/7', requestedDate: '2026-03-02', comment: 'Quai 2' })
      .matchHeader('content-type', 'application/json')
      .reply(201, collection('skip_deliveries', [deliveryItem(90, skip, { comment: 'Quai 2' })]), JSON_LD)
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(200, collection('skips', [{ ...skip, state: 'ORDERED' }]), JSON_LD);
    const { body } = await graphql(
      gateway,
      ORDER,
      { input: { skipId, requestedDate: '2026-03-02', comment: 'Quai 2' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.orderSkipDelivery).toEqual({
      deliveries: [{ id: deliveryId(90), status: 'ORDERED', requestedDate: '2026-03-02', comment: 'Quai 2' }],
      program: null,
      skip: { id: skipId, state: 'ORDERED' },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('orders on a monthly program: the recurrence fields given, every delivery it created', async () => {
    const program = programItem(300);
    const created = ['2026-03-02', '2026-04-02', '2026-05-02'].map((requestedDate, index) =>
      deliveryItem(90 + index, skip, { requestedDate, program: program['@id'] }),
    );
    const scope = nock(API)
      .post('/api/skip_deliveries', {
        skip: '/api/skips/7',
        program: {
          startDate: '2026-03-02',
          endDate: '2026-05-31',
          recurrence: 'MONTH',
          interval: 1,
          monthPosition: null,
          monthDay: 2,
        },
      })
      .reply(201, collection('skip_deliveries', created), JSON_LD)
      .get('/api/skip_delivery_programs')
      .query({ 'id[]': '300', pagination: 'false' })
      .reply(200, collection('skip_delivery_programs', [program]), JSON_LD);
    const { body } = await graphql(
      gateway,
      ORDER.replace('skip { id state }', ''),
      {
        input: {
          skipId,
          program: {
            startDate: '2026-03-02',
            endDate: '2026-05-31',
            recurrence: 'MONTH',
            interval: 1,
            monthPosition: null,
            monthDay: 2,
          },
        },
      },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.orderSkipDelivery).toEqual({
      deliveries: created.map((delivery) => ({
        id: deliveryId(delivery.id),
        status: 'ORDERED',
        requestedDate: delivery.requestedDate,
        comment: null,
      })),
      program: { id: toGlobalId('SkipDeliveryProgram', 300), recurrence: 'MONTH', monthDay: 2, weekdays: [] },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });

  it('gives the violations on the input paths: skipId, requestedDate, program.endDate', async () => {
    nock(API)
      .post('/api/skip_deliveries')
      .reply(
        422,
        violations(
          ['skip', messages.archivedSkipCannotBeOrdered],
          ['requestedDate', messages.requestedDateInPast],
          ['program.endDate', messages.endBeforeStart],
        ),
        PROBLEM,
      );
    const { body } = await graphql(
      gateway,
      ORDER,
      { input: { skipId, requestedDate: '2020-01-01' } },
      { cookies },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.orderSkipDelivery).toEqual({
      deliveries: [],
      program: null,
      skip: null,
      userErrors: [
        { field: ['skipId'], message: messages.archivedSkipCannotBeOrdered, code: 'invalid' },
        { field: ['requestedDate'], message: messages.requestedDateInPast, code: 'invalid' },
        { field: ['program', 'endDate'], message: messages.endBeforeStart, code: 'invalid' },
      ],
    });
  });

  it('gives 403 and 404 as userErrors, and refuses another type of id without a call', async () => {
    nock(API)
      .post('/api/skip_deliveries')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .post('/api/skip_deliveries')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const input = { skipId, requestedDate: '2026-03-02' };
    const forbidden = await graphql(gateway, ORDER, { input }, { cookies });
    expect(forbidden.body.data.orderSkipDelivery.userErrors).toEqual([
      { field: [], message: messages.forbidden, code: 'FORBIDDEN' },
    ]);
    const missing = await graphql(gateway, ORDER, { input }, { cookies });
    expect(missing.body.data.orderSkipDelivery.userErrors).toEqual([
      { field: [], message: messages.notFound, code: 'NOT_FOUND' },
    ]);
    const wrong = await graphql(gateway, ORDER, { input: { ...input, skipId: deliveryId(7) } }, { cookies });
    expect(wrong.body.data.orderSkipDelivery.userErrors[0].code).toBe('NOT_FOUND');
    expect(wrong.body.extensions.restCalls.count).toBe(0);
  });
});

describe('advanceSkipDelivery and cancelSkipDelivery', () => {
  const ADVANCE = /* GraphQL */ `
    mutation Advance($input: AdvanceSkipDeliveryInput!) {
      advanceSkipDelivery(input: $input) { delivery { id status orderedAt scheduledDate } ${USER_ERRORS} }
    }
  `;
  const CANCEL = /* GraphQL */ `
    mutation Cancel($input: CancelSkipDeliveryInput!) {
      cancelSkipDelivery(input: $input) { cancelledDeliveryId ${USER_ERRORS} }
    }
  `;

  it('moves the status with a merge-patch: the scheduled date only when given', async () => {
    const scope = nock(API)
      .patch('/api/skip_deliveries/90', { status: 'AWAITING_SCHEDULING' })
      .matchHeader('content-type', MERGE_PATCH)
      .reply(200, deliveryItem(90, skip, { status: 'AWAITING_SCHEDULING' }), JSON_LD)
      .patch('/api/skip_deliveries/90', { status: 'SCHEDULED', scheduledDate: '2026-03-05' })
      .reply(200, deliveryItem(90, skip, { status: 'SCHEDULED', scheduledDate: '2026-03-05' }), JSON_LD);
    const acknowledged = await graphql(
      gateway,
      ADVANCE,
      { input: { id: deliveryId(90), status: 'AWAITING_SCHEDULING' } },
      { cookies },
    );
    expect(acknowledged.body.data.advanceSkipDelivery).toEqual({
      // When it was ordered: the first day it may be scheduled on.
      delivery: {
        id: deliveryId(90),
        status: 'AWAITING_SCHEDULING',
        orderedAt: '2026-03-01T08:00:00.000Z',
        scheduledDate: null,
      },
      userErrors: [],
    });
    const scheduled = await graphql(
      gateway,
      ADVANCE,
      { input: { id: deliveryId(90), status: 'SCHEDULED', scheduledDate: '2026-03-05' } },
      { cookies },
    );
    expect(scheduled.body.data.advanceSkipDelivery.delivery).toEqual({
      id: deliveryId(90),
      status: 'SCHEDULED',
      orderedAt: '2026-03-01T08:00:00.000Z',
      scheduledDate: '2026-03-05',
    });
    expect(scope.isDone()).toBe(true);
  });

  it('gives a move the status table refuses (409) as CONFLICT, and a bad date (422) on scheduledDate', async () => {
    nock(API)
      .patch('/api/skip_deliveries/90')
      .reply(
        409,
        problem(409, messages.operationCannotBeModified, messages.operationCannotBeModified),
        PROBLEM,
      )
      .patch('/api/skip_deliveries/90')
      .reply(422, violations(['scheduledDate', messages.scheduledBeforeOrder]), PROBLEM);
    const conflict = await graphql(
      gateway,
      ADVANCE,
      { input: { id: deliveryId(90), status: 'VALIDATED' } },
      { cookies },
    );
    expect(conflict.body.errors).toBeUndefined();
    expect(conflict.body.data.advanceSkipDelivery).toEqual({
      delivery: null,
      userErrors: [{ field: [], message: messages.operationCannotBeModified, code: 'CONFLICT' }],
    });
    const early = await graphql(
      gateway,
      ADVANCE,
      { input: { id: deliveryId(90), status: 'SCHEDULED', scheduledDate: '2020-01-01' } },
      { cookies },
    );
    expect(early.body.data.advanceSkipDelivery.userErrors).toEqual([
      { field: ['scheduledDate'], message: messages.scheduledBeforeOrder, code: 'invalid' },
    ]);
  });

  it('cancels with DELETE; a scheduled delivery (409) and a forbidden one (403) are userErrors', async () => {
    const scope = nock(API)
      // The delivery is read first, to name its container in the answer.
      .get('/api/skip_deliveries')
      .query({ 'id[]': '90', pagination: 'false' })
      .reply(200, collection('skip_deliveries', [deliveryItem(90, skip)]), JSON_LD)
      .get('/api/skip_deliveries')
      .query({ 'id[]': '91', pagination: 'false' })
      .reply(200, collection('skip_deliveries', [deliveryItem(91, skip)]), JSON_LD)
      .get('/api/skip_deliveries')
      .query({ 'id[]': '92', pagination: 'false' })
      .reply(200, collection('skip_deliveries', [deliveryItem(92, skip)]), JSON_LD)
      .delete('/api/skip_deliveries/90')
      .reply(204)
      .delete('/api/skip_deliveries/91')
      .reply(409, problem(409, messages.operationCannotBeModified), PROBLEM)
      .delete('/api/skip_deliveries/92')
      .reply(403, problem(403, messages.forbidden), PROBLEM);
    const done = await graphql(gateway, CANCEL, { input: { id: deliveryId(90) } }, { cookies });
    expect(done.body.data.cancelSkipDelivery).toEqual({
      cancelledDeliveryId: deliveryId(90),
      userErrors: [],
    });
    const scheduled = await graphql(gateway, CANCEL, { input: { id: deliveryId(91) } }, { cookies });
    expect(scheduled.body.data.cancelSkipDelivery).toEqual({
      cancelledDeliveryId: null,
      userErrors: [{ field: [], message: messages.operationCannotBeModified, code: 'CONFLICT' }],
    });
    const forbidden = await graphql(gateway, CANCEL, { input: { id: deliveryId(92) } }, { cookies });
    expect(forbidden.body.data.cancelSkipDelivery.userErrors[0].code).toBe('FORBIDDEN');
    expect(scope.isDone()).toBe(true);
  });
});

describe('cancelSkipDelivery and its container', () => {
  it('answers the container as it is after the cancel (available again once no delivery is left)', async () => {
    const scope = nock(API)
      .get('/api/skip_deliveries')
      .query({ 'id[]': '90', pagination: 'false' })
      .reply(200, collection('skip_deliveries', [deliveryItem(90, skip)]), JSON_LD)
      .delete('/api/skip_deliveries/90')
      .reply(204)
      .get('/api/skips')
      .query({ 'id[]': '7', pagination: 'false' })
      .reply(200, collection('skips', [{ ...skip, state: 'AVAILABLE' }]), JSON_LD);
    const { body } = await graphql(
      gateway,
      `mutation Cancel($input: CancelSkipDeliveryInput!) {
        cancelSkipDelivery(input: $input) { cancelledDeliveryId skip { id state } ${USER_ERRORS} }
      }`,
      { input: { id: deliveryId(90) } },
      { cookies },
    );
    expect(body.data.cancelSkipDelivery).toEqual({
      cancelledDeliveryId: deliveryId(90),
      skip: { id: skipId, state: 'AVAILABLE' },
      userErrors: [],
    });
    expect(scope.isDone()).toBe(true);
  });
});

describe('deleteSkipDeliveryProgram', () => {
  const DELETE = /* GraphQL */ `
    mutation Delete($input: DeleteSkipDeliveryProgramInput!) {
      deleteSkipDeliveryProgram(input: $input) { deletedProgramId deletedDeliveryIds ${USER_ERRORS} }
    }
  `;
  const programId = toGlobalId('SkipDeliveryProgram', 300);
  const program = programItem(300);

  it("answers the program's deliveries that its deletion removed (the scheduled one stays)", async () => {
    const [ordered, acknowledged, scheduled] = (['ORDERED', 'AWAITING_SCHEDULING', 'SCHEDULED'] as const).map(
      (status, index) => deliveryItem(90 + index, skip, { status, program: program['@id'] }),
    );
    if (ordered === undefined || acknowledged === undefined || scheduled === undefined)
      throw new Error('fixture');
    const scope = nock(API)
      .get('/api/skip_deliveries')
      .query({ 'program[]': '300', pagination: 'false' })
      .reply(200, collection('skip_deliveries', [ordered, acknowledged, scheduled]), JSON_LD)
      .delete('/api/skip_delivery_programs/300')
      .reply(204)
      .get('/api/skip_deliveries')
      .query({ 'skip[]': '7', pagination: 'false' })
      .reply(
        200,
        collection('skip_deliveries', [
          deliveryItem(80, skip, { status: 'VALIDATED' }),
          { ...scheduled, program: null },
        ]),
        JSON_LD,
      );
    const { body } = await graphql(gateway, DELETE, { input: { id: programId } }, { cookies });
    expect(body.errors).toBeUndefined();
    expect(body.data.deleteSkipDeliveryProgram).toEqual({
      deletedProgramId: programId,
      deletedDeliveryIds: [deliveryId(90), deliveryId(91)],
      userErrors: [],
    });
    expect(normalizedCalls(body)).toHaveLength(3);
    expect(scope.isDone()).toBe(true);
  });

  it('gives 403 and 404 as userErrors, nothing deleted', async () => {
    nock(API)
      .get('/api/skip_deliveries')
      .query(true)
      .twice()
      .reply(200, collection('skip_deliveries', []), JSON_LD)
      .delete('/api/skip_delivery_programs/300')
      .reply(403, problem(403, messages.forbidden), PROBLEM)
      .delete('/api/skip_delivery_programs/300')
      .reply(404, problem(404, messages.notFound), PROBLEM);
    const forbidden = await graphql(gateway, DELETE, { input: { id: programId } }, { cookies });
    expect(forbidden.body.data.deleteSkipDeliveryProgram).toEqual({
      deletedProgramId: null,
      deletedDeliveryIds: [],
      userErrors: [{ field: [], message: messages.forbidden, code: 'FORBIDDEN' }],
    });
    const missing = await graphql(gateway, DELETE, { input: { id: programId } }, { cookies });
    expect(missing.body.data.deleteSkipDeliveryProgram.userErrors[0].code).toBe('NOT_FOUND');
  });
});
