import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCompany, adminUser, connectionOf, signInAsAdmin } from '../../test/adminFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminUsersPage.tsx');
});

const claire = adminUser(7);
const paul = adminUser(8, {
  email: 'paul.durand@transports-durand.fr',
  fullName: 'Paul Durand',
  typologies: ['CARRIER'],
  invitationState: 'PENDING',
  lastSignInAt: null,
});
const old = adminUser(9, { fullName: 'Anne Petit', invitationState: 'EXPIRED', lastSignInAt: null });
const gone = adminUser(10, { fullName: 'Marc Leroy', active: false });

async function openUsers() {
  const view = await signInAsAdmin('/admin/utilisateurs');
  const query = await resolveOperation(view.environment, 'AdminUsersPageQuery', {
    Query: { admin: { users: connectionOf([claire, paul, old, gone]) } },
  });
  await screen.findByRole('heading', { level: 1, name: 'Utilisateurs' });
  return { ...view, query };
}

async function openInvite(view: Awaited<ReturnType<typeof openUsers>>) {
  await view.user.click(screen.getByRole('button', { name: 'Inviter un utilisateur' }));
  return screen.findByRole('dialog', { name: 'Inviter un utilisateur' });
}

/** Opens a picker, answers its search with those companies and picks the first. */
async function pickCompany(
  view: { user: Awaited<ReturnType<typeof openUsers>>['user']; environment: MockEnvironment },
  dialog: HTMLElement,
  companies: readonly object[],
) {
  await view.user.click(within(dialog).getByRole('combobox', { name: 'Sociétés' }));
  const search = await resolveOperation(view.environment, 'AdminComboboxQuery', {
    Query: { admin: { companies: connectionOf(companies) } },
  });
  const listbox = await screen.findByRole('listbox');
  await view.user.click(within(listbox).getAllByRole('option')[0] as HTMLElement);
  return search;
}

describe('the users', () => {
  it('lists the accounts with their typologies, state and last sign-in', async () => {
    const view = await openUsers();
    expect(view.query.request.variables).toEqual({ search: null });
    const table = screen.getByRole('table', { name: '4 utilisateurs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nom', 'Adresse e-mail', 'Typologies', 'État', 'Dernière connexion']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Actif',
      'Invitation en attente',
      'Invitation expirée',
      'Désactivé',
    ]);
    expect(rows[0]).toHaveTextContent('2 mars 2030 à 10:00');
    expect(rows[1]).toHaveTextContent('Transporteur');
    expect(rows[1]).toHaveTextContent('Jamais');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Paul Durand' })).toHaveAttribute(
      'href',
      '/admin/utilisateurs/8',
    );
  });

  it('checks the invitation with the domain’s rules before sending it', async () => {
    const view = await openUsers();
    const dialog = await openInvite(view);
    expect(dialog).toHaveTextContent('Une société donne un accès complet à tous ses établissements');
    expect(within(dialog).queryByLabelText(/mot de passe/i)).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await within(dialog).findByText(messages.required)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.adminTypologyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.adminUserNeedsAccess)).toBeInTheDocument();

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Adresse e-mail' }), 'pas-une-adresse');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Téléphone' }), '04 72');
    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await within(dialog).findByText(messages.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.phoneFormat)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('UserFormDialogInviteMutation');
  });

  it('invites a user attached to a company, shows what the api refuses, then opens the new account', async () => {
    const view = await openUsers();
    const dialog = await openInvite(view);
    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Adresse e-mail' }),
      'lea@martin-industries.fr',
    );
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Léa');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Producteur' }));
    const search = await pickCompany(view, dialog, [adminCompany(12, 'Martin Industries')]);
    expect(search.request.variables).toMatchObject({ search: null, companies: true, carriers: false });
    const chosen = within(dialog).getByRole('list', { name: 'Sociétés' });
    expect(within(chosen).getByText('Martin Industries')).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    const invite = await findOperation(view.environment, 'UserFormDialogInviteMutation');
    expect(invite.request.variables.input).toMatchObject({
      email: 'lea@martin-industries.fr',
      firstname: 'Léa',
      lastname: null,
      phone: null,
      typologies: ['PRODUCER'],
      companyIds: [btoa('AdminCompany:12')],
      establishmentIds: [],
      chantierIds: [],
    });
    const taken = 'Un compte utilise déjà cette adresse e-mail';
    await resolveOperation(view.environment, 'UserFormDialogInviteMutation', {
      AdminUserPayload: {
        user: null,
        userErrors: [{ field: ['input', 'email'], message: taken, code: null }],
      },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Adresse e-mail' })).toHaveAccessibleDescription(
        taken,
      ),
    );

    // An access refused lands under its picker, by the graph's name of the field.
    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    await resolveOperation(view.environment, 'UserFormDialogInviteMutation', {
      AdminUserPayload: {
        user: null,
        userErrors: [{ field: ['input', 'companyIds'], message: messages.adminUnknownReference, code: null }],
      },
    });
    expect(await within(dialog).findByText(messages.adminUnknownReference)).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    await resolveOperation(view.environment, 'UserFormDialogInviteMutation', {
      AdminUserPayload: { user: adminUser(11, { email: 'lea@martin-industries.fr' }), userErrors: [] },
    });
    expect(
      await screen.findByText(messages.adminInvitationSent('lea@martin-industries.fr')),
    ).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/utilisateurs/11'));
  });

  it('gives access to chantiers only, picked from an establishment, and says the access is limited', async () => {
    const view = await openUsers();
    const dialog = await openInvite(view);
    await view.user.click(within(dialog).getByRole('combobox', { name: 'Chantiers : établissement' }));
    await resolveOperation(view.environment, 'AdminComboboxQuery', {
      Query: {
        admin: {
          establishments: connectionOf([
            {
              id: btoa('AdminEstablishment:21'),
              databaseId: 21,
              name: 'Usine de Lyon Gerland',
              companyName: 'Martin Industries',
              city: 'Lyon',
            },
          ]),
        },
      },
    });
    await view.user.click(
      within(await screen.findByRole('listbox')).getAllByRole('option')[0] as HTMLElement,
    );
    const chantiers = await findOperation(view.environment, 'UserAccessFieldsChantiersQuery');
    expect(chantiers.request.variables).toEqual({ establishmentId: btoa('AdminEstablishment:21') });
    await resolveOperation(view.environment, 'UserAccessFieldsChantiersQuery', {
      Query: {
        admin: {
          chantiers: [
            { databaseId: 5, name: 'Chantier Part-Dieu' },
            { databaseId: 6, name: 'Chantier Confluence' },
          ],
        },
      },
    });
    await view.user.click(await within(dialog).findByRole('checkbox', { name: 'Chantier Confluence' }));
    expect(within(dialog).getByRole('list', { name: 'Chantiers' })).toHaveTextContent(
      'Martin Industries > Usine de Lyon Gerland > Chantier Confluence',
    );
    expect(within(dialog).getByText(/Accès limité aux chantiers choisis/)).toBeInTheDocument();
  });
});
