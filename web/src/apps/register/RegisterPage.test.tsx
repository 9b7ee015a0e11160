import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { fillDate } from '../../test/dateField.ts';
import { globalId, USER_ID } from '../../test/fixtures.ts';
import { operationNode, operationPage, signIn } from '../../test/operationFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

// The screen is a lazy route chunk: load it once, so that the first test does not wait for its transform.
beforeAll(async () => {
  await Promise.all([
    import('./RegisterPage.tsx'),
    import('./RegisterExportDialog.tsx'),
    import('./DeclareFlowDialog.tsx'),
  ]);
});

const CARRIER_LABEL = 'Transporteur (nom, SIRET, récépissé)';

/** A line of the register as the graph gives it, every field the screen reads; a test overrides some. */
function registerLine(operationId: number, fields: Record<string, unknown> = {}) {
  return {
    operationId: globalId('Operation', operationId),
    shipmentDate: '2025-03-14',
    wasteDescription: 'Emballages en papier et carton',
    wasteCode: '15 01 01',
    dangerous: false,
    pop: false,
    weight: '2.500',
    weightIsEstimate: false,
    origin: { name: 'Martin Industries', siret: '73282932000074' },
    pickupSite: null,
    carriers: [{ name: 'Transports Rhône Express', siret: '41234567800019', receiptNumber: '69-2024-0012' }],
    broker: null,
    ecoOrganisation: null,
    destination: { name: 'Centre de tri de Vénissieux', siret: '51234567800020', city: 'Vénissieux' },
    treatmentCode: 'R 3',
    qualificationLabel: 'Recyclage',
    finalTreatments: [],
    missing: [],
    missingLabels: [],
    ...fields,
  };
}

const completeLine = registerLine(31);
const lineWithoutCarrier = registerLine(32, {
  shipmentDate: '2025-02-03',
  wasteDescription: 'Fûts de solvants',
  wasteCode: '14 06 03*',
  dangerous: true,
  weight: '0.750',
  weightIsEstimate: true,
  carriers: [],
  treatmentCode: 'R 13',
  qualificationLabel: null,
  finalTreatments: [
    { treatmentCode: 'R 1', weight: '0.700', qualificationLabel: 'Valorisation énergétique' },
  ],
  missing: ['CARRIER'],
  missingLabels: [CARRIER_LABEL],
});

const summaryOf = (totalCount: number, incompleteCount: number, carrierCount = incompleteCount) => ({
  totalCount,
  incompleteCount,
  missing: carrierCount > 0 ? [{ field: 'CARRIER', label: CARRIER_LABEL, count: carrierCount }] : [],
});

interface RegisterAnswer {
  /** The declared flows in progress the viewer sees. */
  flows?: readonly object[];
  permissions?: readonly string[];
  lines?: readonly object[];
  hasNextPage?: boolean;
  totalCount?: number;
  summary?: ReturnType<typeof summaryOf>;
}

/** Answers the page's query (the first, or the one a filter change sent) with these lines and this summary. */
function resolveRegister(
  environment: MockEnvironment,
  {
    flows = [],
    permissions = ['register:read'],
    lines = [],
    hasNextPage = false,
    totalCount = lines.length,
    summary = summaryOf(0, 0),
  }: RegisterAnswer,
) {
  return resolveOperation(environment, 'RegisterPageQuery', {
    User: {
      id: USER_ID,
      permissions,
      declaredFlows: operationPage(flows),
      registerLines: operationPage(lines, { hasNextPage, totalCount }),
      registerSummary: summary,
    },
  });
}

async function openRegister(path: string, answer: RegisterAnswer = {}) {
  const view = await signIn({ path });
  const query = await resolveRegister(view.environment, answer);
  await screen.findByRole('heading', { level: 1, name: 'Suivi des déchets' });
  return { ...view, query };
}

