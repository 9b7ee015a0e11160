import { messages } from '@portal/domain/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, resolveOperation, screen } from '../../test/TestWrapper.tsx';

const LINK = '/customer/Resetpassword?id=42&token=jeton-unique';

function passwordFields() {
  return {
    password: screen.getByLabelText(/^Nouveau mot de passe/),
    confirmPassword: screen.getByLabelText(/^Confirmation du mot de passe/),
    submit: screen.getByRole('button', { name: 'Enregistrer le mot de passe' }),
  };
}

async function fillValidPasswords(user: ReturnType<typeof renderRoute>['user']) {
  const { password, confirmPassword, submit } = passwordFields();
  await user.type(password, 'Nouveau1!');
  await user.type(confirmPassword, 'Nouveau1!');
  await user.click(submit);
}

describe('reset password page', () => {
  it("shows each password rule's message under the field as the user types, then the mismatch", async () => {
    const { user } = renderRoute(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
    const { password, confirmPassword, submit } = passwordFields();

    await user.click(submit);
    expect(await screen.findByText(messages.passwordEmpty)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordConfirmEmpty)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(messages.passwordEmpty);
    expect(confirmPassword).toHaveAccessibleDescription(messages.passwordConfirmEmpty);

    await user.type(password, 'abc');
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();

    await user.type(password, 'defgh');
    expect(await screen.findByText(messages.passwordFormat)).toBeInTheDocument();
    expect(screen.queryByText(messages.passwordTooShort)).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Abcdef1!');
    await waitFor(() => expect(screen.queryByText(messages.passwordFormat)).not.toBeInTheDocument());

    await user.type(confirmPassword, 'Abcdef1?');
    expect(await screen.findByText(messages.passwordMismatch)).toBeInTheDocument();
    expect(confirmPassword).toHaveAccessibleDescription(messages.passwordMismatch);

    await user.clear(confirmPassword);
    await user.type(confirmPassword, 'Abcdef1!');
    await waitFor(() => expect(screen.queryByText(messages.passwordMismatch)).not.toBeInTheDocument());
  });

  it('sends the id and token of the link and offers the login page on success', async () => {
    const { user, environment } = renderRoute(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
    await fillValidPasswords(user);
    const operation = await resolveOperation(environment, 'ResetPasswordPageMutation', {
      ResetPasswordPayload: { ok: true, linkExpired: false, userErrors: [] },
    });
    expect(operation.request.variables).toEqual({
      input: { userId: 42, token: 'jeton-unique', password: 'Nouveau1!', confirmPassword: 'Nouveau1!' },
    });
    expect(await screen.findByText(/Votre mot de passe a été modifié/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/customer/Login');
  });

  it('offers to ask again when the link has expired', async () => {
    const { user, environment, router } = renderRoute(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
    await fillValidPasswords(user);
    await resolveOperation(environment, 'ResetPasswordPageMutation', {
      ResetPasswordPayload: { ok: false, linkExpired: true, userErrors: [] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.resetLinkExpired);
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Faire une nouvelle demande' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/Password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();
  });

  it('puts the server rule violations under their field', async () => {
    const { user, environment } = renderRoute(LINK);
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' });
    await fillValidPasswords(user);
    await resolveOperation(environment, 'ResetPasswordPageMutation', {
      ResetPasswordPayload: {
        ok: false,
        linkExpired: false,
        userErrors: [{ field: ['password'], message: messages.passwordFormat }],
      },
    });
    expect(await screen.findByText(messages.passwordFormat)).toBeInTheDocument();
    expect(passwordFields().password).toHaveAccessibleDescription(messages.passwordFormat);
  });

  it('says the link is incomplete when the token is missing', async () => {
    renderRoute('/customer/Resetpassword?id=42');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien de réinitialisation est incomplet');
    expect(screen.getByRole('link', { name: 'Faire une nouvelle demande' })).toHaveAttribute(
      'href',
      '/customer/Password',
    );
  });
});

describe('invitation page', () => {
  const INVITATION = '/customer/Invitation?id=57&token=jeton-invitation';

  it("sets the new account's first password with the invitation's token, then offers to sign in", async () => {
    const { user, environment } = renderRoute(INVITATION);
    await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur le portail' });
    expect(screen.getByText(/Choisissez votre mot de passe/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Bienvenue1!');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Bienvenue1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer mon mot de passe' }));
    const operation = await resolveOperation(environment, 'ResetPasswordPageMutation', {
      ResetPasswordPayload: { ok: true, linkExpired: false, userErrors: [] },
    });
    expect(operation.request.variables).toEqual({
      input: {
        userId: 57,
        token: 'jeton-invitation',
        password: 'Bienvenue1!',
        confirmPassword: 'Bienvenue1!',
      },
    });
    expect(await screen.findByText(/Votre mot de passe est enregistré/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/customer/Login');
  });

  it('sends a spent invitation to the login page, not to a password reset', async () => {
    const { user, environment } = renderRoute(INVITATION);
    await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur le portail' });
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Bienvenue1!');
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'Bienvenue1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer mon mot de passe' }));
    await resolveOperation(environment, 'ResetPasswordPageMutation', {
      ResetPasswordPayload: { ok: false, linkExpired: true, userErrors: [] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Ce lien d'invitation a expiré ou a déjà servi",
    );
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/customer/Login');
  });
});
