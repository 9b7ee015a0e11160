import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { MonthlyCharts_dashboard$key } from '../../__generated__/MonthlyCharts_dashboard.graphql.ts';
import { formatTonnes } from '../../i18n/format.ts';
import { CostBars, TonnesBars, tonnesByPeriod, useCostSeries } from './chartParts.tsx';
import { ChartSection } from './DashboardCharts.tsx';

/**
 * The charts of the month (`/details`): tonnes by day and waste, and costs by day, each with its data as a table.
 * Loaded apart (nivo is heavy) so the figures come first.
 */
export default function MonthlyCharts({ dashboard }: { dashboard: MonthlyCharts_dashboard$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment MonthlyCharts_dashboard on MonthlyDashboard {
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
  const wasteByDay = tonnesByPeriod(data.wasteChart ?? [], (row) => String(row.day), unknownFlow);

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ChartSection
        title={t('dashboard.monthly.wasteByDay')}
        chart={<TonnesBars {...wasteByDay} label={t('dashboard.monthly.wasteByDay')} />}
        legend={wasteByDay.keys}
        headers={[t('dashboard.monthly.day'), t('dashboard.charts.flow'), t('dashboard.charts.tonnes')]}
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
            data={(data.costChart ?? []).map((row) => costs.row(String(row.day), row.costs))}
            keys={costs.keys}
            label={t('dashboard.monthly.costsByDay')}
          />
        }
        legend={costs.keys}
        headers={[t('dashboard.monthly.day'), ...costs.keys]}
        rows={(data.costChart ?? []).map((row) => [String(row.day), ...costs.cells(row.costs)])}
      />
    </SimpleGrid>
  );
}