/** The register's queries sent and not answered yet (the dashboard layout's own are not this screen's). */
const registerQueries = (environment: MockEnvironment) =>
  pendingOperationNames(environment).filter((name) => name.startsWith('Register'));

/** The cells of a line, in the columns' order. */
type Cells = [
  HTMLElement,
  HTMLElement,
  HTMLElement,
  HTMLElement,
  HTMLElement,
  HTMLElement,
  HTMLElement,
  HTMLElement,
];

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

const filterOf = (fields: Record<string, unknown>) => ({
  from: null,
  to: null,
  establishmentIds: [globalId('Establishment', 12)],
  wasteCodes: null,
  dangerous: null,
  ...fields,
});

describe('the register', () => {
  it('lists the lines of the URL’s filters, counts those to complete and leads to their operations', async () => {
    const view = await openRegister('/suivi?etablissement=12&du=2025-01-01&au=2025-12-31&dangereux=non', {
      lines: [completeLine, lineWithoutCarrier],
      summary: summaryOf(2, 1),
    });
    const urlFilter = {
      from: '2025-01-01',
      to: '2025-12-31',
      establishmentIds: [globalId('Establishment', 12)],
      wasteCodes: null,
      dangerous: false,
    };
    // A period in the URL: the count to complete is the period's.
    expect(view.query.request.variables).toEqual({ filter: urlFilter, summaryFilter: urlFilter });

    // The filters show the URL's.
    const filters = screen.getByRole('search', { name: 'Filtres du registre' });
    expect(within(filters).getByRole('textbox', { name: 'Expédiés du' })).toHaveValue('01/01/2025');
    expect(within(filters).getByRole('textbox', { name: 'au' })).toHaveValue('31/12/2025');
    expect(within(filters).getByRole('combobox', { name: 'Dangerosité' })).toHaveDisplayValue(
      'Non dangereux',
    );

    // The count of lines to complete, and what they lack (the alert's title, then its description).
    const alert = screen.getByText('1 ligne à compléter sur 2').parentElement as HTMLElement;
    expect(alert).toHaveTextContent(`1 ligne à compléter sur 2${CARRIER_LABEL} : 1`);

    const table = screen.getByRole('table', { name: '2 lignes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      "Date d'expédition",
      'Déchet',
      'Quantité',
      'Origine',
      'Transport',
      'Destination',
      'Traitement',
      'État',
    ]);
    const [complete, incomplete] = rowsOf(table) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell') as Cells;

    const [date, waste, weight, , carrier, destination, treatment, state] = cells(complete);
    expect(date).toHaveTextContent('14/03/2025');
    expect(waste).toHaveTextContent('Emballages en papier et carton');
    expect(waste).toHaveTextContent('15 01 01');
    expect(waste).not.toHaveTextContent('Dangereux');
    expect(weight).toHaveTextContent('2,5 t');
    expect(weight).toHaveTextContent('pesée');
    expect(carrier).toHaveTextContent('Transports Rhône Express');
    expect(carrier).toHaveTextContent('41234567800019 · récépissé 69-2024-0012');
    expect(destination).toHaveTextContent('Centre de tri de Vénissieux');
    expect(destination).toHaveTextContent('51234567800020 · Vénissieux');
    expect(treatment).toHaveTextContent('R 3 — Recyclage');
    expect(state).toHaveTextContent('Complète');
    expect(state).not.toHaveTextContent('À compléter');
    // The operation keeps the dashboard selection, not the register's own filters.
    expect(within(state).getByRole('link', { name: "Voir l'opération" })).toHaveAttribute(
      'href',
      '/operations/31?etablissement=12',
    );

    const [date2, waste2, weight2, , carrier2, , treatment2, state2] = cells(incomplete);
    expect(date2).toHaveTextContent('03/02/2025');
    expect(waste2).toHaveTextContent('14 06 03*');
    expect(waste2).toHaveTextContent('Dangereux');
    expect(weight2).toHaveTextContent('0,75 t');
    expect(weight2).toHaveTextContent('estimée');
    expect(carrier2).toHaveTextContent('—');
    // At a transit centre, the final treatments say where the waste went.
    expect(treatment2).toHaveTextContent('R 13');
    expect(treatment2).toHaveTextContent('Traitements finaux : R 1 (0,7 t)');
    expect(state2).toHaveTextContent('À compléter');
    expect(state2).toHaveTextContent(CARRIER_LABEL);
    expect(state2).not.toHaveTextContent('Complète');
    expect(within(state2).getByRole('link', { name: "Compléter l'opération" })).toHaveAttribute(
      'href',
      '/operations/32?etablissement=12',
    );

    expect(screen.queryByRole('button', { name: 'Afficher plus de lignes' })).not.toBeInTheDocument();
    expect(registerQueries(view.environment)).toEqual([]);
  });

  it('loads the register again for a hazard chosen, which goes into the URL', async () => {
    const view = await openRegister('/suivi?etablissement=12&du=2025-01-01&au=2025-12-31&dangereux=non', {
      lines: [completeLine],
      summary: summaryOf(1, 0),
    });
    expect(screen.getByText('La ligne du registre est complète.')).toBeInTheDocument();

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Dangerosité' }), 'Dangereux');
    await waitFor(() =>
      expect(view.router.state.location.search).toBe(
        '?etablissement=12&du=2025-01-01&au=2025-12-31&dangereux=oui',
      ),
    );
    const reloaded = await resolveRegister(view.environment, {
      lines: [lineWithoutCarrier],
      summary: summaryOf(1, 1),
    });
    const hazardous = filterOf({ from: '2025-01-01', to: '2025-12-31', dangerous: true });
    expect(reloaded.request.variables).toEqual({ filter: hazardous, summaryFilter: hazardous });
    expect(await screen.findByText('1 ligne à compléter sur 1')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '1 ligne' });
    expect(rowsOf(table)).toHaveLength(1);
    expect(table).toHaveTextContent('Fûts de solvants');
    expect(table).not.toHaveTextContent('Emballages en papier et carton');
    expect(screen.getByRole('combobox', { name: 'Dangerosité' })).toHaveDisplayValue('Dangereux');

    // Every waste again: the filter leaves the URL.
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Dangerosité' }), 'Tous les déchets');
    await waitFor(() =>
      expect(view.router.state.location.search).toBe('?etablissement=12&du=2025-01-01&au=2025-12-31'),
    );
    const all = await findOperation(view.environment, 'RegisterPageQuery');
    expect(all.request.variables.filter.dangerous).toBeNull();
  });

  it('says when no shipment matches, without a table nor a count to complete', async () => {
    const view = await openRegister('/suivi?etablissement=12');
    // No period: every line is listed, and the count to complete is the current year's.
    const year = new Date().getFullYear();
    expect(view.query.request.variables).toEqual({
      filter: filterOf({}),
      summaryFilter: filterOf({ from: `${year}-01-01`, to: `${year}-12-31` }),
    });
    expect(
      screen.getByText(
        "Aucune expédition réalisée ne correspond à ces critères. Les opérations complétées ou validées s'inscrivent ici.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0 ligne' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/à compléter/)).not.toBeInTheDocument();
    expect(screen.queryByText(/complète/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher plus de lignes' })).not.toBeInTheDocument();
  });

  it('loads the next lines after the last one shown', async () => {
    const view = await openRegister('/suivi?etablissement=12&du=2025-01-01', {
      lines: [completeLine, lineWithoutCarrier],
      hasNextPage: true,
      totalCount: 3,
      summary: summaryOf(3, 1),
    });
    const table = screen.getByRole('table', { name: '3 lignes' });
    expect(rowsOf(table)).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: 'Afficher plus de lignes' }));
    const next = await resolveOperation(view.environment, 'RegisterListPaginationQuery', {
      User: {
        id: USER_ID,
        registerLines: operationPage([registerLine(33, { shipmentDate: '2025-01-20' })], {
          totalCount: 3,
          offset: 2,
        }),
      },
    });
    expect(next.request.variables).toEqual({
      id: USER_ID,
      count: 50,
      cursor: 'c1',
      filter: filterOf({ from: '2025-01-01' }),
    });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3));
    expect(rowsOf(table)[2]).toHaveTextContent('20/01/2025');
    expect(within(rowsOf(table)[2] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/operations/33?etablissement=12',
    );
    expect(screen.queryByRole('button', { name: 'Afficher plus de lignes' })).not.toBeInTheDocument();
  });
});

