import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../test/fixtures.ts';
import {
  cardboard,
  connection,
  formReferences,
  gerland,
  openOperations,
  provider,
  siteNode,
  skipNode,
} from '../../test/skipFixtures.ts';
import {
  findOperation,
  pendingOperationNames,
  rejectOperation,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

const referencesResolvers = {
  Query: {
    ...formReferences,
    establishment: {
      id: globalId('Establishment', 12),
      linkedEstablishments: connection([
        {
          id: globalId('Establishment', 40),
          displayName: 'Recyclage du Rhône > Centre de tri de Vénissieux',
        },
      ]),
      entities: connection([{ id: globalId('Entity', 7), name: 'Gare de Vaise' }]),
    },
  },
};

type View = Awaited<ReturnType<typeof openOperations>>;

async function openCreateDialog(view: View) {
  await view.user.click(await screen.findByRole('button', { name: 'Ajouter un contenant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nouveau contenant' });
  const references = await resolveOperation(view.environment, 'SkipFormDialogQuery', referencesResolvers);
  expect(references.request.variables).toEqual({ establishmentId: 12 });
  await within(dialog).findByRole('textbox', { name: /^Nom\b/ });
  return dialog;
}

const select = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name });
const optionLabels = (element: HTMLElement) =>
  within(element)
    .getAllByRole('option')
    .map((option) => option.textContent);
const missingList = (dialog: HTMLElement) => within(dialog).queryByText(/^Champs à compléter/)?.textContent;

beforeAll(async () => {
  await Promise.all([import('../operations/OperationsLayout.tsx'), import('./SkipsTab.tsx')]);
});

