import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { establishment, viewerResolvers } from '../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../test/TestWrapper.tsx';

async function openDashboardAs(typologies: string[]) {
  const view = renderRoute('/?etablissement=12');
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ typologies, establishments: [establishment(12, 'Martin', 'Gerland')] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  const navigation = await screen.findByRole('navigation', { name: 'Navigation principale' });
  return { ...view, navigation };
}

describe('dashboard layout', () => {
  it('shows a producer their menu, each entry a link to its screen', async () => {
    const { navigation } = await openDashboardAs(['PRODUCER']);
    const dashboard = within(navigation).getByRole('link', { name: 'Tableau de bord' });
    // Links keep the selected establishment.
    expect(dashboard).toHaveAttribute('href', '/?etablissement=12');
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(within(navigation).getByRole('link', { name: 'Mes établissements' })).toHaveAttribute(
      'href',
      '/mes-etablissements?etablissement=12',
    );
    expect(within(navigation).getByRole('link', { name: 'Mes prestataires' })).toHaveAttribute(
      'href',
      '/mes-prestataires?etablissement=12',
    );
    expect(within(navigation).getByRole('link', { name: 'Suivi des déchets (registre)' })).toHaveAttribute(
      'href',
      '/suivi?etablissement=12',
    );
    expect(within(navigation).queryByText('Mes clients')).not.toBeInTheDocument();
    // Of the provider's activity, a producer reads the outlets its waste went to, and nothing else.
    expect(within(navigation).getByRole('link', { name: 'Mes exutoires' })).toBeInTheDocument();
    expect(within(navigation).queryByText('Mes exutoires par défaut')).not.toBeInTheDocument();
    expect(within(navigation).queryByText("Mes coûts d'activité")).not.toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Enlèvements dangereux' })).toHaveAttribute(
      'href',
      '/mes-enlevements-dangereux?etablissement=12',
    );
    expect(within(navigation).queryByText('Bientôt disponible')).not.toBeInTheDocument();
  });

  it('shows a retriever the mirror menu', async () => {
    const { navigation } = await openDashboardAs(['RETRIEVER']);
    expect(within(navigation).getByRole('link', { name: 'Mes clients' })).toBeInTheDocument();
    expect(within(navigation).getByText('Mon activité')).toBeInTheDocument();
    expect(within(navigation).getByText('Mes exutoires par défaut')).toBeInTheDocument();
    expect(within(navigation).queryByText('Mes prestataires')).not.toBeInTheDocument();
    expect(within(navigation).queryByText('Enlèvements dangereux')).not.toBeInTheDocument();
  });

  it("shows the user's name and a logout button in the header", async () => {
    await openDashboardAs(['CARRIER']);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Claire Martin')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
