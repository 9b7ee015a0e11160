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
import { currentMonth, currentYear } from '../dashboard/dashboardParams.ts';

/**
 * My costs (`/mes-couts`): the month of the URL in the dashboard selection, French formats, tables by
 * establishment and by waste with their totals, an empty month said so, a failure said so, and a new month that
 * never blanks the page.
 */

const gerland = establishment(12, 'Martin Industries', 'Usine de Lyon Gerland');
const vaise = establishment(13, 'Martin Industries', 'Atelier de Vaise');

const figures = (overrides: Record<string, unknown> = {}) => ({
  operations: 3,
  tonnes: '1234.500',
  treatmentCost: '12345.50',
  transportCost: '265.00',
  recyclingRevenue: '100.00',
  purchasePrice: '30.75',
  netCost: '12479.75',
  ...overrides,
});

const march = {
  year: 2025,
  month: 3,
  total: figures(),
  byEstablishment: [
    {
      establishment: { databaseId: 13, displayName: 'Martin Industries > Atelier de Vaise' },
      figures: figures({ operations: 1, tonnes: '1000.000', treatmentCost: '10000.00', netCost: '10000.00' }),
    },
    {
      establishment: { databaseId: 12, displayName: 'Martin Industries > Usine de Lyon Gerland' },
      figures: figures({ operations: 2, tonnes: '234.500', treatmentCost: '2345.50', netCost: '2479.75' }),
    },
  ],
  byWaste: [
    {
      waste: {
        id: globalId('ThirdLevelWaste', 2),
        databaseId: 2,
        label: 'Emballages en carton',
        wasteCode: { code: '15 01 01' },
      },
      figures: figures({ operations: 2 }),
    },
    { waste: null, figures: figures({ operations: 1 }) },
  ],
};

type Month =
  | typeof march
  | { year: number; month: number; total: ReturnType<typeof figures>; byEstablishment: []; byWaste: [] }
  | null;

async function openCosts(path: string, monthlyCosts: Month, viewer: { retriever?: boolean } = {}) {
  const view = renderRoute(path);
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    ownSiteTypology: viewer.retriever ? 'RETRIEVER' : 'PRODUCER',
    isRetriever: viewer.retriever === true,
  });
  const resolvers = viewerResolvers({
    typologies: viewer.retriever ? ['RETRIEVER'] : ['PRODUCER'],
    establishments: [gerland, vaise],
  });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'MonthlyCostsPageQuery', resolvers);
  const query = await resolveOperation(view.environment, 'MonthlyCostsQuery', {
    Query: { dashboardYears: [2025, 2024], monthlyCosts },
  });
  return { view, query };
}

const search = (view: { router: { state: { location: { search: string } } } }) =>
  new URLSearchParams(view.router.state.location.search);

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

