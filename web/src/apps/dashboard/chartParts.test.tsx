import { describe, expect, it } from 'vitest';
import { renderRoutes, screen } from '../../test/TestWrapper.tsx';
import { ChartLegend, daysOf, SERIES_COLORS, seriesColor, tonnesByPeriod } from './chartParts.tsx';
import { ChartSection } from './DashboardCharts.tsx';

describe('the dashboard charts’ series', () => {
  it('order the wastes of stacked bars by tonnes, as the waste distribution does, so each keeps its colour', () => {
    const { keys, data } = tonnesByPeriod(
      [
        { month: 1, label: 'Verre', tonnes: '2.000' },
        { month: 1, label: 'Bois', tonnes: '1.000' },
        { month: 2, label: 'Bois', tonnes: '4.500' },
        { month: 2, label: null, tonnes: '0.500' },
        { month: 3, label: 'Métaux', tonnes: '2.000' },
      ],
      (line) => `M${line.month}`,
      'Autre',
    );
    // Bois 5.5 t, then Métaux and Verre 2 t each (alphabetical), then the waste without a flow.
    expect(keys).toEqual(['Bois', 'Métaux', 'Verre', 'Autre']);
    expect(data).toEqual([
      { index: 'M1', Verre: 2, Bois: 1 },
      { index: 'M2', Bois: 4.5, Autre: 0.5 },
      { index: 'M3', Métaux: 2 },
    ]);
  });

  it('give every day of a month its place, empty when nothing was collected, and name a few on the axis', () => {
    const { days, ticks } = daysOf(2024, 2);
    expect(days).toHaveLength(29);
    expect(ticks).toEqual(['1', '5', '10', '15', '20', '25']);
    expect(daysOf(2025, 12).days.at(-1)).toBe('31');
    const { data } = tonnesByPeriod(
      [{ day: 3, label: 'Bois', tonnes: '1.500' }],
      (line) => String(line.day),
      'Autre',
      days,
    );
    expect(data).toHaveLength(29);
    expect(data.slice(0, 4)).toEqual([
      { index: '1' },
      { index: '2' },
      { index: '3', Bois: 1.5 },
      { index: '4' },
    ]);
  });

  it('give twelve series twelve colours, the same to a series in each chart that lists it at the same place', () => {
    const keys = Array.from({ length: 12 }, (_, index) => `Déchet ${index + 1}`);
    const colorOf = seriesColor(keys);
    expect(new Set(keys.map((id) => colorOf({ id }))).size).toBe(12);
    expect(colorOf({ id: 'Déchet 3' })).toBe(SERIES_COLORS[2]);
    expect(seriesColor(['Déchet 3'])({ id: 'Déchet 3' })).toBe(SERIES_COLORS[0]);
  });

  it('name each series in a legend that wraps below the chart', async () => {
    renderRoutes([{ path: '/', element: <ChartLegend keys={['Traitement', 'Transport']} /> }]);
    const items = await screen.findAllByRole('listitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Traitement', 'Transport']);
  });
});

describe('a chart’s data table', () => {
  const section = (
    <ChartSection
      title="Évolution des coûts"
      anchor="couts"
      chart={<svg aria-label="graphique" />}
      columns={[{ label: 'Mois' }, { label: 'Coût', numeric: true }]}
      rows={[['janvier', '120 €']]}
    />
  );

  it('is drawn once the user opens it, and goes when closed', async () => {
    const { user } = renderRoutes([{ path: '/', element: section }]);
    await user.click(await screen.findByText('Voir les données du graphique'));
    const table = await screen.findByRole('table', { name: 'Évolution des coûts' });
    expect(table).toHaveTextContent('120 €');
    await user.click(screen.getByText('Voir les données du graphique'));
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
  });

  it('is not drawn while closed, and is open when a link leads to its chart', async () => {
    renderRoutes([{ path: '/', element: section }]);
    await screen.findByText('Voir les données du graphique');
    expect(screen.queryByRole('table', { hidden: true })).toBeNull();
    renderRoutes([{ path: '/', element: section }], { path: '/#couts' });
    expect(await screen.findByRole('table', { name: 'Évolution des coûts' })).toBeVisible();
  });
});
