import { messages } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, mergePatch, postJson, type Session, type TestApi } from './helpers.ts';
import {
  del,
  expectProblem,
  expectViolations,
  insertRealisedRotation,
  loadSkipWorld,
  type SkipWorld,
} from './skip-fixtures.ts';

/**
 * My activity: the provider's outlet directory (placed on its town, deletion refused while used), its default
 * treatments and outlets (the most specific applies), its prices valid from a date (an operation is proposed
 * those of its day).
 */

let api: TestApi;
let w: SkipWorld;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

const put = (on: TestApi, url: string, session: Session, payload: unknown): Promise<LightMyRequestResponse> =>
  on.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const directoryUrl = () => `/api/company_sites/${w.providerSiteId}/final_outlets`;

/** A container of the first own site, provided by the demo provider, of this precise waste; its id. */
async function skipOf(wasteCode: string, site = w.ownSiteIds[0]): Promise<number> {
  const created = await postJson(api, '/api/skips', w.producer, {
    name: `Benne ${wasteCode} ${Math.random()}`,
    companySite: site,
    provider: w.providerSiteId,
    thirdLevelWaste: w.wastes.get(wasteCode)?.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

describe('the outlet directory', () => {
  it('the provider adds an outlet placed on its town, with a warning for a SIRET failing the Luhn check', async () => {
    const created = await postJson(api, directoryUrl(), w.retriever, {
      name: 'Centre de valorisation de Golbey',
      siret: '12345678901234',
      address: 'Zone industrielle',
      postcode: '88190',
      city: 'Golbey',
      treatmentCodes: ['R3', 'R 13'],
      prefectoralOrderNumber: 'AP-2020-12',
      prefectoralOrderDate: '2020-05-04',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      treatmentCodes: ['R 3', 'R 13'],
      lat: 48.196,
      lon: 6.437,
      positionManual: false,
      active: true,
      siretWarning: messages.siretLuhnWarning,
      operations: 0,
    });
    // Moved by hand, it stays where it was put when its address changes.
    const iri = created.json<{ '@id': string }>()['@id'];
    const moved = await mergePatch(api, iri, w.retriever, { lat: 48.2, lon: '6,44' });
    expect(moved.json()).toMatchObject({ lat: 48.2, lon: 6.44, positionManual: true });
    const renamed = await mergePatch(api, iri, w.retriever, { city: 'Épinal', postcode: '88000' });
    expect(renamed.json()).toMatchObject({ lat: 48.2, lon: 6.44, city: 'Épinal' });

    const found = await get(api, `${directoryUrl()}?q=golbey&order[name]=asc`, w.retriever);
    expect(found.json<{ 'hydra:member': { name: string }[] }>()['hydra:member'].map((o) => o.name)).toContain(
      'Centre de valorisation de Golbey',
    );
  });

  it('refuses bad input with French messages, and the producer, storing nothing', async () => {
    const before = await api.db.query('select * from final_outlets order by id');
    expectViolations(
      await postJson(api, directoryUrl(), w.retriever, {
        name: ' ',
        siret: '12AB',
        postcode: '8819',
        treatmentCodes: ['R 99'],
      }),
      [
        { propertyPath: 'name', message: messages.required },
        { propertyPath: 'siret', message: messages.siretDigitsOnly },
        { propertyPath: 'postcode', message: messages.postcodeFormat },
      ],
    );
    expectViolations(
      await postJson(api, directoryUrl(), w.retriever, { name: 'Inconnu', treatmentCodes: ['R 99'] }),
      [{ propertyPath: 'treatmentCodes.0', message: messages.unknownTreatmentCode }],
    );
    expectProblem(await postJson(api, directoryUrl(), w.producer, { name: 'Exutoire' }), 403);
    expect(await api.db.query('select * from final_outlets order by id')).toEqual(before);
  });

  it('refuses to delete an outlet an operation went to, with the reason; deletes an unused one', async () => {
    const used = await api.db.one<{ id: number; operations: number }>(
      `select f.id, count(distinct l.operation_id)::int as operations from final_outlets f
       join operation_final_outlet_links l on l.final_outlet_id = f.id
       where f.company_site_id = $1 group by f.id order by f.id limit 1`,
      [w.providerSiteId],
    );
    const refused = await del(api, `/api/final_outlets/${used.id}`, w.retriever);
    expectProblem(refused, 409, messages.outletDeleteError);
    expect(refused.json<{ detail: string }>().detail).toContain(`${used.operations} opération`);
    expect(await api.db.maybeOne('select id from final_outlets where id = $1', [used.id])).not.toBeNull();

    const spare = await postJson(api, directoryUrl(), w.retriever, { name: 'Exutoire inutilisé' });
    expect((await del(api, spare.json<{ '@id': string }>()['@id'], w.retriever)).statusCode).toBe(204);
  });

  it('the producer reads the outlets its waste went to, and no other', async () => {
    const seen = await get(api, '/api/final_outlets?pagination=false', w.producer);
    const ids = seen.json<{ 'hydra:member': { id: number }[] }>()['hydra:member'].map((o) => o.id);
    const expected = await api.db.query<{ id: number }>(
      `select distinct l.final_outlet_id as id from operation_final_outlet_links l
       join operations o on o.id = l.operation_id join company_sites cs on cs.id = o.company_site_id
       where cs.company_id = $1 order by 1`,
      [api.demo?.producerCompanyId],
    );
    expect(ids.length).toBeGreaterThan(0);
    expect([...ids].sort((a, b) => a - b)).toEqual(expected.map((row) => row.id));
  });
});

describe('default treatments and outlets', () => {
  it('apply the most specific: level 3 over 2 over 1, an establishment’s over the general one', async () => {
    await api.db.query('delete from company_site_treatments where company_site_id = $1', [w.providerSiteId]);
    const skipId = await skipOf('EMBALLAGES_CARTON');
    const operation = await postJson(api, '/api/operations', w.producer, {
      skip: `/api/skips/${skipId}`,
      type: 'RETIREMENT',
      requestedDate: '2026-03-10',
    });
    expect(operation.statusCode, operation.body).toBe(201);
    const proposal = `/api/operations/${operation.json<{ id: number }>().id}/default_treatment`;
    const outlet = (
      await postJson(api, directoryUrl(), w.retriever, {
        name: 'Papeterie par défaut',
        treatmentCodes: ['R 3'],
      })
    ).json<{ '@id': string }>()['@id'];
    const carton = w.wastes.get('EMBALLAGES_CARTON');
    const addDefault = async (body: Record<string, unknown>) => {
      const created = await postJson(
        api,
        `/api/company_sites/${w.providerSiteId}/company_site_treatments`,
        w.retriever,
        {
          clientSite: null,
          finalOutletLinks: [{ finalOutlet: outlet, quantity: '100', quantityUnit: 'PERCENT' }],
          ...body,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ '@id': string }>()['@id'];
    };
    const codeProposed = async () => {
      const answer = await get(api, proposal, w.retriever);
      return answer.statusCode === 404 ? null : answer.json<{ treatmentCode: string }>().treatmentCode;
    };

    expect(await codeProposed()).toBeNull();
    await addDefault({ firstLevelWaste: carton?.first, treatmentCode: 'R 1' });
    expect(await codeProposed()).toBe('R 1');
    const generalLevel2 = await addDefault({ secondLevelWaste: carton?.second, treatmentCode: 'R 12' });
    expect(await codeProposed()).toBe('R 12');
    await addDefault({ secondLevelWaste: carton?.second, treatmentCode: 'R 3', clientSite: w.ownSiteIds[0] });
    expect(await codeProposed()).toBe('R 3');
    await addDefault({ thirdLevelWaste: carton?.id, treatmentCode: 'D 10' });
    expect(await codeProposed()).toBe('D 10');
    const answer = await get(api, proposal, w.retriever);
    expect(answer.json()).toMatchObject({
      level: 3,
      finalOutletLinks: [{ finalOutlet: outlet, quantity: '100.000', quantityUnit: 'PERCENT' }],
    });
    // The producer is not proposed anything; a second general level-2 default is refused.
    expect((await get(api, proposal, w.producer)).statusCode).toBe(404);
    expectProblem(
      await postJson(api, `/api/company_sites/${w.providerSiteId}/company_site_treatments`, w.retriever, {
        secondLevelWaste: carton?.second,
        treatmentCode: 'R 3',
      }),
      409,
      messages.defaultAlreadyExists,
    );
    // Outlets outside the directory and a split that is not 100 % are refused; a default's outlet is in use.
    expectViolations(
      await put(api, generalLevel2, w.retriever, {
        secondLevelWaste: carton?.second,
        treatmentCode: 'R 12',
        finalOutletLinks: [
          { finalOutlet: outlet, quantity: '60', quantityUnit: 'PERCENT' },
          { finalOutlet: '/api/final_outlets/999999', quantity: '30', quantityUnit: 'PERCENT' },
        ],
      }),
      [
        { propertyPath: 'finalOutletLinks.1.finalOutlet', message: messages.outletNotInDirectory },
        { propertyPath: 'finalOutletLinks', message: messages.outletQuantitiesSum },
      ],
    );
    expectProblem(await del(api, outlet, w.retriever), 409, messages.outletDeleteError);
  });
});

describe('activity costs', () => {
  it('an operation is proposed the prices valid on its day, and past ones keep theirs', async () => {
    const skipId = await skipOf('FERRAILLE');
    const february = await insertRealisedRotation(api, skipId, {
      requested: '2026-02-10',
      realised: '2026-02-15',
      tonnes: 2,
    });
    const line = { clientSite: w.ownSiteIds[0], thirdLevelWaste: w.wastes.get('FERRAILLE')?.id };
    const costs = `/api/company_sites/${w.providerSiteId}/activity_costs`;
    await api.db.query('delete from activity_costs where company_site_id = $1', [w.providerSiteId]);
    expect((await get(api, `/api/operations/${february}/proposed_costs`, w.retriever)).statusCode).toBe(404);

    const january = await put(api, costs, w.retriever, {
      validFrom: '2026-01-01',
      lines: [{ ...line, transportCost: '30', treatmentCost: '80,5' }],
    });
    expect(january.statusCode, january.body).toBe(200);
    const march = await put(api, costs, w.retriever, {
      validFrom: '2026-03-01',
      lines: [{ ...line, transportCost: '35', treatmentCost: '80.50' }],
    });
    expect(march.statusCode, march.body).toBe(200);
    await api.db.query(
      `update operations set real_intervention_date = '2026-03-03',
         third_level_waste_id = (select s.third_level_waste_id from skips s where s.id = skip_id) where id = $1`,
      [february],
    );
    const marchOperation = await get(api, `/api/operations/${february}/proposed_costs`, w.retriever);
    expect(marchOperation.json()).toMatchObject({ validFrom: '2026-03-01', transportCost: '35.00' });
    await api.db.query(`update operations set real_intervention_date = '2026-02-15' where id = $1`, [
      february,
    ]);
    const februaryOperation = await get(api, `/api/operations/${february}/proposed_costs`, w.retriever);
    expect(februaryOperation.json()).toMatchObject({
      validFrom: '2026-01-01',
      transportCost: '30.00',
      treatmentCost: '80.50',
    });

    const grid = await get(
      api,
      `/api/company_sites/${w.providerSiteId}/activity_cost_grid?date=2026-02-20`,
      w.retriever,
    );
    expect(grid.json<{ lines: unknown[] }>().lines).toContainEqual(
      expect.objectContaining({
        clientSite: `/api/company_sites/${w.ownSiteIds[0]}`,
        validFrom: '2026-01-01',
        transportCost: '30.00',
      }),
    );
    // A client that is not the site's, a negative price and the producer are refused.
    expectViolations(
      await put(api, costs, w.retriever, {
        validFrom: '2026-04-01',
        lines: [{ ...line, clientSite: w.foreignSiteId, transportCost: '-1' }],
      }),
      [{ propertyPath: 'lines.0.transportCost', message: messages.negativeValue }],
    );
    expectViolations(
      await put(api, costs, w.retriever, {
        validFrom: '2026-04-01',
        lines: [{ ...line, clientSite: w.foreignSiteId }],
      }),
      [{ propertyPath: 'lines.0.clientSite', message: messages.clientNotLinked }],
    );
    expectProblem(await put(api, costs, w.producer, { validFrom: '2026-04-01', lines: [line] }), 403);
  });
});
