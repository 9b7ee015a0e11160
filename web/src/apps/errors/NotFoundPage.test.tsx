import { messages } from '@portal/domain/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, screen } from '../../test/TestWrapper.tsx';

describe('404 page', () => {
  it('answers an unknown path with the 404 title, the message and a button to the dashboard', async () => {
    const { router } = renderRoute('/nulle-part');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText(messages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accéder au tableau de bord' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/nulle-part');
    await waitFor(() => expect(document.title).toBe('Page introuvable · Portail déchets'));
  });
});