describe('the export', () => {
  let fetch: Mock<(url: string, init?: RequestInit) => Promise<Response>>;
  let downloads: { href: string; download: string }[];

  beforeEach(() => {
    fetch = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    downloads = [];
    // jsdom has no downloads: the link's click is where the file is handed to the browser.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:registre');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });

  async function openExport(path: string, answer: RegisterAnswer = {}) {
    const view = await openRegister(path, answer);
    await view.user.click(screen.getByRole('button', { name: 'Exporter le registre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exporter le registre' });
    return { ...view, dialog };
  }

  it('requires a period, says what it holds, and downloads the file', async () => {
    const view = await openExport('/suivi?etablissement=12');
    const { dialog } = view;
    const from = within(dialog).getByRole('textbox', { name: 'Date de début' });
    const to = within(dialog).getByRole('textbox', { name: 'Date de fin' });
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: 'CSV (séparateur ;)' })).toBeChecked();

    await view.user.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await within(dialog).findByText(messages.registerExportDatesRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    // No period, nothing to count.
    expect(registerQueries(view.environment)).toEqual([]);

    await fillDate(view.user, from, '01/01/2025');
    await fillDate(view.user, to, '31/12/2025');
    const summary = await resolveOperation(view.environment, 'RegisterExportDialogSummaryQuery', {
      User: { id: USER_ID, registerSummary: summaryOf(5, 2) },
    });
    expect(summary.request.variables).toEqual({
      filter: filterOf({ from: '2025-01-01', to: '2025-12-31' }),
    });
    expect(
      await within(dialog).findByText(
        '5 lignes, dont 2 à compléter : elles seront exportées avec leurs champs manquants vides.',
      ),
    ).toBeInTheDocument();

    const csv = 'Date;Code\r\n2025-03-14;15 01 01\r\n';
    fetch.mockResolvedValueOnce(
      new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'x-register-line-count': '1',
          'content-disposition': 'attachment; filename="registre-sortant-2025-01-01-2025-12-31.csv"',
        },
      }),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText('Le registre a été exporté.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/files/registry/export?type=OUTGOING&format=csv&from=2025-01-01&to=2025-12-31&companySite%5B%5D=12',
    );
    expect(downloads).toEqual([
      { href: 'blob:registre', download: 'registre-sortant-2025-01-01-2025-12-31.csv' },
    ]);
    // The period of the export is the dialog's: the page's filters are not changed by it.
    expect(view.router.state.location.search).toBe('?etablissement=12');
  });

  it('shows the progress of a CSV as its rows come, and a cancel stops the download', async () => {
    const view = await openExport('/suivi?etablissement=12&du=2025-01-01&au=2025-12-31', {
      lines: [completeLine],
      summary: summaryOf(1, 0),
    });
    const { dialog } = view;
    await resolveOperation(view.environment, 'RegisterExportDialogSummaryQuery', {
      User: { id: USER_ID, registerSummary: summaryOf(1, 0) },
    });
    expect(await within(dialog).findByText('1 ligne sera exportée.')).toBeInTheDocument();

    // The api writes the file row by row; the rest comes only when the test says so, or never if cancelled.
    const encoder = new TextEncoder();
    let body: ReadableStreamDefaultController<Uint8Array> | undefined;
    fetch.mockImplementationOnce(async (_url, init) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          body = controller;
          controller.enqueue(encoder.encode('Date;Code\r\n2025-03-14;15 01 01\r\n'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return new Response(stream, { headers: { 'x-register-line-count': '4' } });
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    // One row of the four the api announced (the header is no row).
    expect(await within(dialog).findByText('Export en cours : 25 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    body?.enqueue(encoder.encode('2025-03-15;15 01 01\r\n'));
    expect(await within(dialog).findByText('Export en cours : 50 %')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await view.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(downloads).toEqual([]);
    expect(screen.queryByText('Le registre a été exporté.')).not.toBeInTheDocument();
    // The page is as it was.
    expect(screen.getByRole('table', { name: '1 ligne' })).toBeInTheDocument();
  });

  it('refuses a period that ends before it starts, without asking the api', async () => {
    const view = await openExport('/suivi?etablissement=12');
    const { dialog } = view;
    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de début' }), '31/12/2025');
    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de fin' }), '01/01/2025');
    await view.user.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await within(dialog).findByText(messages.endBeforeStart)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(registerQueries(view.environment)).toEqual([]);
  });

  it('exports the page’s filters, and shows the api’s refusal in the dialog', async () => {
    const summary = summaryOf(2, 1);
    const view = await openExport(
      '/suivi?etablissement=12&du=2025-01-01&au=2025-12-31&code=15+01+01*&dangereux=oui',
      { lines: [completeLine, lineWithoutCarrier], summary },
    );
    const { dialog } = view;
    // The dialog starts from the page's period.
    expect(within(dialog).getByRole('textbox', { name: 'Date de début' })).toHaveValue('01/01/2025');
    expect(within(dialog).getByRole('textbox', { name: 'Date de fin' })).toHaveValue('31/12/2025');
    const counted = await resolveOperation(view.environment, 'RegisterExportDialogSummaryQuery', {
      User: { id: USER_ID, registerSummary: summary },
    });
    expect(counted.request.variables).toEqual({
      filter: filterOf({ from: '2025-01-01', to: '2025-12-31', wasteCodes: ['15 01 01*'], dangerous: true }),
    });
    expect(
      await within(dialog).findByText(
        '2 lignes, dont 1 à compléter : elles seront exportées avec leurs champs manquants vides.',
      ),
    ).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
    fetch.mockResolvedValueOnce(
      Response.json(
        { title: 'Bad Request', status: 400, detail: messages.endBeforeStart },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Exporter' }));
    expect(await within(dialog).findByText(messages.endBeforeStart)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/files/registry/export?type=OUTGOING&format=xlsx&from=2025-01-01&to=2025-12-31' +
        '&companySite%5B%5D=12&wasteCode%5B%5D=15+01+01*&dangerous=true',
    );
    // The dialog stays open to try again; nothing was downloaded nor announced.
    expect(screen.getByRole('dialog', { name: 'Exporter le registre' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Exporter' })).toBeEnabled();
    expect(downloads).toEqual([]);
    expect(screen.queryByText('Le registre a été exporté.')).not.toBeInTheDocument();
  });
});

describe('declared flows on the register', () => {
  const flowToValidate = operationNode({
    databaseId: 77,
    type: 'FLOW',
    status: 'TO_VALIDATE',
    declaredBy: 'PROVIDER',
    skip: null,
    realInterventionDate: '2025-10-31',
    receivedQuantity: '4.180',
    viewerActions: ['VALIDATE_FLOW', 'RETURN_FLOW'],
    canEditCompletion: false,
  });

  it('lists the flows in progress, each leading to its page, and offers to declare one to whoever may', async () => {
    await openRegister('/suivi?etablissement=12', {
      flows: [flowToValidate],
      permissions: ['register:read', 'flow:declare'],
    });
    const flows = screen.getByRole('table', { name: '1 flux déclaré en cours (à compléter ou à valider)' });
    const [row] = rowsOf(flows);
    expect(row).toHaveTextContent('31/10/2025');
    expect(row).toHaveTextContent('Emballages en papier et carton');
    expect(row).toHaveTextContent('4,18 t');
    expect(row).toHaveTextContent('Prestataire');
    expect(row).toHaveTextContent('À valider');
    expect(
      within(row as HTMLElement).getByRole('link', { name: 'Compléter ou valider : flux n° 77' }),
    ).toHaveAttribute('href', '/operations/77?etablissement=12');
    expect(screen.getByRole('button', { name: 'Déclarer un flux' })).toBeInTheDocument();
  });

  it('shows neither the section without flows nor the button without the permission', async () => {
    await openRegister('/suivi?etablissement=12');
    expect(screen.queryByText(/flux déclarés? en cours/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déclarer un flux' })).not.toBeInTheDocument();
  });

  it('declares a flow of the producer, then opens its page to complete it', async () => {
    const view = await openRegister('/suivi?etablissement=12', {
      permissions: ['register:read', 'flow:declare'],
    });
    await view.user.click(screen.getByRole('button', { name: 'Déclarer un flux' }));
    await resolveOperation(view.environment, 'DeclareFlowDialogQuery', {
      User: {
        id: USER_ID,
        isRetriever: false,
        establishments: operationPage([
          {
            id: globalId('Establishment', 12),
            displayName: 'Martin Industries > Usine de Lyon Gerland',
            canDeclareFlow: true,
            linkedEstablishments: operationPage([
              { id: globalId('Establishment', 40), displayName: 'Recyclage du Rhône > Vénissieux' },
            ]),
          },
        ]),
      },
      Query: {
        wasteHierarchy: [
          {
            id: globalId('FirstLevelWaste', 1),
            label: 'Déchets non dangereux',
            secondLevelWastes: [
              {
                id: globalId('SecondLevelWaste', 1),
                label: 'Papiers et cartons',
                thirdLevelWastes: [
                  {
                    id: globalId('ThirdLevelWaste', 4),
                    label: 'Emballages en carton',
                    wasteCode: { code: '15 01 01' },
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer un flux' });
    // Nothing chosen but the one establishment: the rules say what is missing, nothing is sent.
    await view.user.click(await within(dialog).findByRole('button', { name: 'Déclarer et compléter' }));
    expect(await within(dialog).findAllByText(messages.required)).not.toHaveLength(0);
    expect(pendingOperationNames(view.environment)).not.toContain('DeclareFlowDialogMutation');

    await view.user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Prestataire qui l’a reçu/ }),
      globalId('Establishment', 40),
    );
    await view.user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Déchet/ }),
      'Emballages en carton (15 01 01)',
    );
    await fillDate(view.user, within(dialog).getByLabelText(/Date d'expédition/), '31/10/2025');
    await view.user.type(within(dialog).getByRole('textbox', { name: /Quantité/ }), '4,18');
    await view.user.click(within(dialog).getByText('Quantité estimée (non pesée)'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Déclarer et compléter' }));
    const mutation = await findOperation(view.environment, 'DeclareFlowDialogMutation');
    expect(mutation.request.variables.input).toMatchObject({
      declaredBy: 'PRODUCER',
      establishmentId: globalId('Establishment', 12),
      providerId: globalId('Establishment', 40),
      thirdLevelWasteId: globalId('ThirdLevelWaste', 4),
      shipmentDate: '2025-10-31',
      quantity: '4,18',
      quantityEstimated: true,
    });
    expect(mutation.request.variables.input.clientMutationId).toEqual(expect.any(String));
    await resolveOperation(view.environment, 'DeclareFlowDialogMutation', {
      OperationPayload: { operation: { id: globalId('Operation', 78), databaseId: 78 }, userErrors: [] },
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/operations/78'));
    expect(view.router.state.location.hash).toBe('#realisation');
  });
});
