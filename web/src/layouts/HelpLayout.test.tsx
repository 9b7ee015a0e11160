import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { HelpLayout } from './HelpLayout.tsx';

const topics = [
  { key: 'start', label: 'Premiers pas', to: '/aide/premiers-pas' },
  { key: 'pickups', label: 'Demander un enlèvement', to: '/aide/enlevements/demander' },
];

describe('HelpLayout', () => {
  it('lists the help topics, marks the current one and renders the page beside them', async () => {
    renderRoutes(
      [
        {
          path: '/aide',
          element: <HelpLayout topics={topics} />,
          children: [{ path: '*', element: <p>Contenu de la rubrique</p> }],
        },
      ],
      { path: '/aide/enlevements/demander' },
    );
    const nav = await screen.findByRole('navigation', { name: "Rubriques d'aide" });
    expect(within(nav).getByRole('link', { name: 'Premiers pas' })).toHaveAttribute(
      'href',
      '/aide/premiers-pas',
    );
    expect(within(nav).getByRole('link', { name: 'Demander un enlèvement' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Aide' })).toBeInTheDocument();
    expect(screen.getByText('Contenu de la rubrique')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contactez-nous' })).toHaveAttribute('href', '/contact');
  });
});
