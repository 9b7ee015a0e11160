import { messages } from '@portal/domain/messages';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { establishment, viewerResolvers } from '../../test/fixtures.ts';
import { openOperationList, operationNode, operationPage, signIn } from '../../test/operationFixtures.ts';
import { gerland } from '../../test/skipFixtures.ts';
import {
  findOperation,
  pendingOperationNames,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

/**
 * A carrier's portal (SPEC 1, 6): its home shows the operations its establishments carry, its pick-ups list them
 * with their sites and dates, and what it may not open (the operations screen, the monthly figures, what waits
 * for a validation) is the page not found, as its menu does not offer it.
 */

const agency = establishment(70, 'Transports Garnier', 'Agence transport de Lyon');
const carried = operationNode({
  databaseId: 51,
  status: 'REALISED',
  statusLabel: 'Réalisée',
  realInterventionDate: '2030-03-14',
  // The carrier does not see the container: the operation names it.
  skip: null,
  skipName: 'Benne carton quai 2',
  viewerActions: [],
});

async function signInAsCarrier(path: string) {
  const view = renderRoute(path);
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    typologies: ['CARRIER'],
    ownSiteTypology: 'RETRIEVER',
    isRetriever: false,
  });
  await resolveOperation(
    view.environment,
    'DashboardLayoutQuery',
    viewerResolvers({ typologies: ['CARRIER'], establishments: [agency], linkedEstablishments: [gerland] }),
  );
  return view;
}

describe("a carrier's portal", () => {
  it('opens on the operations its establishments carry, without the figures of producers and providers', async () => {
    const view = await signInAsCarrier('/?etablissement=70');
    const home = await findOperation(view.environment, 'DashboardHomePageQuery');
    expect(home.request.variables).toEqual({ carrier: true });
    expect(pendingOperationNames(view.environment)).not.toContain('DashboardFiguresQuery');
    expect(pendingOperationNames(view.environment)).not.toContain('DashboardMapQuery');
    await resolveOperation(view.environment, 'DashboardHomePageQuery', {
      ...viewerResolvers({ typologies: ['CARRIER'], establishments: [agency] }),
      OperationConnection: operationPage([carried], { totalCount: 64 }),
    });
    const card = await screen.findByRole('region', { name: 'Vos transports' });
    const rows = within(card).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Benne carton quai 2');
    expect(rows[1]).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(rows[1]).toHaveTextContent('14/03/2030');
    expect(rows[1]).toHaveTextContent('Réalisée');
    expect(within(card).getByText('64 opérations')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Voir tous mes enlèvements' })).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=70',
    );
    expect(screen.queryByRole('region', { name: 'Établissement sélectionné' })).not.toBeInTheDocument();
  });

  it('lists its pick-ups without a tab of operations to validate', async () => {
    await openOperationList({
      path: '/mes-enlevements?etablissement=70',
      typologies: ['CARRIER'],
      establishments: [agency],
      linked: [gerland],
      operations: [carried],
    });
    const list = await screen.findByRole('region', { name: 'Historique des opérations' });
    expect(
      screen.getByText('Les opérations que vos établissements transportent, de la demande à la validation.'),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent('Benne carton quai 2');
    expect(screen.queryByRole('navigation', { name: 'Mes enlèvements' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Opérations à valider' })).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(menu).getByRole('link', { name: 'Mes établissements' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Mes clients' })).toBeInTheDocument();
    expect(within(menu).queryByText('Opérations')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Détail du mois')).not.toBeInTheDocument();
  });

  it.each([
    '/operations',
    '/operations/historique',
    '/details',
    '/mes-couts',
    '/mes-enlevements/operations-a-valider',
  ])('gets the page not found at %s, which its menu does not offer', async (path) => {
    // React reports the error the root boundary shows as the 404 page.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await signInAsCarrier(path);
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    for (const query of [
      'SkipsTabQuery',
      'OperationListPageQuery',
      'MonthlyFiguresQuery',
      'MonthlyCostsPageQuery',
    ]) {
      expect(pendingOperationNames(view.environment)).not.toContain(query);
    }
  });

  it('opens its clients, as a provider does', async () => {
    const view = await signInAsCarrier('/mes-clients');
    const list = await findOperation(view.environment, 'EstablishmentListPageQuery');
    expect(list.request.variables).toMatchObject({ linked: true });
  });
});

describe('the screens of one typology, for another', () => {
  it('gives a producer the page not found for the clients screen, and a provider for the providers one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const producer = await signIn({ path: '/mes-clients' });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(producer.environment)).not.toContain('EstablishmentListPageQuery');
    producer.unmount();
    const provider = await signIn({ path: '/mes-prestataires', typologies: ['RETRIEVER'] });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(provider.environment)).not.toContain('EstablishmentListPageQuery');
  });
});
