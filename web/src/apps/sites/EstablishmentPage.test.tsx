import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { fillDate } from '../../test/dateField.ts';
import {
  type EstablishmentFixture,
  establishment,
  establishmentNode,
  globalId,
  USER_ID,
  viewerResolvers,
} from '../../test/fixtures.ts';
import {
  pendingOperationNames,
  rejectOperation,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');
const provider = establishment(
  40,
  'Recyclage du Rhône',
  'Centre de tri de Vénissieux',
  'Vénissieux',
  '69200',
);
const client = establishment(50, 'Bâtiments du Sud', 'Chantier naval', 'Sète', '34200');

interface EntityFixture {
  databaseId: number;
  name: string;
  startDate: string;
  endDate?: string | null;
  address?: string | null;
  canEdit?: boolean;
}

function entityNode(entity: EntityFixture) {
  return {
    id: globalId('Entity', entity.databaseId),
    endDate: null,
    address: null,
    canEdit: true,
    ...entity,
  };
}

function connection(nodes: object[]) {
  return {
    totalCount: nodes.length,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    edges: nodes.map((node, index) => ({ cursor: `c${index}`, node })),
  };
}

const vaise: EntityFixture = {
  databaseId: 7,
  name: 'Gare de Vaise',
  startDate: '2025-01-06',
  endDate: '2025-12-19',
};
const partDieu: EntityFixture = {
  databaseId: 8,
  name: 'Tour Part-Dieu',
  startDate: '2025-03-03',
  address: '17 rue du Docteur Bouchut, 69003 Lyon',
};

interface PageFixture {
  typologies?: string[];
  site: EstablishmentFixture;
  isOwn?: boolean;
  canEdit?: boolean;
  canAddEntity?: boolean;
  entities?: EntityFixture[];
  linked?: EstablishmentFixture[];
  own?: EstablishmentFixture[];
}

function pageResolvers(fixture: PageFixture) {
  const typologies = fixture.typologies ?? ['PRODUCER'];
  const entities = fixture.entities ?? [vaise, partDieu];
  return {
    Query: {
      viewer: { id: USER_ID, ownSiteTypology: typologies.includes('PRODUCER') ? 'PRODUCER' : 'RETRIEVER' },
      establishment: establishmentNode(fixture.site, {
        isOwn: fixture.isOwn ?? true,
        canEdit: fixture.canEdit ?? true,
        canAddEntity: fixture.canAddEntity ?? true,
        // Adding administrative documents takes full access too.
        canManageDocuments: fixture.canEdit ?? true,
        administrativeDocuments: [],
        entityCount: entities.length,
        entities: connection(entities.map(entityNode)),
        linkedEstablishments: connection((fixture.linked ?? []).map((item) => establishmentNode(item))),
      }),
    },
  };
}

async function openPage(path: string, fixture: PageFixture) {
  const view = renderRoute(path);
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: (fixture.typologies ?? ['PRODUCER']) as ('PRODUCER' | 'RETRIEVER' | 'CARRIER')[],
  });
  await resolveOperation(
    view.environment,
    'DashboardLayoutQuery',
    viewerResolvers({
      typologies: fixture.typologies ?? ['PRODUCER'],
      establishments: fixture.own ?? [fixture.site],
      linkedEstablishments: fixture.linked ?? [],
    }),
  );
  const operation = await resolveOperation(
    view.environment,
    'EstablishmentPageQuery',
    pageResolvers(fixture),
  );
  return { ...view, operation };
}

// The screen is a lazy route chunk: load it once, so that the first test does not wait for its transform.
beforeAll(async () => {
  await import('./EstablishmentPage.tsx');
});

const profileSection = () => screen.getByRole('region', { name: "Profil de l'établissement" });
const entitySection = () => screen.getByRole('region', { name: 'Chantiers' });

