import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCompany,
  adminEstablishment,
  adminUser,
  connectionOf,
  signInAsAdmin,
} from '../../test/adminFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminCompanyPage.tsx');
});

const martin = adminCompany(12, 'Martin Industries');
const gerland = adminEstablishment(21, 'Usine de Lyon Gerland');
const depot = adminEstablishment(22, 'Dépôt de Villeurbanne', {
  postcode: '69100',
  city: 'Villeurbanne',
  typologies: ['PRODUCER', 'CARRIER'],
  active: false,
});

async function resolvePage(environment: MockEnvironment, company: object | null = martin) {
  return resolveOperation(environment, 'AdminCompanyPageQuery', {
    Query: {
      admin: {
        company,
        establishments: connectionOf([gerland, depot]),
        users: connectionOf([
          adminUser(7),
          adminUser(8, { fullName: 'Paul Durand', invitationState: 'PENDING' }),
        ]),
      },
    },
  });
}

async function openCompany() {
  const view = await signInAsAdmin('/admin/societes/12');
  const query = await resolvePage(view.environment);
  await screen.findByRole('heading', { level: 1, name: 'Martin Industries' });
  return { ...view, query };
}

const establishmentsTable = () => screen.getByRole('table', { name: '2 établissements' });

describe('a company', () => {
  it('shows its details, its establishments and the users who reach it', async () => {
    const view = await openCompany();
    expect(view.query.request.variables).toEqual({ databaseId: 12, companyId: btoa('AdminCompany:12') });
    const [first, second] = within(establishmentsTable()).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveTextContent('Usine de Lyon Gerland');
    expect(first).toHaveTextContent('69007 Lyon');
    expect(first).toHaveTextContent('Producteur');
    expect(second).toHaveTextContent('Producteur, Transporteur');
    expect(second).toHaveTextContent('Désactivé');
    expect(
      within(second).getByRole('button', { name: 'Réactiver Dépôt de Villeurbanne' }),
    ).toBeInTheDocument();

    const users = screen.getByRole('table', { name: '2 utilisateurs' });
    expect(within(users).getByRole('link', { name: 'Claire Martin' })).toHaveAttribute(
      'href',
      '/admin/utilisateurs/7',
    );
    expect(users).toHaveTextContent('Invitation en attente');
  });

  it('is the page not found when unknown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await signInAsAdmin('/admin/societes/999');
    await resolvePage(view.environment, null);
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
  });

  it('deactivates the company after a confirmation saying its users will no longer see its establishments', async () => {
    const view = await openCompany();
    const details = screen.getByRole('region', { name: 'Informations de la société' });
    await view.user.click(within(details).getByRole('button', { name: 'Désactiver' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Désactiver la société « Martin Industries » ?',
    });
    expect(confirm).toHaveTextContent('Ses utilisateurs ne verront plus ses établissements');
    expect(pendingOperationNames(view.environment)).not.toContain('AdminCompanyPageActiveMutation');
    await view.user.click(within(confirm).getByRole('button', { name: 'Désactiver' }));
    const mutation = await findOperation(view.environment, 'AdminCompanyPageActiveMutation');
    expect(mutation.request.variables.input).toEqual({ id: martin.id, active: false });
    await resolveOperation(view.environment, 'AdminCompanyPageActiveMutation', {
      AdminCompanyPayload: { company: { ...martin, active: false }, userErrors: [] },
    });
    expect(await screen.findByText(/ses utilisateurs ne voient plus ses établissements/)).toBeInTheDocument();
    // Its establishments' state follows: the page is read again.
    await findOperation(view.environment, 'AdminCompanyPageQuery');
  });

  it('adds an establishment to the list', async () => {
    const view = await openCompany();
    await view.user.click(screen.getByRole('button', { name: 'Nouvel établissement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel établissement' });
    await view.user.click(within(dialog).getByRole('button', { name: "Créer l'établissement" }));
    expect(await within(dialog).findByText(messages.adminTypologyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.postcodeFormat)).toBeInTheDocument();

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Entrepôt de Vénissieux');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Code postal' }), '69200');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Ville' }), 'Vénissieux');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Prestataire de collecte' }));
    await view.user.click(within(dialog).getByRole('button', { name: "Créer l'établissement" }));
    const create = await findOperation(view.environment, 'EstablishmentFormDialogCreateMutation');
    expect(create.request.variables.input).toMatchObject({
      companyId: martin.id,
      name: 'Entrepôt de Vénissieux',
      address: null,
      postcode: '69200',
      city: 'Vénissieux',
      siret: null,
      typologies: ['RETRIEVER'],
    });
    await resolveOperation(view.environment, 'EstablishmentFormDialogCreateMutation', {
      AdminEstablishmentPayload: {
        establishment: adminEstablishment(23, 'Entrepôt de Vénissieux', {
          postcode: '69200',
          city: 'Vénissieux',
          typologies: ['RETRIEVER'],
          company: { ...martin, establishmentCount: 3 },
        }),
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminSiteCreated)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: '3 établissements' })).toHaveTextContent(
        'Entrepôt de Vénissieux',
      ),
    );
  });
});

