import { Box, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useLocation } from 'react-router-dom';
import type { DashboardCharts_dashboard$key } from '../../__generated__/DashboardCharts_dashboard.graphql.ts';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';
import { TREATMENT_CODES_ANCHOR } from './chartAnchors.ts';
import {
  ChartBox,
  ChartLegend,
  CostBars,
  SizedBar,
  SizedPie,
  seriesColor,
  TonnesBars,
  tonnesByPeriod,
  useCostSeries,
} from './chartParts.tsx';

/**
 * The charts of the year (SPEC 1, 2): treatment cost evolution, waste evolution, distribution by treatment type,
 * waste distribution and cost distribution by waste. Loaded apart (nivo is heavy) so the figures come first.
 * Each chart has its data as a table below it: readable without colour, and by screen readers.
 * Memoized: the router re-renders its screens at each change of its state (a navigation starting), and redrawing
 * this at the click held the click up.
 */
export default memo(function DashboardCharts({ dashboard }: { dashboard: DashboardCharts_dashboard$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment DashboardCharts_dashboard on YearlyDashboard {
        costEvolution {
          month
          costs {
            treatmentCost
            transportCost
            recyclingRevenue
            purchasePrice
          }
        }
        wasteEvolution {
          month
          flow
          label
          tonnes
        }
        treatmentDistribution {
          family
          familyLabel
          treatmentCode {
            code
            description
          }
          tonnes
          operations
        }
        wasteDistribution {
          flow
          label
          tonnes
          operations
        }
        costsByWaste {
          flow
          label
          costs {
            treatmentCost
            transportCost
          }
        }
      }
    `,
    dashboard,
  );
  const months = t('dashboard.charts.months', { returnObjects: true }) as string[];
  const monthLabel = (month: number) => months[month - 1] ?? String(month);
  const unknownFlow = t('dashboard.charts.unknownFlow');
  const costs = useCostSeries();
  const costKeys = costs.keys;
  const wasteByMonth = tonnesByPeriod(data.wasteEvolution ?? [], (row) => monthLabel(row.month), unknownFlow);
  // Most tonnes first, as the api orders them and as `tonnesByPeriod` orders the bars: one colour per waste.
  const wasteFlows = (data.wasteDistribution ?? []).map((row) => row.label ?? unknownFlow);

  const families = new Map<string, number>();
  for (const row of data.treatmentDistribution ?? []) {
    families.set(row.familyLabel, (families.get(row.familyLabel) ?? 0) + Number(row.tonnes));
  }

  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ChartSection
        title={t('dashboard.charts.costEvolution')}
        chart={
          <CostBars
            data={(data.costEvolution ?? []).map((row) => costs.row(monthLabel(row.month), row.costs))}
            keys={costKeys}
            label={t('dashboard.charts.costEvolution')}
          />
        }
        legend={costKeys}
        columns={[
          { label: t('dashboard.charts.month') },
          ...costKeys.map((label) => ({ label, numeric: true })),
        ]}
        rows={(data.costEvolution ?? []).map((row) => [monthLabel(row.month), ...costs.cells(row.costs)])}
      />
      <ChartSection
        title={t('dashboard.charts.wasteEvolution')}
        chart={<TonnesBars {...wasteByMonth} label={t('dashboard.charts.wasteEvolution')} />}
        legend={wasteByMonth.keys}
        columns={[
          { label: t('dashboard.charts.month') },
          { label: t('dashboard.charts.flow') },
          { label: t('dashboard.charts.tonnes'), numeric: true },
        ]}
        rows={(data.wasteEvolution ?? []).map((row) => [
          monthLabel(row.month),
          row.label ?? unknownFlow,
          `${formatTonnes(row.tonnes)} t`,
        ])}
      />
      <ChartSection
        anchor={TREATMENT_CODES_ANCHOR}
        title={t('dashboard.charts.treatmentDistribution')}
        chart={
          <SizedPie
            animate={false}
            data={[...families].map(([label, value]) => ({ id: label, label, value }))}
            margin={{ top: 20, right: 170, bottom: 20, left: 150 }}
            innerRadius={0.5}
            arcLinkLabelsDiagonalLength={10}
            arcLinkLabelsStraightLength={10}
            valueFormat={(value) => `${formatTonnes(String(value))} t`}
            arcLinkLabelsSkipAngle={8}
            arcLabelsSkipAngle={15}
            role="img"
          />
        }
        columns={[
          { label: t('dashboard.charts.family') },
          { label: t('dashboard.charts.treatmentCode') },
          { label: t('dashboard.charts.tonnes'), numeric: true },
          { label: t('dashboard.charts.operations'), numeric: true },
        ]}
        rows={(data.treatmentDistribution ?? []).map((row) => [
          row.familyLabel,
          `${row.treatmentCode.code} — ${row.treatmentCode.description}`,
          `${formatTonnes(row.tonnes)} t`,
          String(row.operations),
        ])}
      />
      <ChartSection
        title={t('dashboard.charts.wasteDistribution')}
        chart={
          <SizedPie
            animate={false}
            data={(data.wasteDistribution ?? []).map((row) => ({
              id: row.label ?? unknownFlow,
              label: row.label ?? unknownFlow,
              value: Number(row.tonnes),
            }))}
            margin={{ top: 20, right: 150, bottom: 20, left: 150 }}
            colors={seriesColor(wasteFlows)}
            valueFormat={(value) => `${formatTonnes(String(value))} t`}
            arcLinkLabelsSkipAngle={8}
            arcLabelsSkipAngle={15}
            role="img"
          />
        }
        columns={[
          { label: t('dashboard.charts.flow') },
          { label: t('dashboard.charts.tonnes'), numeric: true },
          { label: t('dashboard.charts.operations'), numeric: true },
        ]}
        rows={(data.wasteDistribution ?? []).map((row) => [
          row.label ?? unknownFlow,
          `${formatTonnes(row.tonnes)} t`,
          String(row.operations),
        ])}
      />
      <ChartSection
        title={t('dashboard.charts.costsByWaste')}
        chart={
          <SizedBar
            animate={false}
            data={(data.costsByWaste ?? []).map((row) => ({
              flow: row.label ?? unknownFlow,
              [costKeys[0] as string]: Number(row.costs.treatmentCost),
              [costKeys[1] as string]: Number(row.costs.transportCost),
            }))}
            keys={costKeys.slice(0, 2)}
            indexBy="flow"
            layout="horizontal"
            margin={{ top: 10, right: 20, bottom: 30, left: 220 }}
            colors={seriesColor(costKeys)}
            valueFormat={(value) => formatEuros(String(value)) ?? ''}
            axisBottom={{ format: (value) => formatEuros(String(value)) ?? '', tickValues: 4 }}
            enableLabel={false}
            role="img"
            ariaLabel={t('dashboard.charts.costsByWaste')}
          />
        }
        legend={costKeys.slice(0, 2)}
        columns={[
          { label: t('dashboard.charts.flow') },
          ...costKeys.slice(0, 2).map((label) => ({ label, numeric: true })),
        ]}
        rows={(data.costsByWaste ?? []).map((row) => [
          row.label ?? unknownFlow,
          formatEuros(row.costs.treatmentCost) ?? '',
          formatEuros(row.costs.transportCost) ?? '',
        ])}
      />
    </SimpleGrid>
  );
});

/** A chart with its title, and its data as a table for those who cannot or would rather not read the chart. */
export function ChartSection({
  title,
  chart,
  columns,
  rows,
  anchor,
  legend,
}: {
  title: string;
  chart: ReactNode;
  columns: readonly TableColumn[];
  rows: string[][];
  /** An id other parts of the page link to (`#anchor`): followed, it opens the data table too. */
  anchor?: string;
  /** The series of a chart whose colours need a key, in the chart's order (`seriesColor`). */
  legend?: readonly string[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { hash } = useLocation();
  const targeted = anchor !== undefined && hash === `#${anchor}`;
  // The table is drawn once opened (or when a link leads to its chart): hidden, it was work of every first render.
  const [tableOpen, setTableOpen] = useState(targeted);
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!targeted) return;
    setTableOpen(true);
    // Drawn after the browser looked for the anchor (the charts come when near, in a chunk of their own).
    section.current?.scrollIntoView();
  }, [targeted]);
  return (
    <Stack
      ref={section}
      as="section"
      id={anchor}
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg.panel"
    >
      <Heading as="h3" size="md" id={headingId}>
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('dashboard.charts.noData')}</Text>
      ) : (
        <>
          <ChartBox h="72" aria-hidden="true">
            {chart}
          </ChartBox>
          {legend && <ChartLegend keys={legend} />}
          <details open={tableOpen} onToggle={(event) => setTableOpen(event.currentTarget.open)}>
            <summary>{t('dashboard.charts.showData')}</summary>
            {tableOpen && (
              <Box mt="2">
                <ResponsiveTable labelledBy={headingId} cardsBelow="24rem" columns={columns}>
                  {rows.map((row) => (
                    <Table.Row key={row.join('|')}>
                      {row.map((cell, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns
                        <Table.Cell key={index}>{cell}</Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </ResponsiveTable>
              </Box>
            )}
          </details>
        </>
      )}
    </Stack>
  );
}
