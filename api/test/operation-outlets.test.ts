import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, mergePatch, postJson, type TestApi } from './helpers.ts';
import { expectViolations, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/** The qualification of each final outlet's treatment: one its official code allows, required where several. */

let api: TestApi;
let w: SkipWorld;
let operationIri: string;

beforeAll(async () => {
  api = await createTestApi({ sessionTtlHours: 24 * 30 });
  w = await loadSkipWorld(api);
  const skip = await postJson(api, '/api/skips', w.producer, {
    name: 'Benne qualification',
    companySite: w.ownSiteIds[0],
    provider: w.providerSiteId,
  });
  const { id: skipId } = skip.json<{ id: number }>();
  // Set-up by SQL: a scheduled rotation asked the day before (its moves are operations.test.ts's).
  const row = await api.db.one<{ id: number }>(
    `insert into operations (type, status, skip_id, company_site_id, provider_site_id, requested_date,
       intervention_date, created_at, updated_at)
     select 'ROTATION', 'SCHEDULED', s.id, s.company_site_id, s.provider_site_id, '2026-03-01', '2026-03-01',
       '2026-03-01T08:00:00Z', '2026-03-01T08:00:00Z'
     from skips s where s.id = $1 returning id`,
    [skipId],
  );
  operationIri = `/api/operations/${row.id}`;
});
afterAll(() => api.close());

const outlet = (treatmentCode: string, qualification: string | null, quantity: string) => ({
  name: `Exutoire ${treatmentCode}`,
  treatmentCode,
  qualification,
  quantity,
  quantityUnit: 'PERCENT',
});
const completion = { receivedQuantity: '1', realInterventionDate: '2026-03-02', status: 'COMPLETED' };

describe('final outlet qualifications', () => {
  it('refuses one the code does not allow, and asks for one where the code allows several', async () => {
    expectViolations(
      await mergePatch(api, operationIri, w.retriever, {
        finalOutlets: [outlet('R 3', 'ELIMINATION', '100')],
      }),
      [{ propertyPath: 'finalOutlets.0.qualification', message: messages.qualificationNotOfCode }],
    );
    // Saved without it (to resume later), but not completed.
    const saved = await mergePatch(api, operationIri, w.retriever, {
      finalOutlets: [outlet('R 3', null, '60'), outlet('R 1', null, '40')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ finalOutlets: { qualification: string | null }[] }>().finalOutlets).toMatchObject([
      { qualification: null },
      // R 1 allows one qualification only: it is that one.
      { qualification: 'VALORISATION_ENERGETIQUE' },
    ]);
    expectViolations(await mergePatch(api, operationIri, w.retriever, completion), [
      { propertyPath: 'finalOutlets.0.qualification', message: messages.qualificationRequired },
    ]);
    const done = await mergePatch(api, operationIri, w.retriever, {
      ...completion,
      finalOutlets: [outlet('R 3', 'AUTRES_VALORISATIONS', '60'), outlet('R 1', null, '40')],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ status: string; finalOutlets: { qualification: string }[] }>()).toMatchObject({
      status: 'COMPLETED',
      finalOutlets: [
        { qualification: 'AUTRES_VALORISATIONS' },
        { qualification: 'VALORISATION_ENERGETIQUE' },
      ],
    });
  });
});
