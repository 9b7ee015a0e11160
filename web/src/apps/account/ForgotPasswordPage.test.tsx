import { messages } from '@portal/domain/messages';
import { describe, expect, it } from 'vitest';
import { renderRoute, resolveOperation, screen } from '../../test/TestWrapper.tsx';

describe('forgot password page', () => {
  it('asks for the mail and says it was sent', async () => {
    const { user, environment } = renderRoute('/customer/password');
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'claire@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    const operation = await resolveOperation(environment, 'ForgotPasswordPageMutation', {
      RequestPasswordResetPayload: { ok: true, userErrors: [] },
    });
    expect(operation.request.variables).toEqual({ input: { email: 'claire@exemple.fr' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Un e-mail contenant un lien de réinitialisation a été envoyé à claire@exemple.fr',
    );
  });

  it('shows that no account matches the address', async () => {
    const { user, environment } = renderRoute('/customer/Password');
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'inconnu@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    await resolveOperation(environment, 'ForgotPasswordPageMutation', {
      RequestPasswordResetPayload: {
        ok: false,
        userErrors: [{ field: ['email'], message: messages.unknownAccount }],
      },
    });
    expect(await screen.findByText(messages.unknownAccount)).toBeInTheDocument();
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveAccessibleDescription(messages.unknownAccount);
  });
});
