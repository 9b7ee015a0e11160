import { messages } from '@portal/domain';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';

async function openLoginPage(path = '/customer/Login') {
  const view = renderRoute(path);
  await resolveSession(view.environment, null);
  await screen.findByRole('heading', { level: 1, name: 'Connexion' });
  return view;
}

describe('login page', () => {
  it('is reachable whatever the case of the path', async () => {
    const { router } = await openLoginPage('/customer/login');
    expect(router.state.location.pathname).toBe('/customer/login');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/customer/Password',
    );
  });

  it('shows the zod messages of loginSchema under the fields, linked to them', async () => {
    const { user, environment } = await openLoginPage();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const email = screen.getByLabelText(/Adresse e-mail/);
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(await screen.findByText(messages.required)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(messages.required);
    expect(password).toHaveAccessibleDescription(messages.passwordRequired);
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
    // Nothing invalid reaches the gateway.
    expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).not.toContain(
      'LoginPageMutation',
    );
  });

  it('shows the userError the server returns and keeps the user on the page', async () => {
    const { user, environment, router } = await openLoginPage();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'claire@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    // The button shows the request in flight.
    await waitFor(() => expect(screen.getByRole('button', { name: /Se connecter/ })).toBeDisabled());
    const operation = await resolveOperation(environment, 'LoginPageMutation', {
      LoginPayload: {
        viewer: null,
        userErrors: [{ field: [], message: messages.invalidCredentials }],
      },
    });
    expect(operation.request.variables).toEqual({
      input: { email: 'claire@exemple.fr', password: 'mauvais' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/customer/Login');
  });

  it('signs in and follows the guards: terms not accepted yet lead to /cgu', async () => {
    const { user, environment, router } = await openLoginPage(
      '/customer/Login?redirect=%2F%3Fetablissement%3D3',
    );
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'claire@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await resolveOperation(environment, 'LoginPageMutation', {
      LoginPayload: { viewer: { id: 'VXNlcjox', hasAcceptedCGU: false }, userErrors: [] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cgu'));
    // The guard read the session from the store (the mutation's updater): no second session request.
    const pending = environment.mock.getAllOperations().map((op) => op.request.node.params.name);
    expect(pending).toEqual(['CguPageQuery']);
  });

  it('sends a signed-in user who opens the login page to the page they asked for', async () => {
    const view = renderRoute('/customer/Login?redirect=%2Fcgu');
    await resolveSession(view.environment, { hasAcceptedCGU: false });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/cgu'));
  });
});
