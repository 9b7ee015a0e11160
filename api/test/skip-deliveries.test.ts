import {
  canAdvanceDelivery,
  canCancelDelivery,
  expandRecurrence,
  messages,
  SKIP_DELIVERY_STATUSES,
  type SkipDeliveryStatus,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  mergePatch,
  postJson,
  type TestApi,
} from './helpers.ts';
import {
  del,
  expectProblem,
  expectViolations,
  loadSkipWorld,
  type SkipWorld,
  skipTables,
} from './skip-fixtures.ts';

/** Ordering containers: single deliveries, programs, the status moves of each side, program deletion. */

let api: TestApi;
let w: SkipWorld;
/** The test clock's day in France (helpers.ts: 2026-03-02T09:00Z). */
const TODAY = '2026-03-02';

beforeAll(async () => {
  // Sessions outlive the days the program test lets pass.
  api = await createTestApi({ sessionTtlHours: 24 * 30 });
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

interface DeliveryBody {
  '@id': string;
  id: number;
  skip: string;
  companySite: string;
  provider: string | null;
  requestedDate: string;
  scheduledDate: string | null;
  status: SkipDeliveryStatus;
  program: string | null;
  comment: string | null;
}

let skipCount = 0;
/** A fresh container of the demo producer, provided by the demo provider. */
async function newSkip(fields: Record<string, unknown> = {}): Promise<{ id: number; iri: string }> {
  skipCount += 1;
  const response = await postJson(api, '/api/skips', w.producer, {
    name: `Benne livraison ${skipCount}`,
    companySite: w.ownSiteIds[0],
    skipType: w.skipTypes.get('BENNE_15')!.id,
    thirdLevelWaste: w.wastes.get('FERRAILLE')!.id,
    provider: w.providerSiteId,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json<{ id: number }>();
  return { id, iri: `/api/skips/${id}` };
}

async function order(body: Record<string, unknown>) {
  const response = await postJson(api, '/api/skip_deliveries', w.producer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<HydraCollectionBody<DeliveryBody>>()['hydra:member'];
}

const skipState = async (id: number) =>
  (await api.db.one<{ state: string }>('select state from skips where id = $1', [id])).state;

describe('POST /api/skip_deliveries', () => {
  it('orders one delivery: the container becomes ordered', async () => {
    const skip = await newSkip();
    const response = await postJson(api, '/api/skip_deliveries', w.producer, {
      skip: skip.iri,
      requestedDate: '2026-03-10',
      comment: 'Quai 2',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<HydraCollectionBody<DeliveryBody>>();
    expect(body['hydra:totalItems']).toBe(1);
    const [delivery] = body['hydra:member'];
    expect(response.headers.location).toBe(delivery?.['@id']);
    expect(delivery).toMatchObject({
      skip: skip.iri,
      companySite: `/api/company_sites/${w.ownSiteIds[0]}`,
      provider: `/api/company_sites/${w.providerSiteId}`,
      requestedDate: '2026-03-10',
      scheduledDate: null,
      status: 'ORDERED',
      program: null,
      comment: 'Quai 2',
    });
    expect(await skipState(skip.id)).toBe('ORDERED');
  });

  it('stores a monthly program as the dates of expandRecurrence, from today, without duplicates', async () => {
    const skip = await newSkip();
    const program = {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      recurrence: 'MONTH',
      interval: 1,
      weekdays: ['FRIDAY'],
      monthPosition: 'LAST',
      monthDay: null,
    } as const;
    const deliveries = await order({ skip: skip.iri, program, comment: 'Fin de mois' });
    const expected = expandRecurrence(program, { from: TODAY, limit: 400 });
    expect(expected[0]).toBe('2026-03-27');
    expect(deliveries.map((d) => d.requestedDate)).toEqual(expected);
    const programIri = deliveries[0]!.program!;
    expect(deliveries.every((d) => d.program === programIri && d.status === 'ORDERED')).toBe(true);
    const stored = await get(api, programIri, w.producer);
    expect(stored.json()).toMatchObject({
      '@type': 'SkipDeliveryProgram',
      skip: skip.iri,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      recurrence: 'MONTH',
      interval: 1,
      weekdays: ['FRIDAY'],
      monthPosition: 'LAST',
      monthDay: null,
      comment: 'Fin de mois',
    });

    // A second program over the same dates adds only the dates not yet ordered.
    const weekly = await order({
      skip: skip.iri,
      program: {
        startDate: '2026-03-23',
        endDate: '2026-04-05',
        recurrence: 'WEEK',
        interval: 1,
        weekdays: ['FRIDAY'],
      },
    });
    expect(weekly.map((d) => d.requestedDate)).toEqual(['2026-04-03']);
    const rows = await api.db.query<{ requestedDate: string }>(
      'select requested_date::text as "requestedDate" from skip_deliveries where skip_id = $1 order by 1',
      [skip.id],
    );
    const dates = rows.map((row) => row.requestedDate);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toContain('2026-03-27');
    expect(dates.length).toBe(expected.length + 1);
  });

  it('refuses bad orders with French messages and stores nothing', async () => {
    const skip = await newSkip();
    await order({ skip: skip.iri, requestedDate: '2026-03-15' });
    const archived = await newSkip();
    await mergePatch(api, archived.iri, w.producer, { archived: true });
    const withoutProvider = await newSkip({ provider: null });
    const before = await skipTables(api);
    const program = {
      startDate: '2026-03-02',
      endDate: '2026-06-30',
      recurrence: 'WEEK',
      interval: 1,
      weekdays: ['MONDAY'],
    };
    const cases: [Record<string, unknown>, { propertyPath: string; message: string }[]][] = [
      [{ skip: skip.iri }, [{ propertyPath: 'requestedDate', message: messages.required }]],
      [
        { skip: skip.iri, requestedDate: '2026-03-01' },
        [{ propertyPath: 'requestedDate', message: messages.requestedDateInPast }],
      ],
      [
        { skip: skip.iri, requestedDate: '2026-03-15' },
        [{ propertyPath: 'requestedDate', message: messages.deliveryAlreadyOrdered }],
      ],
      [
        { skip: skip.iri, program: { ...program, endDate: '2026-03-01' } },
        [{ propertyPath: 'program.endDate', message: messages.endBeforeStart }],
      ],
      [
        { skip: skip.iri, program: { ...program, weekdays: [] } },
        [{ propertyPath: 'program.weekdays', message: messages.recurrenceWeekdaysRequired }],
      ],
      [
        { skip: skip.iri, program: { ...program, recurrence: 'MONTH', weekdays: [] } },
        [{ propertyPath: 'program.monthDay', message: messages.recurrenceMonthDayOrPosition }],
      ],
      [
        { skip: skip.iri, program: { ...program, interval: 60 } },
        [{ propertyPath: 'program.interval', message: messages.recurrenceInterval }],
      ],
      [
        { skip: skip.iri, program: { ...program, recurrence: 'DAY', endDate: '2028-03-01' } },
        [{ propertyPath: 'program.endDate', message: messages.programTooLong(366) }],
      ],
      [
        { skip: skip.iri, program: { ...program, startDate: '2025-01-01', endDate: '2025-12-31' } },
        [{ propertyPath: 'program.endDate', message: messages.programWithoutDates }],
      ],
      [
        { skip: archived.iri, requestedDate: '2026-03-20' },
        [{ propertyPath: 'skip', message: messages.archivedSkipCannotBeOrdered }],
      ],
      [
        { skip: withoutProvider.iri, requestedDate: '2026-03-20' },
        [{ propertyPath: 'skip', message: messages.skipNeedsProviderToOrder }],
      ],
      [{ requestedDate: '2026-03-20' }, [{ propertyPath: 'skip', message: messages.required }]],
    ];
    for (const [body, violations] of cases) {
      expectViolations(await postJson(api, '/api/skip_deliveries', w.producer, body), violations);
    }
    expect(await skipTables(api)).toEqual(before);
  });

  it("refuses to order another company's container, by id and by IRI, and the provider's orders", async () => {
    const skip = await newSkip();
    const before = await skipTables(api);
    for (const ref of [w.foreignSkipId, `/api/skips/${w.foreignSkipId}`]) {
      expectProblem(
        await postJson(api, '/api/skip_deliveries', w.producer, { skip: ref, requestedDate: '2026-03-20' }),
        404,
        messages.notFound,
      );
    }
    expectProblem(
      await postJson(api, '/api/skip_deliveries', w.retriever, {
        skip: skip.iri,
        requestedDate: '2026-03-20',
      }),
      403,
      messages.forbidden,
    );
    expectProblem(
      await postJson(api, '/api/skip_deliveries', w.carrier, { skip: skip.iri, requestedDate: '2026-03-20' }),
      404,
    );
    expect(await skipTables(api)).toEqual(before);
  });
});

describe('moving a delivery along', () => {
  /** A delivery put in `status` directly, as the steps before would have left it. */
  async function deliveryIn(status: SkipDeliveryStatus) {
    const skip = await newSkip();
    const [delivery] = await order({ skip: skip.iri, requestedDate: '2026-03-20' });
    await api.db.query(
      `update skip_deliveries set status = $2,
         scheduled_date = case when $2 in ('SCHEDULED', 'VALIDATED') then date '2026-03-21' end
       where id = $1`,
      [delivery!.id, status],
    );
    if (status === 'VALIDATED')
      await api.db.query(`update skips set state = 'AVAILABLE' where id = $1`, [skip.id]);
    return { skip, id: delivery!.id, url: `/api/skip_deliveries/${delivery!.id}` };
  }

  const expectedAdvance = (from: SkipDeliveryStatus, to: SkipDeliveryStatus) =>
    canAdvanceDelivery(from, to, 'provider') ? 200 : 409;

  it.each(SKIP_DELIVERY_STATUSES.flatMap((from) => SKIP_DELIVERY_STATUSES.map((to) => [from, to] as const)))(
    'from %s, the provider asks for %s',
    async (from, to) => {
      const delivery = await deliveryIn(from);
      const before = await skipTables(api);
      const response = await mergePatch(api, delivery.url, w.retriever, {
        status: to,
        scheduledDate: '2026-03-25',
      });
      const status = expectedAdvance(from, to);
      if (status === 200) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ status: to });
        if (to === 'SCHEDULED') expect(response.json()).toMatchObject({ scheduledDate: '2026-03-25' });
        if (to === 'VALIDATED') expect(await skipState(delivery.skip.id)).toBe('AVAILABLE');
      } else {
        expectProblem(response, 409, messages.operationCannotBeModified);
        expect(await skipTables(api)).toEqual(before);
      }
    },
  );

  it.each(SKIP_DELIVERY_STATUSES)(
    'from %s, the producer may not move it (403), and may cancel only before scheduling',
    async (from) => {
      const delivery = await deliveryIn(from);
      const before = await skipTables(api);
      expectProblem(
        await mergePatch(api, delivery.url, w.producer, { status: 'VALIDATED' }),
        403,
        messages.forbidden,
      );
      expectProblem(await del(api, delivery.url, w.retriever), 403, messages.forbidden);
      // The carrier is on neither side: the delivery does not exist for it.
      expectProblem(await mergePatch(api, delivery.url, w.carrier, { status: 'VALIDATED' }), 404);
      expectProblem(await del(api, delivery.url, w.carrier), 404);
      expect(await skipTables(api)).toEqual(before);
      const response = await del(api, delivery.url, w.producer);
      if (canCancelDelivery(from, 'producer')) {
        expect(response.statusCode).toBe(204);
        expect(
          await api.db.maybeOne('select id from skip_deliveries where id = $1', [delivery.id]),
        ).toBeNull();
        // Nothing left to deliver: the container is available again.
        expect(await skipState(delivery.skip.id)).toBe('AVAILABLE');
      } else {
        expectProblem(response, 409, messages.operationCannotBeModified);
        expect(await skipTables(api)).toEqual(before);
      }
    },
  );

  it('wants a scheduling date, not before the day of ordering', async () => {
    const delivery = await deliveryIn('AWAITING_SCHEDULING');
    const before = await skipTables(api);
    expectViolations(await mergePatch(api, delivery.url, w.retriever, { status: 'SCHEDULED' }), [
      { propertyPath: 'scheduledDate', message: messages.required },
    ]);
    expectViolations(
      await mergePatch(api, delivery.url, w.retriever, { status: 'SCHEDULED', scheduledDate: '2026-03-01' }),
      [{ propertyPath: 'scheduledDate', message: messages.scheduledBeforeOrder }],
    );
    expectViolations(await mergePatch(api, delivery.url, w.retriever, { status: 'LIVRÉE' }), [
      { propertyPath: 'status', message: messages.unknownChoice },
    ]);
    expect(await skipTables(api)).toEqual(before);
    const scheduled = await mergePatch(api, delivery.url, w.retriever, {
      status: 'SCHEDULED',
      scheduledDate: TODAY,
    });
    expect(scheduled.json()).toMatchObject({ status: 'SCHEDULED', scheduledDate: TODAY });
  });

  it("hides other companies' deliveries and filters by status, provider and program", async () => {
    const delivery = await deliveryIn('ORDERED');
    const foreign = await api.db.one<{ id: number }>(
      `insert into skip_deliveries (skip_id, company_site_id, requested_date)
       select id, company_site_id, date '2026-04-01' from skips where id = $1 returning id`,
      [w.foreignSkipId],
    );
    expectProblem(await get(api, `/api/skip_deliveries/${foreign.id}`, w.producer), 404);
    expectProblem(
      await mergePatch(api, `/api/skip_deliveries/${foreign.id}`, w.retriever, {
        status: 'AWAITING_SCHEDULING',
      }),
      404,
    );
    expectProblem(await del(api, `/api/skip_deliveries/${foreign.id}`, w.producer), 404);
    const ids = async (url: string, session = w.producer) =>
      (await get(api, url, session))
        .json<HydraCollectionBody<DeliveryBody>>()
        ['hydra:member'].map((d) => d.id);
    expect(
      await ids(`/api/skip_deliveries?pagination=false&id[]=/api/skip_deliveries/${foreign.id}`),
    ).toEqual([]);
    expect(await ids(`/api/skip_deliveries?pagination=false&skip[]=${delivery.skip.iri}`)).toEqual([
      delivery.id,
    ]);
    expect(
      await ids(
        `/api/skip_deliveries?pagination=false&provider[]=${w.providerSiteId}&status[]=ORDERED`,
        w.retriever,
      ),
    ).toContain(delivery.id);
    expect(await ids('/api/skip_deliveries?pagination=false', w.carrier)).toEqual([]);
    const demoStatuses = (
      await get(api, '/api/skip_deliveries?pagination=false&order[requestedDate]=asc', w.retriever)
    ).json<HydraCollectionBody<DeliveryBody>>()['hydra:member'];
    expect(new Set(demoStatuses.map((d) => d.status))).toEqual(new Set(SKIP_DELIVERY_STATUSES));
    const dates = demoStatuses.map((d) => d.requestedDate);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('DELETE /api/skip_delivery_programs/{id}', () => {
  it('removes only the future deliveries not yet scheduled, and keeps the others without a program', async () => {
    const skip = await newSkip();
    const deliveries = await order({
      skip: skip.iri,
      program: {
        startDate: TODAY,
        endDate: '2026-03-31',
        recurrence: 'WEEK',
        interval: 1,
        weekdays: ['MONDAY', 'THURSDAY'],
      },
    });
    expect(deliveries.map((d) => d.requestedDate)).toEqual([
      '2026-03-02',
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
      '2026-03-16',
      '2026-03-19',
      '2026-03-23',
      '2026-03-26',
      '2026-03-30',
    ]);
    const programIri = deliveries[0]!.program!;
    const byDate = new Map(deliveries.map((d) => [d.requestedDate, d.id]));
    const setStatus = (date: string, status: SkipDeliveryStatus, scheduled: string | null = null) =>
      api.db.query('update skip_deliveries set status = $2, scheduled_date = $3 where id = $1', [
        byDate.get(date),
        status,
        scheduled,
      ]);
    await setStatus('2026-03-05', 'AWAITING_SCHEDULING');
    await setStatus('2026-03-09', 'SCHEDULED', '2026-03-09');
    await setStatus('2026-03-12', 'VALIDATED', '2026-03-12');
    // Time passes: 2026-03-02 and 2026-03-05 are in the past when the program is deleted.
    api.clock.advance(5 * 86_400_000);
    try {
      const foreignAttempt = await del(api, programIri, w.retriever);
      expectProblem(foreignAttempt, 403, messages.forbidden);
      const response = await del(api, programIri, w.producer);
      expect(response.statusCode).toBe(204);
    } finally {
      api.clock.advance(-5 * 86_400_000);
    }
    const left = await api.db.query<{ requestedDate: string; status: string; programId: number | null }>(
      `select requested_date::text as "requestedDate", status, program_id as "programId" from skip_deliveries
       where skip_id = $1 order by requested_date`,
      [skip.id],
    );
    expect(left).toEqual([
      { requestedDate: '2026-03-02', status: 'ORDERED', programId: null },
      { requestedDate: '2026-03-05', status: 'AWAITING_SCHEDULING', programId: null },
      { requestedDate: '2026-03-09', status: 'SCHEDULED', programId: null },
      { requestedDate: '2026-03-12', status: 'VALIDATED', programId: null },
    ]);
    expectProblem(await get(api, programIri, w.producer), 404);
    expect(await skipState(skip.id)).toBe('ORDERED');
  });

  it("refuses to delete another company's program", async () => {
    const foreign = await api.db.one<{ id: number }>(
      `insert into skip_delivery_programs (skip_id, company_site_id, start_date, end_date, recurrence, repeat_interval)
       select id, company_site_id, date '2026-04-01', date '2026-05-01', 'DAY', 1 from skips where id = $1 returning id`,
      [w.foreignSkipId],
    );
    const before = await skipTables(api);
    expectProblem(
      await del(api, `/api/skip_delivery_programs/${foreign.id}`, w.producer),
      404,
      messages.notFound,
    );
    expect(await skipTables(api)).toEqual(before);
  });
});
