import { messages, type RegisterLine } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  mergePatch,
  postJson,
  type TestApi,
} from './helpers.ts';
import { expectProblem, expectViolations, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * Declared flows: waste handled without an operation of the portal, declared by its provider (for a client) or
 * its producer; filled in like a completion, sent for the other side's validation (or recorded at once when no
 * other side is on the portal), and only then in both registers and dashboards.
 */

let api: TestApi;
let w: SkipWorld;
/** A day before the test clock's (helpers.ts: 2026-03-02T09:00Z). */
const SHIPPED = '2026-02-27';

interface FlowBody {
  id: number;
  type: string;
  status: string;
  declaredBy: string | null;
  companySite: string;
  provider: string | null;
  wasteCode: string | null;
  dangerous: boolean;
  receivedQuantity: string | null;
  quantityEstimated: boolean;
  realInterventionDate: string | null;
  requestedDate: string;
  skip: string | null;
  version: number;
}

const site = (id: number) => `/api/company_sites/${id}`;
const opUrl = (id: number) => `/api/operations/${id}`;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

/** A provider's flow for the producer's first establishment: bulk cardboard of February. */
const providerFlow = (fields: Record<string, unknown> = {}) => ({
  declaredBy: 'PROVIDER',
  companySite: site(w.ownSiteIds[0]!),
  provider: site(w.providerSiteId),
  thirdLevelWaste: `/api/third_level_wastes/${w.wastes.get('EMBALLAGES_CARTON')!.id}`,
  realInterventionDate: SHIPPED,
  receivedQuantity: '3,250',
  quantityEstimated: true,
  comment: 'Collecte en vrac de février',
  ...fields,
});

/** What the register needs of a completion: a transporter with its receipt, one outlet taking everything. */
const filledIn = {
  transporterName: 'Transports Rhône Express',
  transporterSiret: '732 829 320 00074',
  transporterAddress: '5 quai Perrache, 69002 Lyon',
  transporterReceiptNumber: 'TR-2026-0042',
  finalOutlets: [
    {
      name: 'Papeterie du Rhône',
      siret: '552 100 554 00025',
      address: '1 avenue de la Papeterie, 38200 Vienne',
      treatmentCode: 'R 3',
      qualification: 'RECYCLAGE',
      quantity: '100',
      quantityUnit: 'PERCENT',
    },
  ],
};

