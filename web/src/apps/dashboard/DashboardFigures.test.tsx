import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { establishment, globalId, viewerResolvers } from '../../test/fixtures.ts';
import {
  findOperation,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

/** The dashboard's figures: French formats, the operations behind them, the year, and empty years said so. */

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');

const summary = {
  operations: 4,
  tonnes: '1234.500',
  costs: {
    treatmentCost: '12345.50',
    transportCost: '265.00',
    recyclingRevenue: '0.00',
    purchasePrice: '30.75',
  },
  valorisation: {
    materialTonnes: '5.500',
    energyTonnes: '1.000',
    disposalTonnes: '4.000',
    transitTonnes: '0.200',
    valorisationRate: '61.9',
    materialRate: '52.4',
    energyRate: '9.5',
  },
  co2: {
    emitted: '3.256',
    avoided: '-2.659',
    uncovered: '3.200',
    factorsVersion: 'ademe-base-carbone-2026-11-v1',
    uncertainty: 'Estimations : incertitude de 20 à 50 %',
  },
};

async function openDashboard(path: string, figures: { years: number[]; year: number; operations?: number }) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ establishments: [gerland] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DashboardHomePageQuery', resolvers);
  const query = await resolveOperation(view.environment, 'DashboardFiguresQuery', {
    Query: {
      dashboardYears: figures.years,
      yearlyDashboard: {
        year: figures.year,
        summary: { ...summary, operations: figures.operations ?? summary.operations },
        costEvolution: [],
        wasteEvolution: [],
        treatmentDistribution: [],
        wasteDistribution: [],
        costsByWaste: [],
      },
    },
  });
  return { view, query };
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

describe('the dashboard figures', () => {
  it('asks for the year and scope of the URL and shows the figures in French formats, CO2 emitted and avoided apart', async () => {
    const { query } = await openDashboard('/?etablissement=12&annee=2025', {
      years: [2025, 2024],
      year: 2025,
    });
    expect(query.request.variables).toEqual({
      year: 2025,
      scope: {
        side: 'PRODUCER',
        producerSiteId: globalId('Establishment', 12),
        producerEntityId: null,
        retrieverSiteId: null,
        companyId: null,
        location: null,
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Indicateurs 2025' })).toBeInTheDocument();
    const quantities = screen.getByRole('region', { name: 'Quantités collectées' });
    expect(quantities).toHaveTextContent('1 234,5 t');
    expect(quantities).toHaveTextContent('4 opérations réalisées');
    // The operations behind the figures: the validated ones of the year, in the same selection.
    expect(within(quantities).getByRole('link', { name: 'Voir les opérations' })).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=12&filtre=validees&realise_du=2025-01-01&realise_au=2025-12-31',
    );
    const costs = screen.getByRole('region', { name: 'Coût de traitement' });
    expect(costs.textContent?.replace(/\s/g, ' ')).toContain('12 345,50 € HT');
    const rate = screen.getByRole('region', { name: 'Taux de valorisation' });
    expect(rate).toHaveTextContent('61,9 %');
    expect(rate).toHaveTextContent('hors du taux');
    // The rate leads to the final codes behind it, on the same page.
    expect(within(rate).getByRole('link', { name: 'Voir les codes de traitement finaux' })).toHaveAttribute(
      'href',
      '#codes-de-traitement',
    );
    const co2 = screen.getByRole('region', { name: 'Émissions de CO2' });
    expect(co2).toHaveTextContent('3,256 t éq. CO2');
    expect(co2).toHaveTextContent('Estimations : incertitude de 20 à 50 %');
  });

  it('keeps each figure on one line with its unit, says avoided emissions as a positive quantity, and lets the uncertainty wrap', async () => {
    await openDashboard('/?etablissement=12&annee=2025', { years: [2025, 2024], year: 2025 });
    const costs = await screen.findByRole('region', { name: 'Coût de traitement' });
    // The headline: amount, euro sign and "HT" joined by no-break spaces, on one line that fits its card.
    const headline = within(costs).getByText(/HT$/, { selector: 'p' });
    expect(headline.textContent).toMatch(/^12\u202f345,50\u00a0€\u00a0HT$/);
    expect(getComputedStyle(headline).whiteSpace).toBe('nowrap');
    for (const value of within(costs).getAllByText(/€/, { selector: 'dd' }))
      expect(value.textContent).not.toMatch(/ /);

    const co2 = screen.getByRole('region', { name: 'Émissions de CO2' });
    const [emitted, avoided] = within(co2).getAllByRole('definition');
    expect(emitted?.textContent).toMatch(/^3,256\u00a0t éq.\u00a0CO2$/);
    // The api's -2.659: 2,659 t avoided, no minus sign under a label that already says "avoided".
    expect(within(co2).getByText('Évitées')).toBeInTheDocument();
    expect(avoided?.textContent).toMatch(/^2,659\u00a0t éq.\u00a0CO2$/);
    expect(getComputedStyle(within(co2).getByText('Estimations : incertitude de 20 à 50 %')).whiteSpace).toBe(
      'normal',
    );
  });

  it('says when a year has nothing rather than showing zeros', async () => {
    await openDashboard('/?etablissement=12&annee=2023', { years: [2025], year: 2023, operations: 0 });
    expect(
      await screen.findByRole('heading', { name: 'Aucune opération réalisée en 2023' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quantités collectées' })).not.toBeInTheDocument();
  });

  it('selects the latest year of the scope when the URL names none and this year has no operation', async () => {
    const { view } = await openDashboard('/?etablissement=12', {
      years: [2025, 2024],
      year: 1999,
      operations: 0,
    });
    await waitFor(() => expect(search(view).get('annee')).toBe('2025'));
    expect(await findOperation(view.environment, 'DashboardFiguresQuery')).toBeDefined();
  });

  it('changes the year from the list, latest first', async () => {
    const { view } = await openDashboard('/?etablissement=12&annee=2025', {
      years: [2025, 2024],
      year: 2025,
    });
    const select = await screen.findByRole('combobox', { name: 'Année' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2025', '2024']);
    await view.user.selectOptions(select, '2024');
    await waitFor(() => expect(search(view).get('annee')).toBe('2024'));
    const next = await findOperation(view.environment, 'DashboardFiguresQuery');
    expect(next.request.variables).toMatchObject({ year: 2024 });
  });
});
