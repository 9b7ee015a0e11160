import { SimpleGrid } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { MonthlyCharts_dashboard$key } from '../../__generated__/MonthlyCharts_dashboard.graphql.ts';
import { formatTonnes } from '../../i18n/format.ts';
import { CostBars, daysOf, TonnesBars, tonnesByPeriod, useCostSeries } from './chartParts.tsx';
import { ChartSection } from './DashboardCharts.tsx';

/**
 * The charts of the month (`/details`): tonnes by day and waste, and costs by day, each with its data as a table.
 * Loaded apart (nivo is heavy) so the figures come first.
 * Memoized: the router re-renders its screens at each change of its state (a navigation starting), and redrawing
 * this at the click held the click up.
 */
export default memo(function MonthlyCharts({ dashboard }: { dashboard: MonthlyCharts_dashboard$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment MonthlyCharts_dashboard on MonthlyDashboard {
        year
        month
        wasteChart {
          day
          flow
          label
          tonnes
        }
        costChart {
          day
          costs {
            treatmentCost
            transportCost
            recyclingRevenue
            purchasePrice
          }
        }
      }
    `,
    dashboard,
  );
  const unknownFlow = t('dashboard.charts.unknownFlow');
  const costs = useCostSeries();
  // Every day of the month has its place on the axis, so the rhythm of the collections shows.
  const { days, ticks } = daysOf(data.year, data.month);
  const wasteByDay = tonnesByPeriod(data.wasteChart ?? [], (row) => String(row.day), unknownFlow, days);
  const costsByDay = new Map((data.costChart ?? []).map((row) => [String(row.day), row.costs]));

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ChartSection
        title={t('dashboard.monthly.wasteByDay')}
        chart={<TonnesBars {...wasteByDay} ticks={ticks} label={t('dashboard.monthly.wasteByDay')} />}
        legend={wasteByDay.keys}
        columns={[
          { label: t('dashboard.monthly.day') },
          { label: t('dashboard.charts.flow') },
          { label: t('dashboard.charts.tonnes'), numeric: true },
        ]}
        rows={(data.wasteChart ?? []).map((row) => [
          String(row.day),
          row.label ?? unknownFlow,
          `${formatTonnes(row.tonnes)} t`,
        ])}
      />
      <ChartSection
        title={t('dashboard.monthly.costsByDay')}
        chart={
          <CostBars
            data={days.map((day) => {
              const dayCosts = costsByDay.get(day);
              return dayCosts ? costs.row(day, dayCosts) : { index: day };
            })}
            keys={costs.keys}
            ticks={ticks}
            label={t('dashboard.monthly.costsByDay')}
          />
        }
        legend={costs.keys}
        columns={[
          { label: t('dashboard.monthly.day') },
          ...costs.keys.map((label) => ({ label, numeric: true })),
        ]}
        rows={(data.costChart ?? []).map((row) => [String(row.day), ...costs.cells(row.costs)])}
      />
    </SimpleGrid>
  );
});