async function declared(session = w.retriever, body = providerFlow()): Promise<FlowBody> {
  const response = await postJson(api, '/api/flow_declarations', session, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FlowBody>();
}

const operationRows = () => api.db.query('select id, status, version from operations order by id');

const registerLineOf = async (id: number) => {
  const page = (
    await get(
      api,
      `/api/registry/lines?companySite[]=${w.ownSiteIds[0]}&from=${SHIPPED}&to=${SHIPPED}&first=1000`,
      w.producer,
    )
  ).json<{ lines: RegisterLine[] }>();
  return page.lines.find((line) => line.id === opUrl(id)) ?? null;
};

describe('POST /api/flow_declarations', () => {
  it('creates a flow to complete: no container, the waste’s own code, the shipment date as its day', async () => {
    const flow = await declared();
    expect(flow).toMatchObject({
      type: 'FLOW',
      status: 'TO_COMPLETE',
      declaredBy: 'PROVIDER',
      skip: null,
      companySite: site(w.ownSiteIds[0]!),
      provider: site(w.providerSiteId),
      wasteCode: w.wastes.get('EMBALLAGES_CARTON')!.wasteCode,
      dangerous: false,
      receivedQuantity: '3.250',
      quantityEstimated: true,
      realInterventionDate: SHIPPED,
      requestedDate: SHIPPED,
    });
    // Both sides see it; it is not in the register yet.
    expect((await get(api, opUrl(flow.id), w.producer)).statusCode).toBe(200);
    expect(await registerLineOf(flow.id)).toBeNull();
  });

  it('refuses, with nothing written, what the declarer may not declare or what is not so', async () => {
    const before = await operationRows();
    // A provider for an establishment that is not its client's, a shipment to come, an unknown waste.
    expectViolations(
      await postJson(
        api,
        '/api/flow_declarations',
        w.retriever,
        providerFlow({ companySite: site(w.ownSiteIds[1]!) }),
      ),
      [{ propertyPath: 'companySite', message: messages.clientNotLinked }],
    );
    expectViolations(
      await postJson(
        api,
        '/api/flow_declarations',
        w.retriever,
        providerFlow({ realInterventionDate: '2026-03-03' }),
      ),
      [{ propertyPath: 'realInterventionDate', message: messages.flowShipmentInFuture }],
    );
    expectViolations(
      await postJson(
        api,
        '/api/flow_declarations',
        w.retriever,
        providerFlow({ thirdLevelWaste: '/api/third_level_wastes/999999' }),
      ),
      [{ propertyPath: 'thirdLevelWaste', message: messages.unknownWasteType }],
    );
    expectViolations(
      await postJson(api, '/api/flow_declarations', w.retriever, providerFlow({ wasteCode: '99 99 99' })),
      [{ propertyPath: 'wasteCode', message: messages.unknownWasteCode }],
    );
    expectViolations(
      await postJson(api, '/api/flow_declarations', w.retriever, providerFlow({ provider: null })),
      [{ propertyPath: 'provider', message: messages.flowProviderRequired }],
    );
    // A producer may not declare from another company's establishment, nor as its provider; a carrier may not
    // declare at all; a limited-entity user may not declare for the whole establishment.
    expectProblem(
      await postJson(
        api,
        '/api/flow_declarations',
        w.producer,
        providerFlow({ declaredBy: 'PRODUCER', companySite: site(w.foreignSiteId), provider: null }),
      ),
      404,
    );
    expectProblem(await postJson(api, '/api/flow_declarations', w.producer, providerFlow()), 403);
    expectProblem(
      await postJson(
        api,
        '/api/flow_declarations',
        w.chantier,
        providerFlow({ declaredBy: 'PRODUCER', companySite: site(w.chantierSiteId), provider: null }),
      ),
      403,
    );
    const badBody = await postJson(api, '/api/flow_declarations', w.retriever, { declaredBy: 'QUELQU_UN' });
    expect(badBody.statusCode).toBe(422);
    expect(await operationRows()).toEqual(before);
  });
});

/** What the dashboards add up for the producer's first establishment and its provider in February 2026. */
const februarySums = async () => {
  const row = await api.db.one<{ operations: number; tonnes: string }>(
    `select coalesce(sum(operations), 0)::int as operations, coalesce(sum(received_quantity), 0)::text as tonnes
     from dashboard_months where company_site_id = $1 and month = '2026-02-01' and provider_site_id = $2`,
    [w.ownSiteIds[0], w.providerSiteId],
  );
  return { operations: row.operations, tonnes: Number(row.tonnes) };
};

describe('a provider’s flow, from its declaration to both registers', () => {
  it('is filled in by its declarer only, sent once complete, validated by its client, then in the register', async () => {
    const flow = await declared();
    // Its client reads it but does not fill it in; its declarer saves as it goes.
    expectProblem(await get(api, `/api/operations/${flow.id}/transporter_choices`, w.producer), 403);
    expectProblem(await mergePatch(api, opUrl(flow.id), w.producer, { bsdNumber: 'BSD-1' }), 403);
    const saved = await mergePatch(api, opUrl(flow.id), w.retriever, { bsdNumber: 'BSD-2026-02' });
    expect(saved.statusCode, saved.body).toBe(200);
    // Sent without its outlets: what a completion needs is asked.
    expectViolations(await mergePatch(api, opUrl(flow.id), w.retriever, { status: 'TO_VALIDATE' }), [
      { propertyPath: 'finalOutlets', message: messages.finalOutletRequired },
    ]);
    // Only the declarer sends it; without the other side's validation, it is not in the register.
    expectProblem(await mergePatch(api, opUrl(flow.id), w.producer, { status: 'TO_VALIDATE' }), 403);
    const sent = await mergePatch(api, opUrl(flow.id), w.retriever, { ...filledIn, status: 'TO_VALIDATE' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<FlowBody>().status).toBe('TO_VALIDATE');
    expect(await registerLineOf(flow.id)).toBeNull();
    // Sent, it is no longer filled in; the client is told.
    expectProblem(
      await mergePatch(api, opUrl(flow.id), w.retriever, { bsdNumber: 'BSD-3' }),
      409,
      messages.operationCannotBeModified,
    );
    const notice = await api.db.maybeOne<{ title: string }>(
      `select n.title from notifications n join users u on u.id = n.user_id
       where u.email = 'producteur@demo.fr' and n.link = $1`,
      [`/operations/${flow.id}`],
    );
    expect(notice?.title).toBe('Flux déclaré, à valider');
    const sumsBefore = await februarySums();
    // The provider does not validate its own flow; its client does.
    expectProblem(await mergePatch(api, opUrl(flow.id), w.retriever, { status: 'REALISED' }), 403);
    const validated = await mergePatch(api, opUrl(flow.id), w.producer, { status: 'REALISED' });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json<FlowBody>().status).toBe('REALISED');

    // In the register as a line of its own, complete, its quantity estimated.
    const line = await registerLineOf(flow.id);
    const cardboard = await api.db.one<{ label: string; code: string }>(
      `select label, waste_code as code from third_level_wastes where code = 'EMBALLAGES_CARTON'`,
    );
    const origin = await api.db.one<{ siret: string }>('select siret from company_sites where id = $1', [
      w.ownSiteIds[0],
    ]);
    expect(line).toMatchObject({
      source: 'OPERATION',
      shipmentDate: SHIPPED,
      wasteDescription: cardboard.label,
      wasteCode: cardboard.code,
      dangerous: false,
      weight: '3.250',
      weightIsEstimate: true,
      slipNumbers: ['BSD-2026-02'],
      origin: { siret: origin.siret },
      pickupSite: null,
      carriers: [
        {
          name: 'Transports Rhône Express',
          siret: '73282932000074',
          address: '5 quai Perrache, 69002 Lyon',
          receiptNumber: 'TR-2026-0042',
        },
      ],
      // No transit code: the destination is the outlet that took it all, with its code and qualification; the
      // provider's directory, which adopted it, splits its address.
      destination: {
        name: 'Papeterie du Rhône',
        siret: '55210055400025',
        address: '1 avenue de la Papeterie',
        postalCode: '38200',
        city: 'Vienne',
      },
      treatmentCode: 'R 3',
      qualification: 'RECYCLAGE',
      finalTreatments: [
        { siret: '55210055400025', treatmentCode: 'R 3', qualification: 'RECYCLAGE', weight: '3.250' },
      ],
      missing: [],
    });
    // And in the dashboards' sums of that month, once validated.
    expect(await februarySums()).toEqual({
      operations: sumsBefore.operations + 1,
      tonnes: sumsBefore.tonnes + 3.25,
    });
  });

  it('goes back to its declarer when its client sends it back, and is cancelled by its declarer', async () => {
    const flow = await declared();
    expect(
      (await mergePatch(api, opUrl(flow.id), w.retriever, { ...filledIn, status: 'TO_VALIDATE' })).statusCode,
    ).toBe(200);
    const back = await mergePatch(api, opUrl(flow.id), w.producer, { status: 'TO_COMPLETE' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<FlowBody>().status).toBe('TO_COMPLETE');
    // Its client may not cancel it; its declarer may.
    expectProblem(await mergePatch(api, opUrl(flow.id), w.producer, { status: 'CANCELLED' }), 403);
    const cancelled = await mergePatch(api, opUrl(flow.id), w.retriever, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await registerLineOf(flow.id)).toBeNull();
  });
});

describe('a producer’s flow', () => {
  const producerFlow = (fields: Record<string, unknown> = {}) =>
    providerFlow({ declaredBy: 'PRODUCER', provider: null, quantityEstimated: false, ...fields });

  it('without a provider of the portal, is recorded by the producer itself', async () => {
    const flow = await declared(w.producer, producerFlow());
    // Its declarer fills it in: it may name one of the carriers linked to its establishment.
    const choices = await get(api, `/api/operations/${flow.id}/transporter_choices`, w.producer);
    expect(choices.statusCode, choices.body).toBe(200);
    expect(flow).toMatchObject({ declaredBy: 'PRODUCER', provider: null });
    // No other side to send it to.
    expectProblem(
      await mergePatch(api, opUrl(flow.id), w.producer, { ...filledIn, status: 'TO_VALIDATE' }),
      409,
      messages.operationCannotBeModified,
    );
    const recorded = await mergePatch(api, opUrl(flow.id), w.producer, { ...filledIn, status: 'REALISED' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await registerLineOf(flow.id)).toMatchObject({ weight: '3.250', weightIsEstimate: false });
  });

  it('received by a provider of the portal, is validated by that provider; one that does not serve it is refused', async () => {
    expectViolations(
      await postJson(
        api,
        '/api/flow_declarations',
        w.producer,
        producerFlow({ provider: site(w.foreignSiteId) }),
      ),
      [{ propertyPath: 'provider', message: messages.flowProviderNotLinked }],
    );
    const flow = await declared(w.producer, producerFlow({ provider: site(w.providerSiteId) }));
    // Its provider is on the portal: the producer does not record it alone.
    expectProblem(
      await mergePatch(api, opUrl(flow.id), w.producer, { ...filledIn, status: 'REALISED' }),
      409,
      messages.operationCannotBeModified,
    );
    expect(
      (await mergePatch(api, opUrl(flow.id), w.producer, { ...filledIn, status: 'TO_VALIDATE' })).statusCode,
    ).toBe(200);
    expectProblem(await mergePatch(api, opUrl(flow.id), w.producer, { status: 'REALISED' }), 403);
    const validated = await mergePatch(api, opUrl(flow.id), w.retriever, { status: 'REALISED' });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await registerLineOf(flow.id)).not.toBeNull();
  });

  it('lists in the history filter of the flows in progress', async () => {
    const flow = await declared(w.producer, producerFlow());
    const list = (await get(api, '/api/operations?history=declared&pagination=false', w.producer)).json<
      HydraCollectionBody<{ id: number; status: string }>
    >()['hydra:member'];
    expect(list.map((member) => member.id)).toContain(flow.id);
    expect(list.every((member) => ['TO_COMPLETE', 'TO_VALIDATE'].includes(member.status))).toBe(true);
  });
});