describe('the container form', () => {
  it('lists the missing mandatory fields, fills unit and volume from the type, and creates the container', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    expect(missingList(dialog)).toBe(
      'Champs à compléter avant de demander une rotation : Nom, Type de contenant, Volume, Unité, Famille de déchet (niveau 1), Flux de déchet (niveau 2), Déchet (niveau 3), Prestataire, Code de traitement prévu, Quantité estimée une fois plein (t)',
    );

    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Nom\b/ })).toHaveAccessibleDescription(
        messages.required,
      ),
    );
    expect(pendingOperationNames(view.environment)).not.toContain('SkipFormDialogCreateMutation');

    await view.user.type(within(dialog).getByRole('textbox', { name: /^Nom\b/ }), 'Benne bois atelier');
    await view.user.selectOptions(select(dialog, 'Type de contenant'), 'Benne 15 m³');
    expect(within(dialog).getByRole('textbox', { name: 'Volume' })).toHaveValue('15');
    expect(select(dialog, 'Unité')).toHaveValue('m3');
    // The selected chantier would be the default; here the whole site is selected.
    expect(select(dialog, 'Chantier')).toHaveValue('');
    await view.user.selectOptions(select(dialog, 'Famille de déchet (niveau 1)'), 'Déchets non dangereux');
    await view.user.selectOptions(select(dialog, 'Flux de déchet (niveau 2)'), 'Bois');
    await view.user.selectOptions(select(dialog, 'Déchet (niveau 3)'), 'Emballages en bois');
    expect(within(dialog).getByText('Code déchet : 15 01 03 — emballages en bois')).toBeInTheDocument();
    // user-event matches an option's HTML, where '>' reads '&gt;': pick the provider by its value.
    await view.user.selectOptions(select(dialog, 'Prestataire'), globalId('Establishment', 40));
    expect(select(dialog, 'Prestataire')).toHaveDisplayValue(
      'Recyclage du Rhône > Centre de tri de Vénissieux',
    );
    await view.user.selectOptions(
      select(dialog, 'Code de traitement prévu'),
      'R 3 — Recyclage ou récupération des substances organiques',
    );
    expect(missingList(dialog)).toBe(
      'Champs à compléter avant de demander une rotation : Quantité estimée une fois plein (t)',
    );
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantité estimée une fois plein (t)' });
    await view.user.type(quantity, '2,4');
    expect(missingList(dialog)).toBeUndefined();
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nombre de colis' }), 'deux');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Nombre de colis' })).toHaveAccessibleDescription(
        messages.positiveInteger,
      ),
    );
    await view.user.clear(within(dialog).getByRole('textbox', { name: 'Nombre de colis' }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nombre de colis' }), '1');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const created = skipNode({ databaseId: 20, name: 'Benne bois atelier' });
    const mutation = await resolveOperation(view.environment, 'SkipFormDialogCreateMutation', {
      SkipPayload: { userErrors: [], skipEdge: { cursor: 'new', node: created } },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        establishmentId: globalId('Establishment', 12),
        fields: {
          name: 'Benne bois atelier',
          entityId: null,
          skipTypeId: globalId('SkipType', 4),
          unit: 'm3',
          volume: '15',
          firstLevelWasteId: globalId('FirstLevelWaste', 1),
          secondLevelWasteId: globalId('SecondLevelWaste', 2),
          thirdLevelWasteId: globalId('ThirdLevelWaste', 2),
          providerId: globalId('Establishment', 40),
          ecoOrganisation: null,
          plannedTreatmentCode: 'R 3',
          fillingLevel: null,
          estimatedFullQuantity: '2.4',
          quantityEstimated: false,
          packageCount: 1,
          dangerous: false,
          persistentOrganicPollutants: false,
          consistency: null,
          wasteCode: '15 01 03',
          providerReceiptNumber: null,
          providerReceiptValidity: null,
          capNumber: null,
          adrMention: null,
          adrNumber: null,
        },
        clientMutationId: expect.any(String),
      },
      connections: [expect.stringContaining('SkipList_skips')],
    });
    expect(await screen.findByText(messages.skipCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cards = within(screen.getByRole('region', { name: 'Contenants' })).getAllByRole('article');
    expect(cards[0]).toHaveAccessibleName('Benne bois atelier');
  });

  it('cascades the waste levels: each level offers the children of the one above, and a change clears below', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    expect(optionLabels(select(dialog, 'Flux de déchet (niveau 2)'))).toEqual(['Non renseigné']);
    await view.user.selectOptions(select(dialog, 'Famille de déchet (niveau 1)'), 'Déchets non dangereux');
    expect(optionLabels(select(dialog, 'Flux de déchet (niveau 2)'))).toEqual([
      'Non renseigné',
      'Papier-carton',
      'Bois',
    ]);
    await view.user.selectOptions(select(dialog, 'Flux de déchet (niveau 2)'), 'Papier-carton');
    expect(optionLabels(select(dialog, 'Déchet (niveau 3)'))).toEqual([
      'Non renseigné',
      'Emballages en papier et carton',
    ]);
    await view.user.selectOptions(select(dialog, 'Déchet (niveau 3)'), 'Emballages en papier et carton');

    await view.user.selectOptions(select(dialog, 'Famille de déchet (niveau 1)'), 'Déchets dangereux');
    expect(select(dialog, 'Flux de déchet (niveau 2)')).toHaveValue('');
    expect(select(dialog, 'Déchet (niveau 3)')).toHaveValue('');
    expect(optionLabels(select(dialog, 'Flux de déchet (niveau 2)'))).toEqual([
      'Non renseigné',
      'Emballages souillés',
    ]);
    expect(within(dialog).queryByRole('combobox', { name: 'Code déchet' })).not.toBeInTheDocument();

    // A hazardous precise waste makes the container dangerous and gives its default code.
    await view.user.selectOptions(select(dialog, 'Flux de déchet (niveau 2)'), 'Emballages souillés');
    await view.user.selectOptions(
      select(dialog, 'Déchet (niveau 3)'),
      'Emballages contenant des résidus de substances dangereuses',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Code déchet' })).toHaveValue(
      '15 01 10* — emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
    );
  });

  it('fills the waste-code picker already on screen with the default code of a precise waste', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Code déchet' });
    expect(picker).toHaveValue('');
    await view.user.selectOptions(select(dialog, 'Famille de déchet (niveau 1)'), 'Déchets dangereux');
    await view.user.selectOptions(select(dialog, 'Flux de déchet (niveau 2)'), 'Emballages souillés');
    await view.user.selectOptions(
      select(dialog, 'Déchet (niveau 3)'),
      'Emballages contenant des résidus de substances dangereuses',
    );
    await waitFor(() =>
      expect(picker).toHaveValue(
        '15 01 10* — emballages contenant des résidus de substances dangereuses ou contaminés par de tels résidus',
      ),
    );
    // Not dangerous any more: a hazardous code cannot stay.
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    expect(within(dialog).getByRole('combobox', { name: 'Code déchet' })).toHaveValue('');
  });

  it('reveals the hazardous extras when the container is dangerous', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    const extras = [
      'Consistance',
      'Numéro de récépissé du prestataire',
      "Numéro de CAP (certificat d'acceptation préalable)",
      'Mention ADR',
      'Numéro ADR (ONU)',
    ];
    for (const label of extras) expect(within(dialog).queryByLabelText(label)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Code déchet' })).not.toBeInTheDocument();
    expect(missingList(dialog)).not.toContain('Consistance');

    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    for (const label of extras) expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Code déchet' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date de validité du récépissé')).toHaveAttribute(
      'placeholder',
      'jj/mm/aaaa',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Polluants organiques persistants (POP)' }),
    ).not.toBeChecked();
    expect(missingList(dialog)).toContain('Consistance, Code déchet, Numéro de CAP');

    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    expect(within(dialog).queryByLabelText('Consistance')).not.toBeInTheDocument();
  });

  it('searches the hazardous waste codes by code or label and picks one with the keyboard', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    await view.user.type(within(dialog).getByRole('textbox', { name: /^Nom\b/ }), 'Fûts de solvants');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Code déchet' });
    await view.user.click(picker);
    // One key at a time: a single `type` call runs in one act(), which holds back the combobox's own effects
    // between keystrokes (a browser runs them before the next key).
    for (const key of 'solvants') await view.user.keyboard(key);
    const search = await findOperation(view.environment, 'WasteCodePickerQuery');
    await waitFor(async () => {
      const latest = await findOperation(view.environment, 'WasteCodePickerQuery');
      expect(latest.request.variables.search).toBe('solvants');
    });
    expect(search.request.variables).toMatchObject({ dangerous: true });
    const answered = await resolveOperation(view.environment, 'WasteCodePickerQuery', {
      Query: {
        wasteCodes: [
          {
            code: '14 06 02*',
            description: 'autres solvants et mélanges de solvants halogénés',
            dangerous: true,
          },
          { code: '14 06 03*', description: 'autres solvants et mélanges de solvants', dangerous: true },
        ],
      },
    });
    expect(answered.request.variables).toEqual({ search: 'solvants', dangerous: true, first: 30 });
    const listbox = await within(dialog).findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));

    await view.user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(picker).toHaveValue('14 06 03* — autres solvants et mélanges de solvants'));

    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const mutation = await resolveOperation(view.environment, 'SkipFormDialogCreateMutation', {
      SkipPayload: {
        userErrors: [],
        skipEdge: { cursor: 'new', node: skipNode({ databaseId: 21, name: 'Fûts' }) },
      },
    });
    expect(mutation.request.variables.input.fields).toMatchObject({
      dangerous: true,
      wasteCode: '14 06 03*',
    });
  });

  it('puts the api’s messages under their fields', async () => {
    const view = await openOperations();
    const dialog = await openCreateDialog(view);
    await view.user.type(within(dialog).getByRole('textbox', { name: /^Nom\b/ }), 'Benne');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await resolveOperation(view.environment, 'SkipFormDialogCreateMutation', {
      SkipPayload: {
        skipEdge: null,
        userErrors: [
          { field: ['fields', 'providerId'], message: messages.providerNotLinked, code: null },
          { field: [], message: messages.concurrentModification, code: null },
        ],
      },
    });
    await waitFor(() =>
      expect(select(dialog, 'Prestataire')).toHaveAccessibleDescription(messages.providerNotLinked),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.concurrentModification);
    expect(screen.queryByText(messages.skipCreated)).not.toBeInTheDocument();
  });
});

