import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { fillDate } from '../../test/dateField.ts';
import { globalId, USER_ID } from '../../test/fixtures.ts';
import {
  cardboard,
  deliveryNode,
  gerland,
  openOperations,
  programNode,
  provider,
  siteNode,
  skipNode,
  solvents,
  villeurbanne,
} from '../../test/skipFixtures.ts';
import { pendingOperationNames, rejectOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

// The screens are lazy route chunks: load them once, so that the first test does not wait for their transform.
beforeAll(async () => {
  await Promise.all([import('../operations/OperationsLayout.tsx'), import('./SkipsTab.tsx')]);
});

const skipsSection = () => screen.getByRole('region', { name: 'Contenants' });
const card = (name: string) => screen.getByRole('article', { name });

describe('the operations screen', () => {
  it('has three tabs that keep the selection, and the menu leads to it', async () => {
    await openOperations();
    const tabs = await screen.findByRole('navigation', { name: 'Vues des opérations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Opérations' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Contenants' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Contenants' })).toHaveAttribute(
      'href',
      '/operations?etablissement=12',
    );
    for (const [label, path] of [
      ['Demandes', '/operations/demandes'],
      ['Historique', '/operations/historique'],
    ]) {
      const tab = within(tabs).getByRole('link', { name: label });
      expect(tab).toHaveAttribute('href', `${path}?etablissement=12`);
      expect(tab).not.toHaveAttribute('aria-current');
    }
    const menu = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(menu).getByRole('link', { name: 'Opérations' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the containers of every establishment, grouped by establishment, when none is chosen', async () => {
    const { operation } = await openOperations({
      path: '/operations',
      establishments: [gerland, villeurbanne],
      site: null,
      groups: [siteNode(gerland, { skips: [cardboard] }), siteNode(villeurbanne, { skips: [] })],
    });
    expect(operation.request.variables).toMatchObject({
      withSite: false,
      ownGroups: true,
      clientGroups: false,
      provider: false,
    });
    const containers = await screen.findByRole('region', { name: 'Contenants' });
    expect(containers).toHaveTextContent('Tous vos établissements.');
    // One state filter for every group.
    expect(within(containers).getAllByRole('combobox', { name: 'Afficher' })).toHaveLength(1);
    const lyon = within(containers).getByRole('region', {
      name: 'Martin Industries > Usine de Lyon Gerland',
    });
    expect(
      within(lyon).getByRole('heading', { level: 3, name: 'Martin Industries > Usine de Lyon Gerland' }),
    ).toBeInTheDocument();
    expect(within(lyon).getByRole('article', { name: 'Benne carton quai 2' })).toBeInTheDocument();
    // The other sites are drawn in the render after the first site's.
    const depot = await within(containers).findByRole('region', {
      name: 'Martin Industries > Dépôt de Villeurbanne',
    });
    expect(depot).toHaveTextContent('Aucun contenant en service sur ce site.');
    expect(within(depot).getByRole('button', { name: 'Ajouter un contenant' })).toBeInTheDocument();
    expect(containers).toHaveTextContent('2 sites affichés sur 2');
  });
});

describe('the containers of an establishment', () => {
  it('lists them with their state, filling, planned work, danger and missing fields', async () => {
    const { operation } = await openOperations();
    expect(operation.request.variables).toEqual({
      siteId: 12,
      withSite: true,
      entityId: null,
      states: ['AVAILABLE', 'ORDERED'],
      provider: false,
      ownGroups: false,
      clientGroups: false,
    });
    const benne = await screen.findByRole('article', { name: 'Benne carton quai 2' });
    expect(within(benne).getByText('Disponible')).toBeInTheDocument();
    expect(within(benne).getByText('Rotation planifiée')).toBeInTheDocument();
    expect(within(benne).getByRole('meter', { name: 'Niveau de remplissage' })).toHaveAttribute(
      'aria-valuetext',
      'À moitié plein',
    );
    expect(within(benne).getByText('À moitié plein')).toBeInTheDocument();
    // The unit as the skip types write it (domain's label), never the stored code `m3`.
    expect(benne).toHaveTextContent('15 m³');
    expect(benne).not.toHaveTextContent('m3');
    expect(benne).toHaveTextContent('Emballages en papier et carton');
    expect(
      within(benne).getByText(
        'Champs à compléter avant de demander une rotation : Code de traitement prévu, Quantité estimée une fois plein (t)',
      ),
    ).toBeInTheDocument();
    expect(within(benne).queryByText('Dangereux')).not.toBeInTheDocument();

    const drums = card('Fûts de solvants');
    expect(within(drums).getByText('Commandé')).toBeInTheDocument();
    expect(within(drums).getByText('Dangereux')).toBeInTheDocument();
    expect(within(drums).getByRole('meter', { name: 'Niveau de remplissage' })).toHaveAttribute(
      'aria-valuetext',
      'Plein',
    );
    expect(within(drums).queryByText(/Champs à compléter/)).not.toBeInTheDocument();
  });

  it('keeps the requests of a container awaiting its delivery in sight, disabled, and says why', async () => {
    const view = await openOperations({
      site: siteNode(gerland, { skips: [{ ...solvents, fillingLevel: 'THREE_QUARTERS' }] }),
    });
    const drums = await screen.findByRole('article', { name: 'Fûts de solvants' });
    expect(within(drums).getByText('Commandé')).toBeInTheDocument();
    const reason =
      'Une livraison de ce contenant est commandée : une rotation ou un retrait pourra être demandé une fois la livraison validée par le prestataire.';
    expect(within(drums).getByText(reason)).toBeInTheDocument();
    const rotation = within(drums).getByRole('button', {
      name: 'Demander une rotation du contenant Fûts de solvants',
    });
    const retirement = within(drums).getByRole('button', {
      name: 'Demander le retrait définitif du contenant Fûts de solvants',
    });
    for (const button of [rotation, retirement]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
      // Still reachable with the keyboard, so that its reason is heard; a click asks nothing.
      expect(button).not.toHaveAttribute('disabled');
      await view.user.click(button);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    // Another delivery may still be ordered.
    expect(
      within(drums).getByRole('button', { name: 'Commander une livraison du contenant Fûts de solvants' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('shows archived containers only when the filter asks for them', async () => {
    const view = await openOperations();
    await screen.findByRole('article', { name: 'Benne carton quai 2' });
    await view.user.selectOptions(
      within(skipsSection()).getByRole('combobox', { name: 'Afficher' }),
      'Les contenants archivés',
    );
    await waitFor(() => expect(view.router.state.location.search).toContain('etat=archives'));
    const operation = await resolveOperation(view.environment, 'SkipsTabQuery', {
      Query: {
        viewer: { id: USER_ID, ownSiteTypology: 'PRODUCER', isRetriever: false },
        site: siteNode(gerland, {
          skips: [skipNode({ databaseId: 3, name: 'Ancien bac verre', state: 'ARCHIVED' })],
        }),
      },
    });
    expect(operation.request.variables).toMatchObject({ siteId: 12, states: ['ARCHIVED'] });
    const old = await screen.findByRole('article', { name: 'Ancien bac verre' });
    expect(within(old).getByText('Archivé')).toBeInTheDocument();
    expect(
      within(old).getByRole('button', { name: 'Restaurer le contenant Ancien bac verre' }),
    ).toBeInTheDocument();
    // An archived container is not ordered.
    expect(within(old).queryByRole('button', { name: /Commander une livraison/ })).not.toBeInTheDocument();
  });

  it('archives a container, which then leaves the list of containers in service', async () => {
    const view = await openOperations();
    await view.user.click(
      await screen.findByRole('button', { name: 'Archiver le contenant Benne carton quai 2' }),
    );
    const mutation = await resolveOperation(view.environment, 'SkipCardArchiveMutation', {
      SkipPayload: { userErrors: [], skip: { ...cardboard, state: 'ARCHIVED' } },
    });
    expect(mutation.request.variables).toEqual({ input: { id: globalId('Skip', 7), archived: true } });
    expect(await screen.findByText(messages.skipArchived)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Benne carton quai 2' })).not.toBeInTheDocument(),
    );
    expect(card('Fûts de solvants')).toBeInTheDocument();
  });

  it('deletes a container after confirmation, and says when it is refused', async () => {
    const view = await openOperations();
    await view.user.click(
      await screen.findByRole('button', { name: 'Supprimer le contenant Fûts de solvants' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer ce contenant ?' });
    expect(confirm).toHaveTextContent('Le contenant « Fûts de solvants » sera définitivement supprimé.');
    await view.user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain('SkipCardDeleteMutation');

    await view.user.click(screen.getByRole('button', { name: 'Supprimer le contenant Fûts de solvants' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await rejectOperation(
      view.environment,
      'SkipCardDeleteMutation',
      new GraphQLRequestError('refused', 200, [
        { message: messages.forbidden, extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
    expect(card('Fûts de solvants')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Supprimer le contenant Fûts de solvants' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );
    const mutation = await resolveOperation(view.environment, 'SkipCardDeleteMutation', {
      DeleteSkipPayload: { userErrors: [], deletedSkipId: globalId('Skip', 8) },
    });
    expect(mutation.request.variables).toEqual({
      input: { id: globalId('Skip', 8) },
      connections: [expect.stringContaining('SkipList_skips')],
    });
    expect(await screen.findByText(messages.skipDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Fûts de solvants' })).not.toBeInTheDocument(),
    );
  });

  it('offers only the actions the graph allows', async () => {
    await openOperations({
      site: siteNode(gerland, {
        canManageSkips: false,
        skips: [
          {
            ...cardboard,
            canEdit: false,
            canDelete: false,
            canComplete: false,
            canRequestRotation: false,
            canRequestRetirement: false,
            canDeclareIncident: false,
          },
        ],
      }),
    });
    const benne = await screen.findByRole('article', { name: 'Benne carton quai 2' });
    expect(within(benne).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter un contenant' })).not.toBeInTheDocument();
  });
});

describe('deliveries', () => {
  const once = deliveryNode({
    databaseId: 31,
    skipName: 'Benne carton quai 2',
    requestedDate: '2030-03-12',
    canCancel: true,
  });
  const monthly = deliveryNode({
    databaseId: 32,
    skipName: 'Fûts de solvants',
    requestedDate: '2030-01-25',
    status: 'SCHEDULED',
    scheduledDate: '2030-01-24',
    program: programNode(5, '2030-01-01', '2030-06-30'),
  });

  it('shows a producer the status of each and lets them cancel one or delete a program', async () => {
    const view = await openOperations({ site: siteNode(gerland, { deliveries: [once, monthly] }) });
    const table = await screen.findByRole('table', { name: 'Livraisons de contenants' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Benne carton quai 2');
    expect(rows[0]).toHaveTextContent('12/03/2030');
    expect(rows[0]).toHaveTextContent('Commandée');
    expect(rows[0]).toHaveTextContent('Livraison unique');
    expect(rows[1]).toHaveTextContent('Programmée le 24/01/2030');
    expect(rows[1]).toHaveTextContent('du 01/01/2030 au 30/06/2030');
    // The producer moves nothing along: that is the provider's part.
    expect(within(table).queryByRole('button', { name: /Prendre en compte|Programmer|Valider/ })).toBeNull();
    expect(
      within(rows[1] as HTMLElement).queryByRole('button', { name: /^Annuler/ }),
    ).not.toBeInTheDocument();

    await view.user.click(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: 'Annuler : livraison du contenant Benne carton quai 2 du 12/03/2030',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Annuler cette livraison ?' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Annuler la livraison' }));
    const cancel = await resolveOperation(view.environment, 'DeliveryRowCancelMutation', {
      CancelSkipDeliveryPayload: { userErrors: [], cancelledDeliveryId: globalId('SkipDelivery', 31) },
    });
    expect(cancel.request.variables).toEqual({
      input: { id: globalId('SkipDelivery', 31) },
      connections: [expect.stringContaining('DeliveryList_skipDeliveries')],
    });
    expect(await screen.findByText(messages.deliveryCancelled)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await view.user.click(
      screen.getByRole('button', {
        name: 'Supprimer le programme de livraison du contenant Fûts de solvants',
      }),
    );
    await view.user.click(
      within(await screen.findByRole('alertdialog', { name: 'Supprimer ce programme ?' })).getByRole(
        'button',
        {
          name: 'Supprimer le programme',
        },
      ),
    );
    const deletion = await resolveOperation(view.environment, 'DeliveryRowDeleteProgramMutation', {
      DeleteSkipDeliveryProgramPayload: {
        userErrors: [],
        deletedProgramId: globalId('SkipDeliveryProgram', 5),
        deletedDeliveryIds: [globalId('SkipDelivery', 32)],
      },
    });
    expect(deletion.request.variables).toMatchObject({ input: { id: globalId('SkipDeliveryProgram', 5) } });
    expect(await screen.findByText(messages.programDeleted)).toBeInTheDocument();
    expect(await screen.findByText('Aucune livraison commandée pour ce site.')).toBeInTheDocument();
  });

  it('gives a provider its deliveries to handle, with the next step of each', async () => {
    const ordered = deliveryNode({
      databaseId: 41,
      skipName: 'Benne carton quai 2',
      requestedDate: '2030-03-12',
      canAdvance: true,
    });
    const acknowledged = deliveryNode({
      databaseId: 42,
      skipName: 'Fûts de solvants',
      requestedDate: '2030-03-20',
      status: 'AWAITING_SCHEDULING',
      canAdvance: true,
    });
    const scheduled = deliveryNode({
      databaseId: 43,
      skipName: 'Bac verre',
      requestedDate: '2030-04-02',
      status: 'SCHEDULED',
      scheduledDate: '2030-04-03',
      canAdvance: true,
    });
    const view = await openOperations({
      path: '/operations',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland, villeurbanne],
      site: null,
      incoming: [ordered, acknowledged, scheduled],
      groups: [siteNode(gerland, { skips: [cardboard] })],
    });
    expect(view.operation.request.variables).toMatchObject({
      withSite: false,
      provider: true,
      clientGroups: true,
      ownGroups: false,
    });
    // Its clients' containers, grouped by site, under the deliveries to handle.
    expect(await screen.findByText(/^Tous vos clients\./)).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Martin Industries > Usine de Lyon Gerland' }),
    ).toHaveTextContent('Benne carton quai 2');
    const table = screen.getByRole('table', { name: 'Livraisons à traiter' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(rows[1]).toHaveTextContent('En attente de programmation par le prestataire');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Prendre en compte']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reprogrammer', 'Valider la livraison']);

    await view.user.click(
      screen.getByRole('button', {
        name: 'Prendre en compte : livraison du contenant Benne carton quai 2 du 12/03/2030',
      }),
    );
    const acknowledge = await resolveOperation(view.environment, 'DeliveryRowAdvanceMutation', {
      SkipDeliveryPayload: { userErrors: [], delivery: { ...ordered, status: 'AWAITING_SCHEDULING' } },
    });
    expect(acknowledge.request.variables).toEqual({
      input: { id: globalId('SkipDelivery', 41), status: 'AWAITING_SCHEDULING', scheduledDate: null },
    });
    expect(await screen.findByText(messages.deliveryAcknowledged)).toBeInTheDocument();
    await waitFor(() => expect(rows[0]).toHaveTextContent('En attente de programmation par le prestataire'));

    await view.user.click(
      screen.getByRole('button', {
        name: 'Programmer : livraison du contenant Fûts de solvants du 20/03/2030',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Livraison du contenant Fûts de solvants souhaitée le 20/03/2030',
    });
    const date = within(dialog).getByLabelText(/^Date de livraison/);
    expect(date).toHaveValue('20/03/2030');
    await fillDate(view.user, date, '21/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    const schedule = await resolveOperation(view.environment, 'DeliveryRowAdvanceMutation', {
      SkipDeliveryPayload: {
        userErrors: [],
        delivery: { ...acknowledged, status: 'SCHEDULED', scheduledDate: '2030-03-21' },
      },
    });
    expect(schedule.request.variables).toEqual({
      input: { id: globalId('SkipDelivery', 42), status: 'SCHEDULED', scheduledDate: '2030-03-21' },
    });
    expect(await screen.findByText(messages.deliveryScheduled)).toBeInTheDocument();
    await waitFor(() => expect(rows[1]).toHaveTextContent('Programmée le 21/03/2030'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no delivery day before the order, and keeps a refused day in its dialog under the field', async () => {
    const acknowledged = deliveryNode({
      databaseId: 42,
      skipName: 'Fûts de solvants',
      requestedDate: '2030-03-20',
      status: 'AWAITING_SCHEDULING',
      canAdvance: true,
    });
    const view = await openOperations({
      path: '/operations',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      site: null,
      incoming: [acknowledged],
    });
    await view.user.click(
      await screen.findByRole('button', {
        name: 'Programmer : livraison du contenant Fûts de solvants du 20/03/2030',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText(/^Date de livraison/);
    // Ordered on 1 March 2030: the calendar offers no day before, and the field names the first one.
    expect(date).toHaveAccessibleDescription('Au plus tôt le 01/03/2030.');
    await fillDate(view.user, date, '27/02/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.scheduledBeforeOrder));
    expect(pendingOperationNames(view.environment)).not.toContain('DeliveryRowAdvanceMutation');

    await fillDate(view.user, date, '02/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    await resolveOperation(view.environment, 'DeliveryRowAdvanceMutation', {
      SkipDeliveryPayload: {
        delivery: null,
        userErrors: [{ field: ['scheduledDate'], message: messages.scheduledBeforeOrder }],
      },
    });
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.scheduledBeforeOrder));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(date).toHaveValue('02/03/2030');
    expect(screen.getAllByText(messages.scheduledBeforeOrder)).toHaveLength(1);
  });

  it('shows a provider the containers of the selected client, to complete', async () => {
    const { operation } = await openOperations({
      path: '/operations?client=12',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      site: siteNode(gerland, {
        canManageSkips: false,
        skips: [
          {
            ...cardboard,
            canEdit: false,
            canDelete: false,
            canComplete: true,
            canRequestRotation: false,
            canRequestRetirement: false,
            canDeclareIncident: false,
          },
        ],
      }),
    });
    expect(operation.request.variables).toMatchObject({ siteId: 12, withSite: true, provider: true });
    const benne = await screen.findByRole('article', { name: 'Benne carton quai 2' });
    expect(
      within(benne)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Compléter']);
  });
});
