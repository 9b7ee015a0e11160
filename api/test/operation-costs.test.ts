import { messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, mergePatch, postJson, type TestApi } from './helpers.ts';
import {
  expectProblem,
  expectViolations,
  insertRealisedRotation,
  loadSkipWorld,
  type SkipWorld,
} from './skip-fixtures.ts';

/** Costs per tonne of an operation: set by its provider, seen by both sides, added up exactly per month. */

let api: TestApi;
let w: SkipWorld;
let operationIri: string;
let operationId: number;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
  const skip = await postJson(api, '/api/skips', w.producer, {
    name: 'Benne coûts',
    companySite: w.ownSiteIds[0],
    provider: w.providerSiteId,
  });
  const { id: skipId } = skip.json<{ id: number }>();
  // A realised operation of March 2026 of 2.460 t.
  operationId = await insertRealisedRotation(api, skipId, {
    requested: '2026-03-02',
    realised: '2026-03-03',
    tonnes: 2.46,
  });
  operationIri = `/api/operations/${operationId}`;
});
afterAll(() => api.close());

const costRows = () => api.db.query('select * from operation_costs order by id');

describe('operation costs', () => {
  it('the provider sets them, both sides read them, a second set is refused, a PATCH changes one', async () => {
    const created = await postJson(api, '/api/operation_costs', w.retriever, {
      operation: operationIri,
      treatmentCost: '85,50',
      transportCost: '42',
      recyclingRevenue: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const cost = created.json<{ '@id': string; treatmentCost: string; transportCost: string }>();
    expect(cost).toMatchObject({ treatmentCost: '85.50', transportCost: '42.00', recyclingRevenue: null });
    const seen = await get(api, `/api/operation_costs?operation[]=${operationId}`, w.producer);
    expect(seen.json<{ 'hydra:totalItems': number }>()['hydra:totalItems']).toBe(1);
    expectProblem(await postJson(api, '/api/operation_costs', w.retriever, { operation: operationIri }), 409);
    const patched = await mergePatch(api, cost['@id'], w.retriever, { purchasePrice: '12.5' });
    expect(patched.json()).toMatchObject({ treatmentCost: '85.50', purchasePrice: '12.50' });
  });

  it('refuses the producer, negative or malformed prices and 3 decimals, storing nothing', async () => {
    const before = await costRows();
    const [cost] = (await get(api, `/api/operation_costs?operation[]=${operationId}`, w.retriever)).json<{
      'hydra:member': { '@id': string }[];
    }>()['hydra:member'];
    expectProblem(await mergePatch(api, cost!['@id'], w.producer, { treatmentCost: '1' }), 403);
    expectViolations(await mergePatch(api, cost!['@id'], w.retriever, { treatmentCost: '-3' }), [
      { propertyPath: 'treatmentCost', message: messages.negativeValue },
    ]);
    expectViolations(await mergePatch(api, cost!['@id'], w.retriever, { transportCost: '12.345' }), [
      { propertyPath: 'transportCost', message: messages.decimals(2) },
    ]);
    expectViolations(await mergePatch(api, cost!['@id'], w.retriever, { transportCost: 'douze' }), [
      { propertyPath: 'transportCost', message: messages.quantityFormat },
    ]);
    expect(await costRows()).toEqual(before);
  });

  it('adds up the month exactly per establishment and waste', async () => {
    const response = await get(api, '/api/operation_cost/get_monthly_cost?year=2026&month=3', w.producer);
    expect(response.statusCode, response.body).toBe(200);
    const line = response
      .json<{
        lines: { companySite: string; tonnes: string; treatmentCost: string; purchasePrice: string }[];
      }>()
      .lines.find((candidate) => candidate.companySite === `/api/company_sites/${w.ownSiteIds[0]}`);
    // 2.460 t × 85.50 €/t = 210.33 €; × 12.50 €/t = 30.75 €.
    expect(line).toMatchObject({ tonnes: '2.460', treatmentCost: '210.33', purchasePrice: '30.75' });
    const april = await get(api, '/api/operation_cost/get_monthly_cost?year=2026&month=4', w.producer);
    expect(
      april
        .json<{ lines: { companySite: string }[] }>()
        .lines.filter((candidate) => candidate.companySite === `/api/company_sites/${w.ownSiteIds[0]}`),
    ).toEqual([]);
    expectProblem(await get(api, '/api/operation_cost/get_monthly_cost?year=2026&month=13', w.producer), 400);
  });

  it('takes a side: the producer sees its sites, the provider the sites it provides from, never both mixed', async () => {
    // A realised operation of June 2019 (no demo operation that month): 1.500 t, 100 €/t of treatment.
    const skip = await postJson(api, '/api/skips', w.producer, {
      name: 'Benne côtés',
      companySite: w.ownSiteIds[0],
      provider: w.providerSiteId,
    });
    const { id: skipId } = skip.json<{ id: number }>();
    const id = await insertRealisedRotation(api, skipId, {
      requested: '2019-06-10',
      realised: '2019-06-12',
      tonnes: 1.5,
    });
    const costs = await postJson(api, '/api/operation_costs', w.retriever, {
      operation: `/api/operations/${id}`,
      treatmentCost: '100',
    });
    expect(costs.statusCode, costs.body).toBe(201);
    const month = async (session: typeof w.producer, query = '') => {
      const response = await get(
        api,
        `/api/operation_cost/get_monthly_cost?year=2019&month=6${query}`,
        session,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        role: string;
        lines: { companySite: string; tonnes: string; treatmentCost: string }[];
      }>();
    };
    const line = (siteId: number) => ({
      companySite: `/api/company_sites/${siteId}`,
      tonnes: '1.500',
      treatmentCost: '150.00',
    });
    // Each on its own side by default (its own site typology), per establishment of that side.
    const producer = await month(w.producer);
    expect(producer.role).toBe('producer');
    expect(producer.lines).toMatchObject([line(w.ownSiteIds[0] as number)]);
    const provider = await month(w.retriever);
    expect(provider.role).toBe('retriever');
    expect(provider.lines).toMatchObject([line(w.providerSiteId)]);
    // The other side is empty for each of them: the producer provides nothing, the provider produces nothing.
    expect((await month(w.producer, '&role=retriever')).lines).toEqual([]);
    expect((await month(w.retriever, '&role=producer')).lines).toEqual([]);
    // The dashboard scope narrows it: the client site for the provider, and `companySite[]` is my side's site.
    expect((await month(w.retriever, `&producerCompanySiteId=${w.ownSiteIds[0]}`)).lines).toHaveLength(1);
    expect((await month(w.retriever, `&producerCompanySiteId=${w.ownSiteIds[1]}`)).lines).toEqual([]);
    expect((await month(w.retriever, `&companySite[]=${w.providerSiteId}`)).lines).toHaveLength(1);
    expect((await month(w.retriever, `&companySite[]=${w.ownSiteIds[0]}`)).lines).toEqual([]);
    // A carrier sees none of it.
    expect((await month(w.carrier)).lines).toEqual([]);

    for (const [query, word] of [
      ['&role=admin', 'role'],
      ['&producerCompanySiteId=abc', 'producerCompanySiteId'],
      ['&companySite[]=abc', 'companySite'],
      ['&location=%3Cscript%3E', 'location'],
    ]) {
      const refused = await get(
        api,
        `/api/operation_cost/get_monthly_cost?year=2019&month=6${query}`,
        w.producer,
      );
      expectProblem(refused, 400);
      expect(refused.json<{ detail: string }>().detail).toMatch(new RegExp(`« ${word}`));
    }
  });
});