describe('one of my establishments', () => {
  it('shows its profile, its chantiers and its providers', async () => {
    const { operation } = await openPage('/mes-etablissements/12', { site: gerland, linked: [provider] });
    expect(operation.request.variables).toEqual({ databaseId: 12 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Martin Industries > Usine de Lyon Gerland' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à « Mes établissements »' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/mes-etablissements(\?|$)/),
    );
    expect(profileSection()).toHaveTextContent('73282932000074');
    expect(profileSection()).toHaveTextContent('12 rue de Gerland');

    const rows = within(entitySection()).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Gare de Vaise');
    expect(rows[0]).toHaveTextContent('06/01/2025');
    expect(rows[0]).toHaveTextContent('19/12/2025');
    expect(rows[0]).toHaveTextContent("Adresse de l'établissement");
    expect(rows[1]).toHaveTextContent('Non définie');
    expect(rows[1]).toHaveTextContent('17 rue du Docteur Bouchut');

    const providers = screen.getByRole('region', { name: 'Prestataires de cet établissement' });
    expect(
      within(providers).getByRole('link', { name: 'Recyclage du Rhône > Centre de tri de Vénissieux' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/mes-prestataires\/40/));
  });

  it('checks the profile with the SPEC 5 rules, then saves it', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: "Modifier l'établissement" }));
    const siret = screen.getByRole('textbox', { name: /^SIRET/ });
    const save = screen.getByRole('button', { name: 'Enregistrer' });

    await view.user.click(save);
    expect(await screen.findByText(messages.noChange)).toBeInTheDocument();

    for (const [value, message] of [
      ['7328 2932', messages.siretDigitsOnly],
      ['1234567890', messages.siretTooShort],
      ['1'.repeat(51), messages.siretTooLong],
    ] as const) {
      await view.user.clear(siret);
      await view.user.paste(value);
      await view.user.click(save);
      await waitFor(() => expect(siret).toHaveAccessibleDescription(message));
    }
    expect(pendingOperationNames(view.environment)).not.toContain('EstablishmentProfileUpdateMutation');

    await view.user.clear(siret);
    await view.user.type(siret, '73282932000082');
    const name = screen.getByRole('textbox', { name: /^Nom de l'établissement/ });
    await view.user.clear(name);
    await view.user.type(name, 'Usine de Gerland');
    await view.user.clear(screen.getByRole('textbox', { name: /^Adresse/ }));
    await view.user.click(save);
    const mutation = await resolveOperation(view.environment, 'EstablishmentProfileUpdateMutation', {
      UpdateEstablishmentPayload: {
        userErrors: [],
        establishment: establishmentNode(gerland, {
          name: 'Usine de Gerland',
          displayName: 'Martin Industries > Usine de Gerland',
          siret: '73282932000082',
          address: null,
          canEdit: true,
        }),
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        id: globalId('Establishment', 12),
        name: 'Usine de Gerland',
        address: null,
        city: 'Lyon',
        postcode: '69007',
        siret: '73282932000082',
      },
    });
    expect(await screen.findByText(messages.establishmentUpdated)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Martin Industries > Usine de Gerland' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(profileSection()).toHaveTextContent('73282932000082');
  });

  it('puts the server’s userErrors under their fields', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: "Modifier l'établissement" }));
    await view.user.type(screen.getByRole('textbox', { name: /^Ville/ }), ' 7e');
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await resolveOperation(view.environment, 'EstablishmentProfileUpdateMutation', {
      UpdateEstablishmentPayload: {
        establishment: null,
        userErrors: [{ field: ['siret'], message: messages.siretTooShort, code: null }],
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^SIRET/ })).toHaveAccessibleDescription(
        messages.siretTooShort,
      ),
    );
    expect(screen.queryByText(messages.establishmentUpdated)).not.toBeInTheDocument();
  });

  it('says when the update fails or is refused', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: "Modifier l'établissement" }));
    await view.user.type(screen.getByRole('textbox', { name: /^Ville/ }), ' 7e');
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await rejectOperation(view.environment, 'EstablishmentProfileUpdateMutation', new Error('HTTP 502'));
    expect(await screen.findByText(messages.establishmentUpdateError)).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await rejectOperation(
      view.environment,
      'EstablishmentProfileUpdateMutation',
      new GraphQLRequestError('refused', 200, [
        { message: messages.forbidden, extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
  });

  it('is read-only, chantiers included, when the graph says the user may not edit it, and says so', async () => {
    // A limited-entity user on its own establishment (SPEC 6): the graph lets it change neither the profile
    // nor its chantiers, and the page says both, never offering what the api would refuse.
    await openPage('/mes-etablissements/12', {
      site: gerland,
      canEdit: false,
      canAddEntity: false,
      entities: [
        { ...vaise, canEdit: false },
        { ...partDieu, canEdit: false },
      ],
    });
    expect(
      await screen.findByText('Vous pouvez consulter cet établissement et ses chantiers, pas les modifier.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Modifier l'établissement" })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter un chantier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Modifier le chantier/ })).not.toBeInTheDocument();
    expect(within(entitySection()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(entitySection()).getByText('Gare de Vaise')).toBeInTheDocument();
    expect(within(entitySection()).getByText('Tour Part-Dieu')).toBeInTheDocument();
  });
});

describe('chantiers', () => {
  it('refuses an end date before the start date, then adds the chantier to the list', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: 'Ajouter un chantier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau chantier' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findAllByText(messages.required)).toHaveLength(2);

    await view.user.type(
      within(dialog).getByRole('textbox', { name: /^Nom du chantier/ }),
      'Halle Tony Garnier',
    );
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de début/), '10/03/2025');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '01/03/2025');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Date de fin/)).toHaveAccessibleDescription(
        messages.endBeforeStart,
      ),
    );
    expect(pendingOperationNames(view.environment)).not.toContain('EntityFormDialogCreateMutation');

    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '30/06/2025');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const mutation = await resolveOperation(view.environment, 'EntityFormDialogCreateMutation', {
      CreateEntityPayload: {
        userErrors: [],
        entityEdge: {
          cursor: 'c2',
          node: entityNode({
            databaseId: 9,
            name: 'Halle Tony Garnier',
            startDate: '2025-03-10',
            endDate: '2025-06-30',
          }),
        },
        establishment: { id: globalId('Establishment', 12), entityCount: 3 },
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        establishmentId: globalId('Establishment', 12),
        name: 'Halle Tony Garnier',
        startDate: '2025-03-10',
        endDate: '2025-06-30',
        address: null,
        clientMutationId: expect.any(String),
      },
      connections: [expect.stringContaining('EntityList_entities')],
    });
    expect(await screen.findByText(messages.entityAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rows = within(entitySection()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('Halle Tony Garnier');
    expect(within(entitySection()).getByText('3 chantiers')).toBeInTheDocument();
  });

  it('edits a chantier in place', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: 'Modifier le chantier Tour Part-Dieu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le chantier' });
    const name = within(dialog).getByRole('textbox', { name: /^Nom du chantier/ });
    expect(name).toHaveValue('Tour Part-Dieu');
    expect(within(dialog).getByLabelText(/^Date de début/)).toHaveValue('03/03/2025');
    await view.user.clear(name);
    await view.user.type(name, 'Tour Part-Dieu, lot 2');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const mutation = await resolveOperation(view.environment, 'EntityFormDialogUpdateMutation', {
      UpdateEntityPayload: {
        userErrors: [],
        entity: entityNode({ ...partDieu, name: 'Tour Part-Dieu, lot 2' }),
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        id: globalId('Entity', 8),
        name: 'Tour Part-Dieu, lot 2',
        startDate: '2025-03-03',
        endDate: null,
        address: '17 rue du Docteur Bouchut, 69003 Lyon',
      },
    });
    expect(await screen.findByText(messages.entityUpdated)).toBeInTheDocument();
    expect(await within(entitySection()).findByText('Tour Part-Dieu, lot 2')).toBeInTheDocument();
  });

  it('says when adding or editing a chantier fails', async () => {
    const view = await openPage('/mes-etablissements/12', { site: gerland });
    await view.user.click(await screen.findByRole('button', { name: 'Ajouter un chantier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau chantier' });
    await view.user.type(within(dialog).getByRole('textbox', { name: /^Nom du chantier/ }), 'Halle');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de début/), '10/03/2025');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await rejectOperation(view.environment, 'EntityFormDialogCreateMutation', new Error('HTTP 500'));
    expect(await screen.findByText(messages.entityAddError)).toBeInTheDocument();
    // The dialog stays open with what the user typed.
    expect(within(dialog).getByRole('textbox', { name: /^Nom du chantier/ })).toHaveValue('Halle');
    await view.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await view.user.click(screen.getByRole('button', { name: 'Modifier le chantier Gare de Vaise' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Modifier le chantier' });
    await view.user.click(within(editDialog).getByRole('button', { name: 'Enregistrer' }));
    await rejectOperation(view.environment, 'EntityFormDialogUpdateMutation', new Error('HTTP 500'));
    expect(await screen.findByText(messages.entityUpdateError)).toBeInTheDocument();
  });
});

