import { SimpleGrid } from '@chakra-ui/react';
import { ResponsiveBar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { MonthlyCharts_dashboard$key } from '../../__generated__/MonthlyCharts_dashboard.graphql.ts';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';
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
  const costKeys = [
    t('dashboard.figures.treatmentCost'),
    t('dashboard.figures.transportCost'),
    t('dashboard.figures.recyclingRevenue'),
    t('dashboard.figures.purchasePrice'),
  ];
  const flows = [...new Set((data.wasteChart ?? []).map((row) => row.label ?? unknownFlow))];
  const wasteByDay = new Map<number, Record<string, string | number>>();
  for (const row of data.wasteChart ?? []) {
    const entry = wasteByDay.get(row.day) ?? { day: String(row.day) };
    entry[row.label ?? unknownFlow] = Number(row.tonnes);
    wasteByDay.set(row.day, entry);
  }
  const legend = {
    dataFrom: 'keys' as const,
    anchor: 'bottom' as const,
    direction: 'row' as const,
    translateY: 50,
    itemWidth: 120,
    itemHeight: 14,
  };

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ChartSection
        title={t('dashboard.monthly.wasteByDay')}
        chart={
          <ResponsiveBar
            data={[...wasteByDay.values()]}
            keys={flows}
            indexBy="day"
            margin={{ top: 10, right: 10, bottom: 60, left: 60 }}
            valueFormat={(value) => `${formatTonnes(String(value))} t`}
            enableLabel={false}
            legends={[legend]}
            role="img"
            ariaLabel={t('dashboard.monthly.wasteByDay')}
          />
        }
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
          <ResponsiveBar
            data={(data.costChart ?? []).map((row) => ({
              day: String(row.day),
              [costKeys[0] as string]: Number(row.costs.treatmentCost),
              [costKeys[1] as string]: Number(row.costs.transportCost),
              [costKeys[2] as string]: Number(row.costs.recyclingRevenue),
              [costKeys[3] as string]: Number(row.costs.purchasePrice),
            }))}
            keys={costKeys}
            indexBy="day"
            groupMode="grouped"
            margin={{ top: 10, right: 10, bottom: 60, left: 70 }}
            valueFormat={(value) => formatEuros(String(value)) ?? ''}
            enableLabel={false}
            axisLeft={{ format: (value) => formatEuros(String(value)) ?? '' }}
            legends={[legend]}
            role="img"
            ariaLabel={t('dashboard.monthly.costsByDay')}
          />
        }
        headers={[t('dashboard.monthly.day'), ...costKeys]}
        rows={(data.costChart ?? []).map((row) => [
          String(row.day),
          formatEuros(row.costs.treatmentCost) ?? '',
          formatEuros(row.costs.transportCost) ?? '',
          formatEuros(row.costs.recyclingRevenue) ?? '',
          formatEuros(row.costs.purchasePrice) ?? '',
        ])}
      />
    </SimpleGrid>
  );
}