describe('my costs', () => {
  it('asks for the month and scope of the URL and shows the total and both tables in French formats', async () => {
    const { query } = await openCosts('/mes-couts?etablissement=12&annee=2025&mois=3', march);
    expect(query.request.variables).toEqual({
      year: 2025,
      month: 3,
      scope: {
        side: 'PRODUCER',
        producerSiteId: globalId('Establishment', 12),
        producerEntityId: null,
        retrieverSiteId: null,
        companyId: null,
        location: null,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes coûts' })).toBeInTheDocument();
    // The month's section draws once its query has answered, which may come after the page's title.
    expect(await screen.findByRole('heading', { level: 2, name: 'Coûts — mars 2025' })).toBeInTheDocument();

    const total = screen.getByRole('region', { name: 'Total du mois' });
    expect(text(total)).toContain('1 234,5 t');
    expect(text(total)).toContain('3 opérations réalisées');
    expect(text(total)).toContain('12 345,50 € HT');
    expect(text(total)).toContain('Total net');
    expect(text(total)).toContain('12 479,75 € HT');
    expect(within(total).getByRole('link', { name: 'Voir les opérations' })).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=12&filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31',
    );

    const byEstablishment = within(screen.getByRole('region', { name: 'Par établissement' })).getByRole(
      'table',
    );
    const [header, ...rows] = within(byEstablishment).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Établissement',
      'Tonnes',
      'Traitement (HT)',
      'Transport (HT)',
      'Recette de recyclage (HT)',
      'Prix de rachat (HT)',
      'Total net (HT)',
      'Opérations',
    ]);
    expect(rows).toHaveLength(3);
    const vaiseRow = within(byEstablishment).getByRole('rowheader', {
      name: 'Martin Industries > Atelier de Vaise',
    }).parentElement as HTMLElement;
    expect(text(vaiseRow)).toContain('1 000 t');
    expect(text(vaiseRow)).toContain('10 000,00 €');
    // Numbers are right-aligned.
    expect(within(vaiseRow).getAllByText(/10 000,00/)[0]).toHaveStyle({ textAlign: 'end' });
    // Each establishment leads to its own operations of the month; the selected chantier only stays on its own.
    expect(within(vaiseRow).getByRole('link')).toHaveAccessibleName(
      'Voir les opérations : Martin Industries > Atelier de Vaise',
    );
    expect(within(vaiseRow).getByRole('link')).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=13&filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31',
    );
    // The total at the foot of the table.
    const totalRow = within(byEstablishment).getByRole('rowheader', { name: 'Total' })
      .parentElement as HTMLElement;
    expect(text(totalRow)).toContain('12 345,50 €');

    const byWaste = within(screen.getByRole('region', { name: 'Par déchet' })).getByRole('table');
    const carton = within(byWaste).getByRole('rowheader', { name: 'Emballages en carton' })
      .parentElement as HTMLElement;
    expect(text(carton)).toContain('15 01 01');
    expect(within(byWaste).getByRole('rowheader', { name: 'Déchet non classé' })).toBeInTheDocument();
    // A waste leads to its operations of the month; an unclassified one has nowhere to lead.
    expect(
      within(carton).getByRole('link', { name: 'Voir les opérations : Emballages en carton' }),
    ).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=12&filtre=validees&realise_du=2025-03-01&realise_au=2025-03-31&dechet=2',
    );
    expect(within(byWaste).getAllByRole('link')).toHaveLength(1);
  });

  it('opens on this month by default', async () => {
    const { query } = await openCosts('/mes-couts', march);
    expect(query.request.variables).toMatchObject({ year: currentYear(), month: currentMonth() });
  });

  it('says when a month has no realised operation rather than showing zeros', async () => {
    await openCosts('/mes-couts?annee=2025&mois=8', {
      year: 2025,
      month: 8,
      total: figures({
        operations: 0,
        tonnes: '0.000',
        treatmentCost: '0.00',
        transportCost: '0.00',
        recyclingRevenue: '0.00',
        purchasePrice: '0.00',
        netCost: '0.00',
      }),
      byEstablishment: [],
      byWaste: [],
    });
    expect(
      await screen.findByRole('heading', { name: 'Aucune opération réalisée en août 2025' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/0,00 €/)).not.toBeInTheDocument();
  });

  it('steps to the previous month on the URL and keeps the figures on screen while they load', async () => {
    const { view } = await openCosts('/mes-couts?annee=2025&mois=1', { ...march, month: 1 });
    await screen.findByRole('heading', { level: 2, name: 'Coûts — janvier 2025' });
    await view.user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    await waitFor(() => expect(search(view).get('mois')).toBe('12'));
    expect(search(view).get('annee')).toBe('2024');
    const next = await findOperation(view.environment, 'MonthlyCostsQuery');
    expect(next.request.variables).toMatchObject({ year: 2024, month: 12 });
    // January's figures stay, marked busy, until December's are there.
    const january = screen.getByRole('heading', { level: 2, name: 'Coûts — janvier 2025' });
    expect(january.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('combobox', { name: 'Mois' })).toHaveValue('12');
    await resolveOperation(view.environment, 'MonthlyCostsQuery', {
      Query: { dashboardYears: [2025, 2024], monthlyCosts: { ...march, year: 2024, month: 12 } },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Coûts — décembre 2024' }),
    ).toBeInTheDocument();
  });

  it('says when the costs could not be loaded, and offers to try again', async () => {
    const { view } = await openCosts('/mes-couts?annee=2025&mois=3', null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Les coûts n'ont pas pu être chargés");
    await view.user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const retry = await findOperation(view.environment, 'MonthlyCostsQuery');
    expect(retry.request.variables).toMatchObject({ year: 2025, month: 3 });
  });

  it('gives a provider its side, without links per establishment (its list is by client)', async () => {
    const { query } = await openCosts('/mes-couts?annee=2025&mois=3', march, { retriever: true });
    expect(query.request.variables).toMatchObject({ scope: { side: 'RETRIEVER' } });
    const table = within(await screen.findByRole('region', { name: 'Par établissement' })).getByRole('table');
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total du mois' })).getByRole('link'),
    ).toBeInTheDocument();
  });
});
