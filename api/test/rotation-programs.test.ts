import { expandRecurrence, horizonEnd, messages, ROTATION_PROGRAM_HORIZON_DAYS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeRotationPrograms } from '../src/operations/programs.ts';
import { createTestApi, get, mergePatch, postJson, type TestApi } from './helpers.ts';
import { del, expectProblem, expectViolations, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/** Recurring rotations: submitted, validated, expanded as the dates come (never twice), deleted. */

let api: TestApi;
let w: SkipWorld;
/** The test clock's day in France (helpers.ts: 2026-03-02T09:00Z, a Monday). */
const TODAY = '2026-03-02';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await createTestApi({ sessionTtlHours: 24 * 365 });
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

let count = 0;
async function completeSkip(): Promise<string> {
  count += 1;
  const waste = w.wastes.get('PALETTES_BOIS')!;
  const response = await postJson(api, '/api/skips', w.producer, {
    name: `Benne programme ${count}`,
    companySite: w.ownSiteIds[0],
    skipType: w.skipTypes.get('BENNE_15')!.id,
    unit: 'm3',
    volume: '15',
    firstLevelWaste: waste.first,
    secondLevelWaste: waste.second,
    thirdLevelWaste: waste.id,
    provider: w.providerSiteId,
    plannedTreatmentCode: 'R 3',
    estimatedFullQuantity: '2,5',
  });
  expect(response.statusCode, response.body).toBe(201);
  return `/api/skips/${response.json<{ id: number }>().id}`;
}

const mondaysAndThursdays = {
  startDate: TODAY,
  endDate: '2026-04-30',
  recurrence: 'WEEK',
  interval: 1,
  weekdays: ['MONDAY', 'THURSDAY'],
};

async function occurrences(programIri: string) {
  const rows = await api.db.query<{ requestedDate: string; status: string }>(
    `select requested_date::text as "requestedDate", status from operations
     where program_id = $1 order by requested_date`,
    [Number(programIri.split('/').pop())],
  );
  return rows;
}

describe('recurring rotation programs', () => {
  it('waits for the provider, then creates the rotations of the horizon, never twice, and follows the days', async () => {
    const skip = await completeSkip();
    const created = await postJson(api, '/api/operation_programs', w.producer, {
      skip,
      program: mondaysAndThursdays,
      comment: 'Avant 8 h',
    });
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json<{ '@id': string; status: string }>();
    expect(program.status).toBe('PENDING');
    expect(await occurrences(program['@id'])).toEqual([]);

    // Only its provider validates it; the producer may not.
    expectProblem(await mergePatch(api, program['@id'], w.producer, { status: 'VALIDATED' }), 403);
    const validated = await mergePatch(api, program['@id'], w.retriever, { status: 'VALIDATED' });
    expect(validated.statusCode, validated.body).toBe(200);
    const expected = expandRecurrence(
      { ...mondaysAndThursdays, endDate: horizonEnd(TODAY) } as Parameters<typeof expandRecurrence>[0],
      { from: TODAY, limit: 100 },
    );
    expect(expected).toEqual(['2026-03-02', '2026-03-05', '2026-03-09', '2026-03-12', '2026-03-16']);
    expect(await occurrences(program['@id'])).toEqual(
      expected.map((requestedDate) => ({ requestedDate, status: 'SCHEDULED' })),
    );
    expectProblem(await mergePatch(api, program['@id'], w.retriever, { status: 'VALIDATED' }), 409);

    // Running again the same day adds nothing; a week later adds the new dates of the horizon only.
    expect(await materializeRotationPrograms(api.db, api.clock.now)).toBe(0);
    api.clock.advance(7 * DAY_MS);
    await materializeRotationPrograms(api.db, api.clock.now);
    const after = (await occurrences(program['@id'])).map((row) => row.requestedDate);
    expect(after).toEqual([...expected, '2026-03-19', '2026-03-23']);
    expect(new Set(after).size).toBe(after.length);

    const skipBody = (await get(api, skip, w.producer)).json<{ plannedWork: string }>();
    expect(skipBody.plannedWork).toBe('ROTATION_PLANNED');
  });

  it('stops at its end date', async () => {
    const skip = await completeSkip();
    const program = (
      await postJson(api, '/api/operation_programs', w.producer, {
        skip,
        program: { startDate: TODAY, endDate: '2026-03-20', recurrence: 'DAY', interval: 3 },
      })
    ).json<{ '@id': string }>();
    await mergePatch(api, program['@id'], w.retriever, { status: 'VALIDATED' });
    api.clock.advance(30 * DAY_MS);
    await materializeRotationPrograms(api.db, api.clock.now);
    const dates = (await occurrences(program['@id'])).map((row) => row.requestedDate);
    expect(dates.every((date) => date <= '2026-03-20')).toBe(true);
    expect(ROTATION_PROGRAM_HORIZON_DAYS).toBeGreaterThan(0);
  });

  it('deletes only the future rotations not started yet', async () => {
    const skip = await completeSkip();
    const start = new Date(api.clock.now).toISOString().slice(0, 10);
    const program = (
      await postJson(api, '/api/operation_programs', w.producer, {
        skip,
        program: { startDate: start, endDate: '2027-01-31', recurrence: 'DAY', interval: 1 },
      })
    ).json<{ '@id': string; id: number }>();
    await mergePatch(api, program['@id'], w.retriever, { status: 'VALIDATED' });
    const [first] = await api.db.query<{ id: number }>(
      'select id from operations where program_id = $1 order by requested_date limit 1',
      [program.id],
    );
    // The first one is completed by the provider: it stays, without its program.
    await api.db.query(
      `update operations set status = 'COMPLETED', received_quantity = 1, real_intervention_date = requested_date
       where id = $1`,
      [first!.id],
    );
    expectProblem(await del(api, program['@id'], w.retriever), 403);
    const deleted = await del(api, program['@id'], w.producer);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await api.db.query<{ id: number; programId: number | null }>(
      'select id, program_id as "programId" from operations where skip_id = $1',
      [Number(skip.split('/').pop())],
    );
    expect(left).toEqual([{ id: first!.id, programId: null }]);
    expectProblem(await get(api, program['@id'], w.producer), 404);
  });

  it("refuses a program on an incomplete container, an end before the start, or another company's container", async () => {
    const incomplete = await postJson(api, '/api/skips', w.producer, {
      name: 'Bac incomplet programme',
      companySite: w.ownSiteIds[0],
      provider: w.providerSiteId,
    });
    const before = await api.db.query('select * from operation_programs order by id');
    expectViolations(
      await postJson(api, '/api/operation_programs', w.producer, {
        skip: `/api/skips/${incomplete.json<{ id: number }>().id}`,
        program: mondaysAndThursdays,
      }),
      [{ propertyPath: 'skip', message: messages.rotationMissingFields }],
    );
    const skip = await completeSkip();
    expectViolations(
      await postJson(api, '/api/operation_programs', w.producer, {
        skip,
        program: { ...mondaysAndThursdays, startDate: '2026-05-01', endDate: '2026-04-01' },
      }),
      [{ propertyPath: 'program.endDate', message: messages.endBeforeStart }],
    );
    expectProblem(
      await postJson(api, '/api/operation_programs', w.producer, {
        skip: `/api/skips/${w.foreignSkipId}`,
        program: mondaysAndThursdays,
      }),
      404,
    );
    expect(await api.db.query('select * from operation_programs order by id')).toEqual(before);
  });
});
