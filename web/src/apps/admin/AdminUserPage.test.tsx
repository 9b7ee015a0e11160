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
  await import('./AdminUserPage.tsx');
});

const history = [
  {
    databaseId: 90,
    at: '2030-03-01T10:00:00Z',
    actorEmail: 'admin@demo.fr',
    action: 'USER_UPDATE',
    actionLabel: 'Utilisateur modifié',
    targetType: 'USER',
    targetDatabaseId: 7,
    targetLabel: 'claire.martin@martin-industries.fr',
    before: JSON.stringify({ firstname: 'Claire', phone: null, typologies: ['producer'] }),
    after: JSON.stringify({ firstname: 'Claire', phone: '0472000000', typologies: ['producer', 'carrier'] }),
  },
];

async function resolvePage(environment: MockEnvironment, user: object) {
  return resolveOperation(environment, 'AdminUserPageQuery', {
    Query: { admin: { user, auditEntries: connectionOf(history) } },
  });
}

async function openUser(user: object = adminUser(7)) {
  const view = await signInAsAdmin('/admin/utilisateurs/7');
  const query = await resolvePage(view.environment, user);
  await screen.findByRole('heading', { level: 1, name: 'Claire Martin' });
  return { ...view, query };
}

describe('an account', () => {
  it('shows its profile, dates, access, permissions and history, and never a password', async () => {
    const view = await openUser();
    expect(view.query.request.variables).toEqual({ databaseId: 7, userId: btoa('AdminUser:7') });
    const dates = screen.getByRole('region', { name: 'Invitation et connexions' });
    expect(dates).toHaveTextContent('Dernière connexion2 mars 2030 à 10:00');
    expect(
      within(screen.getByRole('list', { name: 'Sociétés' })).getByRole('link', { name: 'Martin Industries' }),
    ).toHaveAttribute('href', '/admin/societes/12');
    const permissions = screen.getByRole('list', { name: 'Permissions' });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Consulter le tableau de bord (dashboard:read)',
      'Consulter ses établissements (site:read)',
      'Créer des contenants (skip:create)',
    ]);
    // Its password is its own: no invitation to send again either.
    expect(screen.queryByRole('button', { name: "Renvoyer l'invitation" })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Historique : 1 modification' }),
    ).toBeInTheDocument();
  });

  it('deactivates the account only after a confirmation saying its sessions close at once', async () => {
    const view = await openUser();
    await view.user.click(screen.getByRole('button', { name: 'Désactiver' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Désactiver le compte de Claire Martin ?',
    });
    expect(confirm).toHaveTextContent('Ses sessions seront fermées immédiatement');
    expect(pendingOperationNames(view.environment)).not.toContain('AdminUserPageActiveMutation');

    // Cancelling leaves the account as it is.
    await view.user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain('AdminUserPageActiveMutation');

    await view.user.click(screen.getByRole('button', { name: 'Désactiver' }));
    const again = await screen.findByRole('alertdialog', { name: 'Désactiver le compte de Claire Martin ?' });
    await view.user.click(within(again).getByRole('button', { name: 'Désactiver' }));
    const mutation = await findOperation(view.environment, 'AdminUserPageActiveMutation');
    expect(mutation.request.variables.input).toEqual({ id: btoa('AdminUser:7'), active: false });
    await resolveOperation(view.environment, 'AdminUserPageActiveMutation', {
      AdminUserPayload: { user: adminUser(7, { active: false }), userErrors: [] },
    });
    expect(await screen.findByText(messages.adminUserDeactivated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Réactiver' })).toBeInTheDocument());
    // The history gains the change.
    await findOperation(view.environment, 'AdminUserPageQuery');
  });

  it('sends the invitation again while the account has no password', async () => {
    const view = await openUser(
      adminUser(7, {
        invitationState: 'EXPIRED',
        lastSignInAt: null,
        invitationExpiresAt: '2030-01-23T09:00:00Z',
      }),
    );
    expect(screen.getByText('Invitation expirée')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: "Renvoyer l'invitation" }));
    const resend = await findOperation(view.environment, 'AdminUserPageResendMutation');
    expect(resend.request.variables.input).toEqual({ id: btoa('AdminUser:7') });
    await resolveOperation(view.environment, 'AdminUserPageResendMutation', {
      AdminUserPayload: {
        user: adminUser(7, { invitationState: 'PENDING', lastSignInAt: null }),
        userErrors: [],
      },
    });
    expect(
      await screen.findByText(messages.adminInvitationSent('claire.martin@martin-industries.fr')),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Invitation en attente')).toBeInTheDocument());
  });

  it('edits the profile and access, telling when nothing changed', async () => {
    const view = await openUser();
    await view.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'utilisateur" });
    expect(within(dialog).queryByRole('textbox', { name: 'Adresse e-mail' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Producteur' })).toBeChecked();
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(messages.noChange)).toBeInTheDocument();

    await view.user.click(
      within(dialog).getByRole('button', { name: 'Retirer la société Martin Industries' }),
    );
    await view.user.click(within(dialog).getByRole('combobox', { name: 'Sociétés' }));
    await resolveOperation(view.environment, 'AdminComboboxQuery', {
      Query: { admin: { companies: connectionOf([adminCompany(40, 'Recyclage du Rhône')]) } },
    });
    await view.user.click(
      within(await screen.findByRole('listbox')).getAllByRole('option')[0] as HTMLElement,
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const update = await findOperation(view.environment, 'UserFormDialogUpdateMutation');
    expect(update.request.variables.input).toEqual({
      id: btoa('AdminUser:7'),
      firstname: 'Claire',
      lastname: 'Martin',
      phone: '0472000000',
      function: 'Responsable environnement',
      typologies: ['PRODUCER'],
      companyIds: [btoa('AdminCompany:40')],
      establishmentIds: [],
      chantierIds: [],
    });
    await resolveOperation(view.environment, 'UserFormDialogUpdateMutation', {
      AdminUserPayload: {
        user: adminUser(7, { companies: [adminCompany(40, 'Recyclage du Rhône')] }),
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Sociétés' })).toHaveTextContent('Recyclage du Rhône'),
    );
  });
});
