import { messages } from '@portal/domain/messages';
import { SLIP_NOT_CREATED, SLIP_NOT_CREATED_LABEL } from '@portal/domain/trackdechets';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { globalId, USER_ID } from '../../test/fixtures.ts';
import { operationPage, signIn } from '../../test/operationFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  rejectOperation,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

// The screen is a lazy route chunk: load it once, so that the first test does not wait for its transform.
beforeAll(async () => {
  await import('./HazardousPickupsPage.tsx');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const SLIP_STATUSES = [
  { code: SLIP_NOT_CREATED, label: SLIP_NOT_CREATED_LABEL },
  { code: 'SEALED', label: 'Scellé' },
  { code: 'SENT', label: 'Envoyé' },
  { code: 'PROCESSED', label: 'Traité' },
];

/** A pick-up as the graph gives it, every field the screen reads; a test overrides some. */
function pickup(key: string, fields: Record<string, unknown> = {}) {
  return {
    key,
    operation: { id: globalId('Operation', 31), databaseId: 31 },
    establishment: {
      id: globalId('Establishment', 12),
      displayName: 'Martin Industries > Usine de Lyon Gerland',
    },
    date: '2030-03-14',
    readableId: 'BSD-20300314-ABC123',
    status: { code: 'SENT', label: 'Envoyé' },
    statusUpdatedAt: '2030-03-14T10:00:00Z',
    transporter: { name: 'Transports Rhône Express' },
    recipient: { name: 'Incinérateur de Lyon Sud' },
    wasteCode: '14 06 03*',
    wasteName: 'Solvants usagés',
    quantity: '1.250',
    quantityReceived: '1.200',
    outsidePortal: false,
    ...fields,
  };
}

const onPortal = pickup('operation:31');
const outsidePortal = pickup('slip:BSD-20300301-XYZ789', {
  operation: null,
  readableId: 'BSD-20300301-XYZ789',
  date: '2030-03-01',
  status: { code: 'PROCESSED', label: 'Traité' },
  wasteName: 'Boues de peinture',
  wasteCode: '08 01 13*',
  quantity: '0.400',
  quantityReceived: null,
  outsidePortal: true,
});
const notCreated = pickup('operation:32', {
  operation: { id: globalId('Operation', 32), databaseId: 32 },
  readableId: null,
  date: '2030-03-20',
  status: { code: SLIP_NOT_CREATED, label: SLIP_NOT_CREATED_LABEL },
  transporter: null,
  recipient: null,
  quantity: null,
  quantityReceived: null,
});

/** The viewer's link to Trackdéchets, linked by default. */
function link(fields: Record<string, unknown> = {}) {
  return {
    configured: true,
    sandbox: false,
    uiUrl: 'https://app.trackdechets.example',
    state: 'ACTIVE',
    email: 'claire.martin@martin-industries.fr',
    name: 'Claire Martin',
    linkedAt: '2030-03-01T08:00:00Z',
    brokenAt: null,
    lastSyncAt: '2030-03-02T09:00:00Z',
    companies: [
      { siret: '73282932000074', name: 'Martin Industries' },
      { siret: '73282932000082', name: 'Martin Industries Vénissieux' },
    ],
    ...fields,
  };
}

interface PageAnswer {
  trackdechets?: Record<string, unknown>;
  pickups?: readonly object[];
  hasNextPage?: boolean;
  totalCount?: number;
}

function resolvePage(
  environment: MockEnvironment,
  { trackdechets = link(), pickups = [], hasNextPage = false, totalCount = pickups.length }: PageAnswer,
) {
  return resolveOperation(environment, 'HazardousPickupsPageQuery', {
    Query: {
      viewer: {
        id: USER_ID,
        trackdechets,
        hazardousPickups: operationPage(pickups, { hasNextPage, totalCount }),
      },
      slipStatuses: SLIP_STATUSES,
    },
  });
}

async function openPage(path: string, answer: PageAnswer = {}) {
  const view = await signIn({ path });
  const query = await resolvePage(view.environment, answer);
  await screen.findByRole('heading', { level: 1, name: 'Mes enlèvements dangereux' });
  return { ...view, query };
}

const panel = () => screen.getByRole('region', { name: 'Compte Trackdéchets' });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the hazardous pick-ups', () => {
  it('lists the pick-ups of the URL’s filters with their slips’ statuses', async () => {
    const view = await openPage(
      '/mes-enlevements-dangereux?etablissement=12&statut=SENT&du=2030-01-01&au=2030-12-31',
      {
        pickups: [notCreated, onPortal, outsidePortal],
      },
    );
    expect(view.query.request.variables).toEqual({
      filter: {
        establishmentIds: [globalId('Establishment', 12)],
        statuses: ['SENT'],
        from: '2030-01-01',
        to: '2030-12-31',
      },
    });
    const filters = screen.getByRole('search', { name: 'Filtres des enlèvements dangereux' });
    expect(within(filters).getByRole('combobox', { name: 'Statut du bordereau' })).toHaveDisplayValue(
      'Envoyé',
    );
    expect(within(filters).getByRole('textbox', { name: 'Du' })).toHaveValue('01/01/2030');
    expect(within(filters).getByRole('textbox', { name: 'au' })).toHaveValue('31/12/2030');

    const table = screen.getByRole('table', { name: '3 enlèvements dangereux' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Bordereau et date',
      'Statut',
      'Déchet',
      'Quantité',
      'Émetteur (établissement)',
      'Intervenants',
      'Actions',
    ]);
    const [toCreate, sent, outside] = rowsOf(table) as [HTMLElement, HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

    const [slip, status, waste, quantity, establishment, parties] = cells(sent) as HTMLElement[];
    expect(slip).toHaveTextContent('BSD-20300314-ABC123');
    expect(slip).toHaveTextContent('14/03/2030');
    expect(slip).not.toHaveTextContent('Hors portail');
    expect(status).toHaveTextContent('Envoyé');
    expect(waste).toHaveTextContent('Solvants usagés');
    expect(waste).toHaveTextContent('14 06 03*');
    expect(quantity).toHaveTextContent('1,25 t');
    expect(quantity).toHaveTextContent('Reçue : 1,2 t');
    expect(establishment).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(parties).toHaveTextContent(
      'Transporteur : Transports Rhône ExpressDestination : Incinérateur de Lyon Sud',
    );
    expect(within(sent).getByRole('link', { name: "Voir l'opération" })).toHaveAttribute(
      'href',
      '/operations/31?etablissement=12',
    );
    expect(
      within(sent).getByRole('button', { name: 'Historique du bordereau BSD-20300314-ABC123' }),
    ).toBeInTheDocument();

    // A slip of Trackdéchets that no operation of the portal carries: no operation to open.
    expect(outside).toHaveTextContent('Hors portail');
    expect(outside).toHaveTextContent('Traité');
    expect(within(outside).queryByRole('link')).not.toBeInTheDocument();

    // A hazardous operation without its slip yet: no number, no history to ask.
    const [number, toCreateStatus] = cells(toCreate) as HTMLElement[];
    expect(number).toHaveTextContent('—20/03/2030');
    expect(toCreateStatus).toHaveTextContent(SLIP_NOT_CREATED_LABEL);
    expect(within(toCreate).queryByRole('button', { name: /Historique/ })).not.toBeInTheDocument();
    expect(within(toCreate).getByRole('link', { name: "Voir l'opération" })).toHaveAttribute(
      'href',
      '/operations/32?etablissement=12',
    );
  });

  it('loads the pick-ups again for a status chosen, which goes into the URL', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    expect(view.query.request.variables.filter).toEqual({
      establishmentIds: [globalId('Establishment', 12)],
      statuses: null,
      from: null,
      to: null,
    });
    const statuses = screen.getByRole('combobox', { name: 'Statut du bordereau' });
    expect(statuses).toHaveDisplayValue('Tous les statuts');
    expect(
      within(statuses)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les statuts', SLIP_NOT_CREATED_LABEL, 'Scellé', 'Envoyé', 'Traité']);

    await view.user.selectOptions(statuses, 'Traité');
    await waitFor(() => expect(view.router.state.location.search).toBe('?etablissement=12&statut=PROCESSED'));
    const reloaded = await resolvePage(view.environment, { pickups: [outsidePortal] });
    expect(reloaded.request.variables.filter.statuses).toEqual(['PROCESSED']);
    const table = screen.getByRole('table', { name: '1 enlèvement dangereux' });
    await waitFor(() => expect(table).toHaveTextContent('BSD-20300301-XYZ789'));
    expect(table).not.toHaveTextContent('BSD-20300314-ABC123');
  });

  it('says when no pick-up matches', async () => {
    await openPage('/mes-enlevements-dangereux?du=2031-01-01');
    expect(screen.getByText('Aucun enlèvement dangereux sur cette période.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0 enlèvement dangereux' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('loads the next pick-ups after the last one shown', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', {
      pickups: [onPortal],
      hasNextPage: true,
      totalCount: 2,
    });
    await view.user.click(screen.getByRole('button', { name: "Afficher plus d'enlèvements" }));
    const next = await resolveOperation(view.environment, 'HazardousPickupListPaginationQuery', {
      User: {
        id: USER_ID,
        hazardousPickups: operationPage([outsidePortal], { totalCount: 2, offset: 1 }),
      },
    });
    expect(next.request.variables).toMatchObject({ count: 50, cursor: 'c0' });
    const table = screen.getByRole('table', { name: '2 enlèvements dangereux' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: "Afficher plus d'enlèvements" })).not.toBeInTheDocument();
  });

  it('loads a slip’s status history only when asked, in a dialog', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    expect(pendingOperationNames(view.environment)).not.toContain('SlipHistoryDialogQuery');

    await view.user.click(
      screen.getByRole('button', { name: 'Historique du bordereau BSD-20300314-ABC123' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Historique du bordereau BSD-20300314-ABC123' });
    // While Trackdéchets answers: the shape of the history.
    expect(within(dialog).getByRole('status')).toHaveAttribute('aria-busy', 'true');
    const query = await resolveOperation(view.environment, 'SlipHistoryDialogQuery', {
      Query: {
        slipStatusHistory: [
          { status: { code: 'SEALED', label: 'Scellé' }, loggedAt: '2030-03-13T15:00:00Z' },
          { status: { code: 'SENT', label: 'Envoyé' }, loggedAt: '2030-03-14T09:30:00Z' },
        ],
      },
    });
    expect(query.request.variables).toEqual({ readableId: 'BSD-20300314-ABC123' });
    const history = await within(dialog).findByRole('list', { name: 'Statuts successifs du bordereau' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Scellé13 mars 2030 à 16:00',
      'Envoyé14 mars 2030 à 10:30',
    ]);
  });

  it('says in French when the history cannot be had', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    await view.user.click(
      screen.getByRole('button', { name: 'Historique du bordereau BSD-20300314-ABC123' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Historique du bordereau BSD-20300314-ABC123' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await rejectOperation(
      view.environment,
      'SlipHistoryDialogQuery',
      new GraphQLRequestError('upstream', 200, [
        { message: messages.trackdechetsUnavailable, extensions: { code: 'UPSTREAM_ERROR' } },
      ]),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.trackdechetsUnavailable);
  });
});

describe('the link to Trackdéchets', () => {
  it('shows the linked account, its companies and its last sync, and refreshes the statuses', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    expect(panel()).toHaveTextContent(
      'Compte Trackdéchets lié : Claire Martin (claire.martin@martin-industries.fr)',
    );
    expect(panel()).toHaveTextContent('Martin Industries — 73282932000074');
    expect(panel()).toHaveTextContent('Martin Industries Vénissieux — 73282932000082');
    expect(panel()).toHaveTextContent('Dernière synchronisation : 2 mars 2030 à 10:00');
    expect(within(panel()).queryByText('Bac à sable local')).not.toBeInTheDocument();

    expect(pendingOperationNames(view.environment)).not.toContain('HazardousPickupsPageQuery');
    await view.user.click(within(panel()).getByRole('button', { name: 'Actualiser les statuts' }));
    const sync = await findOperation(view.environment, 'TrackdechetsLinkPanelSyncMutation');
    expect(sync.request.variables).toEqual({ input: {} });
    // Busy while Trackdéchets is asked.
    expect(within(panel()).getByRole('button', { name: /Actualisation/ })).toBeDisabled();
    await resolveOperation(view.environment, 'TrackdechetsLinkPanelSyncMutation', {
      SyncTrackdechetsPayload: {
        updatedSlips: 3,
        userErrors: [],
        link: link({ lastSyncAt: '2030-03-15T08:30:00Z' }),
      },
    });
    expect(await screen.findByText('3 bordereaux mis à jour.')).toBeInTheDocument();
    await waitFor(() => expect(panel()).toHaveTextContent('Dernière synchronisation : 15 mars 2030 à 09:30'));
    // The statuses changed: the list is asked again.
    await findOperation(view.environment, 'HazardousPickupsPageQuery');
  });

  it('shows the broken state when a sync finds the access revoked', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    await view.user.click(within(panel()).getByRole('button', { name: 'Actualiser les statuts' }));
    await resolveOperation(view.environment, 'TrackdechetsLinkPanelSyncMutation', {
      SyncTrackdechetsPayload: {
        updatedSlips: 0,
        userErrors: [
          { field: [], message: messages.trackdechetsLinkBroken, code: 'TRACKDECHETS_LINK_BROKEN' },
        ],
        link: link({ state: 'BROKEN', brokenAt: '2030-03-15T08:30:00Z' }),
      },
    });
    await waitFor(() =>
      expect(within(panel()).getByRole('button', { name: 'Lier à nouveau' })).toBeInTheDocument(),
    );
    expect(within(panel()).getByText(messages.trackdechetsLinkBroken)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Actualiser les statuts' })).not.toBeInTheDocument();
    // Said once, by the panel: no toast repeats it.
    expect(screen.getAllByText(messages.trackdechetsLinkBroken)).toHaveLength(1);
  });

  it('says when a sync changed nothing', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    await view.user.click(within(panel()).getByRole('button', { name: 'Actualiser les statuts' }));
    await resolveOperation(view.environment, 'TrackdechetsLinkPanelSyncMutation', {
      SyncTrackdechetsPayload: { updatedSlips: 0, userErrors: [], link: link() },
    });
    expect(await screen.findByText("Statuts à jour : aucun bordereau n'a changé.")).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('HazardousPickupsPageQuery');
  });

  it('unlinks the account after a confirmation', async () => {
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', { pickups: [onPortal] });
    await view.user.click(within(panel()).getByRole('button', { name: 'Délier' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Délier votre compte Trackdéchets ?' });
    expect(pendingOperationNames(view.environment)).not.toContain('TrackdechetsLinkPanelUnlinkMutation');
    await view.user.click(within(confirm).getByRole('button', { name: 'Délier' }));
    await resolveOperation(view.environment, 'TrackdechetsLinkPanelUnlinkMutation', {
      TrackdechetsLinkPayload: {
        userErrors: [],
        link: link({ state: 'NONE', email: null, name: null, lastSyncAt: null, companies: [] }),
      },
    });
    expect(await screen.findByText("Votre compte Trackdéchets n'est plus lié.")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(panel()).getByRole('button', { name: 'Lier mon compte Trackdéchets' }),
      ).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('offers to link an account not linked yet, and opens Trackdéchets’ authorisation page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', {
      trackdechets: link({ state: 'NONE', email: null, name: null, lastSyncAt: null, companies: [] }),
      pickups: [notCreated],
    });
    expect(panel()).toHaveTextContent(messages.trackdechetsNotLinked);
    // The portal's own hazardous operations are listed all the same.
    expect(screen.getByRole('table', { name: '1 enlèvement dangereux' })).toBeInTheDocument();

    await view.user.click(within(panel()).getByRole('button', { name: 'Lier mon compte Trackdéchets' }));
    const url = 'https://app.trackdechets.example/oauth2/authorize/dialog?response_type=code&state=s1';
    await resolveOperation(view.environment, 'StartLinkButtonMutation', {
      StartTrackdechetsLinkPayload: { authorizeUrl: url, userErrors: [] },
    });
    expect(assign).toHaveBeenCalledWith(url);
  });

  it('says why the link could not start', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const view = await openPage('/mes-enlevements-dangereux?etablissement=12', {
      trackdechets: link({ state: 'NONE', email: null, name: null, companies: [] }),
    });
    await view.user.click(within(panel()).getByRole('button', { name: 'Lier mon compte Trackdéchets' }));
    await resolveOperation(view.environment, 'StartLinkButtonMutation', {
      StartTrackdechetsLinkPayload: {
        authorizeUrl: null,
        userErrors: [{ field: [], message: messages.trackdechetsUnavailable, code: null }],
      },
    });
    expect(await screen.findByText(messages.trackdechetsUnavailable)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers to link again an account whose access Trackdéchets refused', async () => {
    await openPage('/mes-enlevements-dangereux?etablissement=12', {
      trackdechets: link({ state: 'BROKEN', brokenAt: '2030-03-10T08:00:00Z' }),
    });
    expect(within(panel()).getByText(messages.trackdechetsLinkBroken)).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Lier à nouveau' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Actualiser les statuts' })).not.toBeInTheDocument();
  });

  it('says when the portal is not configured for Trackdéchets, and lists its own operations', async () => {
    await openPage('/mes-enlevements-dangereux?etablissement=12', {
      trackdechets: link({ configured: false, state: 'NONE', email: null, name: null, companies: [] }),
      pickups: [notCreated],
    });
    expect(within(panel()).getByText(messages.trackdechetsNotConfigured)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: '1 enlèvement dangereux' })).toHaveTextContent(
      SLIP_NOT_CREATED_LABEL,
    );
  });

  it('shows that the link goes to the local sandbox', async () => {
    await openPage('/mes-enlevements-dangereux?etablissement=12', {
      trackdechets: link({ sandbox: true, state: 'NONE', email: null, name: null, companies: [] }),
    });
    expect(within(panel()).getByText('Bac à sable local')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('bac à sable local qui imite Trackdéchets');
    expect(within(panel()).getByRole('button', { name: 'Lier mon compte Trackdéchets' })).toBeInTheDocument();
  });
});
