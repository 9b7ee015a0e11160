import { messages, type RegisterLine } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, get, type TestApi } from './helpers.ts';
import { expectProblem, loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * The register of outgoing waste against a hand-built fixture: an establishment of its own (no demo history) with
 * a transit (R 13) shipment followed to its two final outlets, a direct shipment to one outlet, and what must not
 * be a line (cancelled, not yet done, another establishment's).
 */

let api: TestApi;
let w: SkipWorld;
let siteId: number;
let transitId: number;
let directId: number;

interface Page {
  lines: RegisterLine[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
  const demo = api.demo!;
  siteId = (
    await api.db.one<{ id: number }>(
      `insert into company_sites (company_id, name, address, city, postcode, department, siret)
       values ($1, 'Site du registre', '4 rue Garibaldi', 'Lyon', '69006', '69', '73282932000074') returning id`,
      [demo.producerCompanyId],
    )
  ).id;
  const waste = (code: string) => w.wastes.get(code)!.id;
  const operation = async (
    status: string,
    day: string,
    tonnes: string | null,
    thirdLevelWaste: number,
    planned: string,
    extra: Record<string, string | boolean> = {},
  ) => {
    const columns = Object.keys(extra);
    const { id } = await api.db.one<{ id: number }>(
      `insert into operations (type, status, company_site_id, provider_site_id, third_level_waste_id, waste_code,
         dangerous, planned_treatment_code, requested_date, received_quantity, real_intervention_date, created_at,
         updated_at${columns.map((column) => `, ${column}`).join('')})
       values ('ROTATION', $1, $2, $3, $4, (select waste_code from third_level_wastes where id = $4), false, $5,
         $6, $7, $6, $6::date, $6::date${columns.map((_, index) => `, $${index + 8}`).join('')})
       returning id`,
      [status, siteId, w.providerSiteId, thirdLevelWaste, planned, day, tonnes, ...Object.values(extra)],
    );
    return id;
  };
  // Cardboard 2.5 t through the provider's transit centre (R 13): 60 % recycled (R 3), 40 % burnt (R 1).
  transitId = await operation('REALISED', '2025-03-10', '2.500', waste('EMBALLAGES_CARTON'), 'R 13', {
    transporter_name: 'Transports du Lac',
    transporter_siret: '73282932000074',
    transporter_address: '12 quai Perrache, 69002 Lyon',
    transporter_receipt_number: 'R-0042',
    broker_name: 'Courtage du Rhône',
    broker_siret: '35600000000048',
    broker_receipt_number: 'C-17',
    eco_organisation_name: 'Citeo',
    eco_organisation_siren: '388380073',
    bsd_number: 'BSD-2025-1',
  });
  await api.db.query(
    `insert into operation_final_outlet_links (operation_id, position, name, siret, treatment_code, quantity,
       quantity_unit, qualification)
     values ($1, 1, 'Papeterie du Rhône', '55208131766522', 'R 3', 60, 'PERCENT', 'RECYCLAGE'),
            ($1, 2, 'Chaufferie de Lyon', null, 'R 1', 40, 'PERCENT', null)`,
    [transitId],
  );
  // Scrap metal 1.2 t straight to a recycler (R 4), completed, nobody named as carrier yet.
  directId = await operation('COMPLETED', '2025-04-02', '1.200', waste('FERRAILLE'), 'R 4');
  await api.db.query(
    `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
       quantity, quantity_unit) values ($1, 1, 'Recyclage Métaux', '55208131766522', '3 rue du Port, Lyon',
       'R 4', 1.2, 'TONNE')`,
    [directId],
  );
  // Not lines: cancelled, scheduled (not shipped yet), and shipped before the period asked.
  await operation('CANCELLED', '2025-05-05', '7.000', waste('EMBALLAGES_CARTON'), 'R 13');
  await operation('SCHEDULED', '2025-05-06', null, waste('EMBALLAGES_CARTON'), 'R 13', {
    intervention_date: '2025-05-06',
  });
  await operation('REALISED', '2024-12-31', '9.000', waste('EMBALLAGES_CARTON'), 'R 13');
});
afterAll(() => api.close());

const linesUrl = (query = '') =>
  `/api/registry/lines?companySite[]=${siteId}&from=2025-01-01&to=2025-12-31${query}`;

describe('GET /api/registry/lines', () => {
  it('gives each shipment of the period, newest first, with every field of article 2', async () => {
    const response = await get(api, linesUrl(), w.producer);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    expect(page.totalCount).toBe(2);
    expect(page.hasNextPage).toBe(false);
    expect(page.lines.map((line) => line.id)).toEqual([
      `/api/operations/${directId}`,
      `/api/operations/${transitId}`,
    ]);

    const provider = await api.db.one<{ name: string; siret: string; address: string; city: string }>(
      `select c.name, cs.siret, cs.address, cs.city from company_sites cs join companies c on c.id = cs.company_id
       where cs.id = $1`,
      [w.providerSiteId],
    );
    const cardboard = await api.db.one<{ label: string; waste_code: string }>(
      "select label, waste_code from third_level_wastes where code = 'EMBALLAGES_CARTON'",
    );
    const [direct, transit] = page.lines;
    expect(transit).toMatchObject({
      source: 'OPERATION',
      shipmentDate: '2025-03-10',
      wasteDescription: cardboard.label,
      wasteCode: cardboard.waste_code,
      dangerous: false,
      slipNumbers: ['BSD-2025-1'],
      weight: '2.500',
      weightIsEstimate: false,
      origin: {
        name: expect.any(String),
        siret: '73282932000074',
        address: '4 rue Garibaldi',
        postalCode: '69006',
        city: 'Lyon',
      },
      pickupSite: null,
      ecoOrganisation: { name: 'Citeo', siren: '388380073' },
      broker: { name: 'Courtage du Rhône', siret: '35600000000048', receiptNumber: 'C-17' },
      carriers: [
        {
          name: 'Transports du Lac',
          siret: '73282932000074',
          address: '12 quai Perrache, 69002 Lyon',
          receiptNumber: 'R-0042',
        },
      ],
      // A transit: the destination is the provider's centre, with the planned code; the outlets are final.
      destination: {
        name: provider.name,
        siret: provider.siret,
        address: provider.address,
        city: provider.city,
      },
      plannedTreatmentCode: 'R 13',
      treatmentCode: 'R 13',
      qualification: null,
      finalTreatments: [
        { siret: '55208131766522', treatmentCode: 'R 3', qualification: 'RECYCLAGE', weight: '1.500' },
        { siret: null, treatmentCode: 'R 1', qualification: 'VALORISATION_ENERGETIQUE', weight: '1.000' },
      ],
      missing: [],
    });
    expect(direct).toMatchObject({
      shipmentDate: '2025-04-02',
      weight: '1.200',
      carriers: [],
      destination: { name: 'Recyclage Métaux', siret: '55208131766522', address: '3 rue du Port, Lyon' },
      treatmentCode: 'R 4',
      qualification: 'RECYCLAGE',
      finalTreatments: [{ treatmentCode: 'R 4', weight: '1.200' }],
      // Nobody named as carrier: the line is to complete.
      missing: ['carrier'],
    });
  });

  it('pages by cursor and filters by waste code and hazard', async () => {
    const first = (await get(api, linesUrl('&first=1'), w.producer)).json<Page>();
    expect(first).toMatchObject({ totalCount: 2, hasNextPage: true });
    expect(first.lines.map((line) => line.id)).toEqual([`/api/operations/${directId}`]);
    const second = (await get(api, linesUrl(`&first=1&after=${first.endCursor}`), w.producer)).json<Page>();
    expect(second.lines.map((line) => line.id)).toEqual([`/api/operations/${transitId}`]);
    expect(second).toMatchObject({ hasNextPage: false, endCursor: null });

    const scrap = w.wastes.get('FERRAILLE')!.wasteCode;
    const byCode = (
      await get(api, linesUrl(`&wasteCode[]=${encodeURIComponent(scrap)}`), w.producer)
    ).json<Page>();
    expect(byCode.lines.map((line) => line.id)).toEqual([`/api/operations/${directId}`]);
    expect((await get(api, linesUrl('&dangerous=true'), w.producer)).json<Page>().totalCount).toBe(0);
    // Without dates: every shipment, the one of 2024 included.
    const all = (await get(api, `/api/registry/lines?companySite[]=${siteId}`, w.producer)).json<Page>();
    expect(all.totalCount).toBe(3);
  });

  it('counts the lines to complete, by missing field', async () => {
    const response = await get(
      api,
      `/api/registry/summary?companySite[]=${siteId}&from=2025-01-01&to=2025-12-31`,
      w.producer,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ totalCount: 2, incompleteCount: 1, missingByField: { carrier: 1 } });
  });

  it("is the producer's own: a provider reads none of its client's lines, a carrier may not read any", async () => {
    const provider = (await get(api, linesUrl(), w.retriever)).json<Page>();
    expect(provider).toMatchObject({ totalCount: 0, lines: [] });
    expectProblem(await get(api, linesUrl(), w.carrier), 403);
  });

  it('refuses malformed filters in French and an inverted period', async () => {
    expectProblem(await get(api, '/api/registry/lines?from=2025-13-01', w.producer), 400);
    const inverted = await get(api, '/api/registry/lines?from=2025-06-01&to=2025-01-01', w.producer);
    expectProblem(inverted, 400);
    expect(inverted.json()).toMatchObject({ detail: messages.endBeforeStart });
    expectProblem(await get(api, '/api/registry/lines?after=nimporte', w.producer), 400);
    expectProblem(await get(api, '/api/registry/lines?wasteCode[]=99 99 99', w.producer), 400);
    expectProblem(await get(api, '/api/registry/lines?first=0', w.producer), 400);
  });
});

describe('the counts of lines to complete', () => {
  it('agree with the lines, whatever each lacks', async () => {
    const demo = api.demo!;
    const other = (
      await api.db.one<{ id: number }>(
        `insert into company_sites (company_id, name, city, postcode, department)
         values ($1, 'Site sans SIRET', 'Lyon', '69007', '69') returning id`,
        [demo.producerCompanyId],
      )
    ).id;
    const insert = async (planned: string | null, transporter: boolean, wasteCode: string | null) =>
      (
        await api.db.one<{ id: number }>(
          `insert into operations (type, status, company_site_id, provider_site_id, third_level_waste_id, waste_code,
             dangerous, planned_treatment_code, requested_date, received_quantity, real_intervention_date, created_at,
             updated_at, transporter_name, transporter_siret, transporter_receipt_number)
           values ('ROTATION', 'REALISED', $1, $2, $3, $4, false, $5, '2025-06-01', 2, '2025-06-01', now(), now(),
             $6, $7, $8) returning id`,
          [
            other,
            w.providerSiteId,
            w.wastes.get('FERRAILLE')!.id,
            wasteCode,
            planned,
            transporter ? 'Transports du Lac' : null,
            transporter ? '73282932000074' : null,
            transporter ? 'R-1' : null,
          ],
        )
      ).id;
    const outlet = (
      id: number,
      position: number,
      code: string,
      qualification: string | null,
      siret: string | null,
    ) =>
      api.db.query(
        `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
           quantity, quantity_unit, qualification) values ($1, $2, 'Exutoire', $3, '1 rue du Port', $4, $5, 'PERCENT', $6)`,
        [id, position, siret, code, position === 1 ? 70 : 30, qualification],
      );
    // A direct shipment whose main outlet's code allows two qualifications and says none, and has no SIRET.
    const direct = await insert('R 3', true, '17 04 05');
    await outlet(direct, 1, 'R 3', null, null);
    await outlet(direct, 2, 'R 4', null, '55208131766522');
    // A transit whose second outlet's qualification is missing; no carrier; no waste code.
    const transit = await insert('R 13', false, null);
    await outlet(transit, 1, 'R 4', null, '55208131766522');
    await outlet(transit, 2, 'R 3', null, '55208131766522');
    // No outlet at all, and a single-mode code planned (R 1).
    await insert('R 1', true, '17 04 05');

    const lines = (
      await get(api, `/api/registry/lines?companySite[]=${other}&first=1000`, w.producer)
    ).json<Page>().lines;
    expect(lines).toHaveLength(3);
    const expected: Record<string, number> = {};
    for (const line of lines) for (const field of line.missing) expected[field] = (expected[field] ?? 0) + 1;
    // Each case above lacks something of its own, and the site lacks its SIRET.
    expect(expected).toMatchObject({
      originSiret: 3,
      qualification: 3,
      destination: 2,
      carrier: 1,
      wasteCode: 1,
    });
    const summary = await get(api, `/api/registry/summary?companySite[]=${other}`, w.producer);
    expect(summary.json()).toEqual({ totalCount: 3, incompleteCount: 3, missingByField: expected });
  });
});

describe('GET /api/registry/export', () => {
  const exportUrl = (query: string) => `/api/registry/export?type=OUTGOING&companySite[]=${siteId}&${query}`;

  it('writes the period in the national columns, as CSV', async () => {
    const response = await get(api, exportUrl('from=2025-01-01&to=2025-12-31&format=csv'), w.producer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="registre-sortant-2025-01-01-2025-12-31.csv"',
    );
    expect(response.headers['x-register-line-count']).toBe('2');
    const labels = api.reference.registryExportColumns.OUTGOING!.map((column) => column.label);
    const [header = '', ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header.split(';')).toEqual(labels);
    expect(rows).toHaveLength(2);
    const cell = (row: string, label: string) => row.split(';')[labels.indexOf(label)];
    const transit = rows[1]!;
    expect(cell(transit, "Date d'expédition")).toBe('2025-03-10');
    expect(cell(transit, 'Code opération prévu')).toBe('R13');
    expect(cell(transit, 'Destination finale - Code(s) de traitement final réalisé(s)')).toBe('R3, R1');
    expect(cell(transit, 'Quantité finale (tonnes)')).toBe('1.500, 1.000');
    expect(cell(transit, 'Dangereux')).toBe('N');
    expect(cell(transit, 'Courtier - N° de récépissé')).toBe('C-17');
    expect(cell(rows[0]!, 'Émetteur - Quantité de déchet')).toBe('1.200');
  });

  it('writes an XLSX file', async () => {
    const response = await get(api, exportUrl('from=2025-01-01&to=2025-12-31&format=xlsx'), w.producer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // A zip archive.
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a period without both dates, or inverted, in French', async () => {
    for (const query of ['to=2025-12-31', 'from=2025-01-01', '']) {
      const response = await get(api, exportUrl(query), w.producer);
      expectProblem(response, 400);
      expect(response.json()).toMatchObject({ detail: messages.registerExportDatesRequired });
    }
    const inverted = await get(api, exportUrl('from=2025-12-31&to=2025-01-01'), w.producer);
    expect(inverted.json()).toMatchObject({ detail: messages.endBeforeStart });
    expectProblem(await get(api, exportUrl('from=2025-01-01&to=2025-12-31&format=pdf'), w.producer), 400);
    expectProblem(await get(api, exportUrl('from=2025-01-01&to=2025-12-31&type=INCOMING'), w.producer), 400);
    expectProblem(await get(api, exportUrl('from=2025-01-01&to=2025-12-31'), w.carrier), 403);
  });
});