describe('editing a container', () => {
  const complete = {
    ...cardboard,
    establishment: { id: globalId('Establishment', 12) },
    skipType: { id: globalId('SkipType', 4), label: 'Benne 15 m³' },
    firstLevelWaste: { id: globalId('FirstLevelWaste', 2), label: 'Déchets dangereux' },
    secondLevelWaste: { id: globalId('SecondLevelWaste', 3), label: 'Emballages souillés' },
    thirdLevelWaste: {
      id: globalId('ThirdLevelWaste', 3),
      label: 'Emballages contenant des résidus de substances dangereuses',
    },
    dangerous: true,
    wasteCode: { code: '15 01 10*', description: 'emballages souillés' },
    estimatedFullQuantity: '2.400',
  };

  it('lets a provider complete only its own fields, and sends only those', async () => {
    const view = await openOperations({
      path: '/operations?client=12',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      site: siteNode(gerland, {
        canManageSkips: false,
        skips: [{ ...complete, canEdit: false, canDelete: false, canComplete: true }],
      }),
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Compléter le contenant Benne carton quai 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Compléter le contenant' });
    await resolveOperation(view.environment, 'SkipFormDialogQuery', referencesResolvers);
    const name = await within(dialog).findByRole('textbox', { name: /^Nom\b/ });
    expect(name).toHaveValue('Benne carton quai 2');
    for (const locked of [
      name,
      select(dialog, 'Type de contenant'),
      select(dialog, 'Famille de déchet (niveau 1)'),
      select(dialog, 'Prestataire'),
      within(dialog).getByRole('textbox', { name: 'Quantité estimée une fois plein (t)' }),
      within(dialog).getByRole('checkbox', { name: 'Contenant dangereux' }),
    ]) {
      expect(locked).toBeDisabled();
    }
    for (const open of [
      select(dialog, 'Code de traitement prévu'),
      within(dialog).getByRole('textbox', { name: 'Éco-organisme' }),
      select(dialog, 'Consistance'),
      within(dialog).getByRole('combobox', { name: 'Code déchet' }),
      within(dialog).getByRole('textbox', { name: "Numéro de CAP (certificat d'acceptation préalable)" }),
      within(dialog).getByRole('textbox', { name: 'Mention ADR' }),
      within(dialog).getByRole('checkbox', { name: 'Quantités estimées (sans pesée)' }),
    ]) {
      expect(open).toBeEnabled();
    }
    // The provider knows whether it weighs the container's collections.
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Quantités estimées (sans pesée)' }));

    await view.user.selectOptions(select(dialog, 'Code de traitement prévu'), 'D 10 — Incinération à terre');
    await view.user.selectOptions(select(dialog, 'Consistance'), 'Solide');
    await view.user.type(
      within(dialog).getByRole('textbox', { name: "Numéro de CAP (certificat d'acceptation préalable)" }),
      'CAP-2030-118',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const mutation = await resolveOperation(view.environment, 'SkipFormDialogUpdateMutation', {
      SkipPayload: { userErrors: [], skip: { ...complete, canEdit: false, canComplete: true } },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        id: globalId('Skip', 7),
        fields: {
          ecoOrganisation: null,
          plannedTreatmentCode: 'D 10',
          quantityEstimated: true,
          persistentOrganicPollutants: false,
          consistency: 'SOLID',
          wasteCode: '15 01 10*',
          providerReceiptNumber: null,
          providerReceiptValidity: null,
          capNumber: 'CAP-2030-118',
          adrMention: null,
          adrNumber: null,
        },
      },
    });
    expect(await screen.findByText(messages.skipUpdated)).toBeInTheDocument();
  });

  it('says when nothing changed, and when the edit fails', async () => {
    const view = await openOperations({ site: siteNode(gerland, { skips: [complete] }) });
    await view.user.click(
      await screen.findByRole('button', { name: 'Modifier le contenant Benne carton quai 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le contenant' });
    await resolveOperation(view.environment, 'SkipFormDialogQuery', referencesResolvers);
    expect(await within(dialog).findByRole('textbox', { name: 'Volume' })).toHaveValue('15');
    expect(within(dialog).getByRole('textbox', { name: 'Quantité estimée une fois plein (t)' })).toHaveValue(
      '2,4',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(messages.noChange)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('SkipFormDialogUpdateMutation');

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Éco-organisme' }), 'Citeo');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const operation = await findOperation(view.environment, 'SkipFormDialogUpdateMutation');
    expect(operation.request.variables.input.fields).toMatchObject({
      name: 'Benne carton quai 2',
      ecoOrganisation: 'Citeo',
      estimatedFullQuantity: '2.4',
      wasteCode: '15 01 10*',
    });
    await rejectOperation(view.environment, 'SkipFormDialogUpdateMutation', new Error('HTTP 502'));
    expect(await screen.findByText(messages.skipUpdateError)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Modifier le contenant' })).toBeInTheDocument();
  });
});
