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
import { currentMonth, currentYear } from './dashboardParams.ts';

/** The monthly view (`/details`): the period of the URL, the month in brief, each waste to its final codes. */

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');

const costs = {
  treatmentCost: '213.75',
  transportCost: '105.00',
  recyclingRevenue: '0.00',
  purchasePrice: '0.00',
};
const light = {
  operations: 3,
  tonnes: '2.500',
  containers: 2,
  establishments: 1,
  providers: 1,
  incidents: 1,
  treatmentCost: '213.75',
  transportCost: '105.00',
};

async function openDetails(path: string, month: { operations: number; year: number; month: number }) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  const resolvers = viewerResolvers({ establishments: [gerland] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'DetailsPageQuery', resolvers);
  const query = await resolveOperation(view.environment, 'MonthlyFiguresQuery', {
    Query: {
      dashboardYears: [2025, 2024],
      monthlyDashboard: {
        year: month.year,
        month: month.month,
        summary: {
          operations: month.operations,
          tonnes: '2.500',
          costs,
          valorisation: {
            materialTonnes: '1.500',
            energyTonnes: '1.000',
            disposalTonnes: '0.000',
            transitTonnes: '0.000',
            valorisationRate: '100.0',
            materialRate: '60.0',
            energyRate: '40.0',
          },
          co2: {
            emitted: '1.608',
            avoided: '-2.659',
            uncovered: '0.000',
            factorsVersion: 'v1',
            uncertainty: 'u',
          },
        },
        light: {
          current: { ...light, operations: month.operations, year: month.year, month: month.month },
          previous: { ...light, operations: 5, tonnes: '12.000', year: 2025, month: 2 },
        },
        byWaste: [
          {
            thirdLevelWaste: {
              id: globalId('ThirdLevelWaste', 2),
              databaseId: 2,
              label: 'Emballages en carton',
            },
            wasteCode: { code: '15 01 01' },
            flowLabel: 'Papier-carton',
            operations: 3,
            tonnes: '2.500',
            costs,
            treatments: [
              {
                family: 'MATERIAL',
                familyLabel: 'Valorisation matière',
                treatmentCode: { code: 'R 3', description: 'Recyclage des substances organiques' },
                tonnes: '1.500',
                operations: 2,
              },
              {
                family: 'TRANSIT',
                familyLabel: 'Transit (traitement final inconnu)',
                treatmentCode: { code: 'R 13', description: 'Stockage' },
                tonnes: '1.000',
                operations: 1,
              },
            ],
          },
        ],
        wasteChart: [],
        costChart: [],
      },
    },
  });
  return { view, query };
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

describe('the monthly view', () => {
  it('opens on this month by default, in the selection of the URL', async () => {
    const { query } = await openDetails('/details?etablissement=12', {
      operations: 3,
      year: currentYear(),
      month: currentMonth(),
    });
    expect(query.request.variables).toMatchObject({
      year: currentYear(),
      month: currentMonth(),
      scope: { side: 'PRODUCER', producerSiteId: globalId('Establishment', 12) },
    });
  });

  it('shows the month in brief beside the month before, and each waste down to its final codes', async () => {
    await openDetails('/details?etablissement=12&annee=2025&mois=3', { operations: 3, year: 2025, month: 3 });
    expect(await screen.findByRole('heading', { name: 'Indicateurs de mars 2025' })).toBeInTheDocument();
    const brief = screen.getByRole('region', { name: 'Le mois en bref' });
    expect(brief.textContent?.replace(/\s/g, ' ')).toContain('5 en février 2025');
    expect(brief.textContent?.replace(/\s/g, ' ')).toContain('12 t en février 2025');
    // Each figure keeps its unit on its line, however narrow its card.
    const costs = within(brief).getByText(/€ HT$/, { selector: 'p:not(:last-child)' });
    expect(getComputedStyle(costs).whiteSpace).toBe('nowrap');
    const trace = screen.getByRole('region', { name: 'Par déchet, jusqu’au traitement final' });
    const row = within(trace).getByRole('row', { name: /Emballages en carton/ });
    expect(row).toHaveTextContent('15 01 01');
    expect(row).toHaveTextContent('R 3');
    expect(row).toHaveTextContent('Valorisation matière · 1,5 t');
    expect(row).toHaveTextContent('Transit (traitement final inconnu) · 1 t');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('318,75 €');
    // Each waste leads to its own operations of the month, under its code.
    expect(
      within(row).getByRole('link', { name: 'Voir les 3 opérations « Emballages en carton » du mois' }),
    ).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=12&filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31&dechet=2&code_dechet=15+01+01',
    );
    // The operations behind: those carried out in the month, in the same selection.
    expect(screen.getByRole('link', { name: 'Voir les opérations du mois' })).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=12&filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31',
    );
  });

  it('says when a month has nothing rather than showing zeros', async () => {
    await openDetails('/details?etablissement=12&annee=2025&mois=8', { operations: 0, year: 2025, month: 8 });
    expect(
      await screen.findByRole('heading', { name: 'Aucune opération réalisée en août 2025' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Le mois en bref' })).not.toBeInTheDocument();
  });

  it('moves to the next month across the year, and asks for its figures', async () => {
    const { view } = await openDetails('/details?etablissement=12&annee=2024&mois=12', {
      operations: 3,
      year: 2024,
      month: 12,
    });
    await view.user.click(await screen.findByRole('button', { name: 'Mois suivant' }));
    await waitFor(() => expect(search(view).get('mois')).toBe('1'));
    expect(search(view).get('annee')).toBe('2025');
    const next = await findOperation(view.environment, 'MonthlyFiguresQuery');
    expect(next.request.variables).toMatchObject({ year: 2025, month: 1 });
  });
});