describe('the linked sites, from the other side', () => {
  it('shows a retriever a client with its chantiers and the retriever’s own sites it works with', async () => {
    await openPage('/mes-clients/50', {
      typologies: ['RETRIEVER'],
      site: client,
      isOwn: false,
      canEdit: false,
      canAddEntity: false,
      entities: [{ ...vaise, canEdit: false }],
      own: [provider],
      linked: [provider],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bâtiments du Sud > Chantier naval' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à « Mes clients »' })).toBeInTheDocument();
    expect(within(entitySection()).getByText('Gare de Vaise')).toBeInTheDocument();
    const own = screen.getByRole('region', { name: 'Mes établissements liés' });
    expect(
      within(own).getByRole('link', { name: 'Recyclage du Rhône > Centre de tri de Vénissieux' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/mes-etablissements\/40/));
    expect(screen.queryByRole('button', { name: "Modifier l'établissement" })).not.toBeInTheDocument();
  });
});

describe('the :id of the route', () => {
  it('gives the 404 page for a non-numeric id without asking the gateway', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of [
      '/mes-etablissements/abc',
      '/mes-prestataires/12abc',
      '/mes-clients/-3',
      '/mes-etablissements/0',
    ]) {
      const view = renderRoute(path);
      await resolveSession(view.environment, { hasAcceptedCGU: true });
      await resolveOperation(
        view.environment,
        'DashboardLayoutQuery',
        viewerResolvers({ establishments: [gerland] }),
      );
      expect(await screen.findByText(messages.notFound), path).toBeInTheDocument();
      expect(pendingOperationNames(view.environment)).not.toContain('EstablishmentPageQuery');
      view.unmount();
    }
  });

  it('gives the 404 page for an unknown establishment and for one opened under the wrong screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unknown = renderRoute('/mes-etablissements/999');
    await resolveSession(unknown.environment, { hasAcceptedCGU: true });
    await resolveOperation(
      unknown.environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland] }),
    );
    await resolveOperation(unknown.environment, 'EstablishmentPageQuery', {
      Query: { viewer: { id: USER_ID, ownSiteTypology: 'PRODUCER' }, establishment: null },
    });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    unknown.unmount();

    // An own establishment is not one of the user's providers.
    const wrongScreen = await openPage('/mes-prestataires/12', { site: gerland, isOwn: true });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    wrongScreen.unmount();

    // A producer has no clients screen, whatever the id: its menu does not offer it, nothing is asked.
    const clients = renderRoute('/mes-clients/40');
    await resolveSession(clients.environment, { hasAcceptedCGU: true, typologies: ['PRODUCER'] });
    await resolveOperation(
      clients.environment,
      'DashboardLayoutQuery',
      viewerResolvers({ establishments: [gerland] }),
    );
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(clients.environment)).not.toContain('EstablishmentPageQuery');
  });
});