describe('the import of establishments', () => {
  const lines = [
    {
      line: 2,
      name: 'Usine de Saint-Priest',
      address: '3 rue de l’Industrie',
      postcode: '69800',
      city: 'Saint-Priest',
      siret: '73282932000090',
      typologies: 'Producteur',
      errors: [],
    },
    {
      line: 3,
      name: 'Quai de Givors',
      address: '',
      postcode: '6970',
      city: 'Givors',
      siret: '',
      typologies: 'Grossiste',
      errors: [
        'Ligne 3 : Code postal : Le code postal doit contenir 5 chiffres',
        'Ligne 3 : Typologies : « Grossiste » : Producteur, Prestataire de collecte, Transporteur attendus',
      ],
    },
  ];

  it('previews the file line by line, and imports only once the lines in error are to be left', async () => {
    const view = await openCompany();
    await view.user.click(screen.getByRole('button', { name: 'Importer des établissements' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Importer des établissements dans « Martin Industries »',
    });
    expect(within(dialog).getByRole('link', { name: 'Télécharger le modèle (CSV)' })).toHaveAttribute(
      'href',
      `data:text/csv;charset=utf-8,${encodeURIComponent('\uFEFFnom;adresse;code_postal;ville;siret;typologies\r\n')}`,
    );
    const submit = within(dialog).getByRole('button', { name: /^Importer/ });
    expect(submit).toBeDisabled();

    const content = 'nom;adresse;code_postal;ville;siret;typologies\nUsine;;69800;Saint-Priest;;Producteur\n';
    await view.user.upload(
      within(dialog).getByLabelText('Fichier (CSV ou XLSX)'),
      new File([content], 'sites.csv', { type: 'text/csv' }),
    );
    const preview = await findOperation(view.environment, 'EstablishmentImportDialogMutation');
    expect(preview.request.variables.input).toEqual({
      companyId: martin.id,
      fileName: 'sites.csv',
      contentBase64: btoa(content),
      commit: false,
    });
    await resolveOperation(view.environment, 'EstablishmentImportDialogMutation', {
      AdminImportEstablishmentsPayload: {
        lines,
        valid: 1,
        invalid: 1,
        created: 0,
        company: martin,
        userErrors: [],
      },
    });

    const table = await within(dialog).findByRole('table', { name: 'Aperçu des lignes du fichier' });
    const [valid, failing] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(valid).toHaveTextContent('Valide');
    expect(failing).toHaveTextContent('Ligne 3 : Code postal : Le code postal doit contenir 5 chiffres');
    expect(failing).toHaveTextContent(
      '« Grossiste » : Producteur, Prestataire de collecte, Transporteur attendus',
    );
    expect(dialog).toHaveTextContent('sites.csv : 2 lignes lues, 1 valide, 1 en erreur.');
    expect(within(dialog).getByText(messages.adminImportHasErrors(1))).toBeInTheDocument();
    const importButton = within(dialog).getByRole('button', { name: 'Importer 1 établissement' });
    expect(importButton).toBeDisabled();

    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Ignorer les lignes en erreur' }));
    expect(importButton).toBeEnabled();
    await view.user.click(importButton);
    const commit = await findOperation(view.environment, 'EstablishmentImportDialogMutation');
    expect(commit.request.variables.input).toMatchObject({
      commit: true,
      skipInvalid: true,
      fileName: 'sites.csv',
    });
    await resolveOperation(view.environment, 'EstablishmentImportDialogMutation', {
      AdminImportEstablishmentsPayload: {
        lines,
        valid: 1,
        invalid: 1,
        created: 1,
        company: { ...martin, establishmentCount: 3 },
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminImportDone(1))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The company's establishments are read again, the new one with them.
    await findOperation(view.environment, 'AdminCompanyPageQuery');
  });

  it('says in the dialog what makes the file unreadable', async () => {
    const view = await openCompany();
    await view.user.click(screen.getByRole('button', { name: 'Importer des établissements' }));
    const dialog = await screen.findByRole('dialog', { name: /Importer des établissements/ });
    await view.user.upload(
      within(dialog).getByLabelText('Fichier (CSV ou XLSX)'),
      new File(['nom,ville\n'], 'sites.csv', { type: 'text/csv' }),
    );
    const header = messages.adminImportHeader('nom, adresse, code_postal, ville, siret, typologies');
    await resolveOperation(view.environment, 'EstablishmentImportDialogMutation', {
      AdminImportEstablishmentsPayload: {
        lines: [],
        valid: 0,
        invalid: 0,
        created: 0,
        company: martin,
        userErrors: [{ field: ['input', 'contentBase64'], message: header, code: null }],
      },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(header);
    expect(within(dialog).getByRole('button', { name: /^Importer/ })).toBeDisabled();
  });
});
