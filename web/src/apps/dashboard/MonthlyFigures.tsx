import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { cents, fromCents } from '@portal/domain/costs';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MonthlyFigures_light$key } from '../../__generated__/MonthlyFigures_light.graphql.ts';
import type { MonthlyFigures_month$key } from '../../__generated__/MonthlyFigures_month.graphql.ts';
import type { MonthlyFiguresQuery } from '../../__generated__/MonthlyFiguresQuery.graphql.ts';
import { ChartSkeleton, ChartsPlaceholder } from '../../components/Skeletons.tsx';
import { WhenNearViewport } from '../../components/WhenNearViewport.tsx';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';
import { CHARTS_MARGIN, WASTES_OF_MONTH_ANCHOR } from './chartAnchors.ts';
import { DashboardSummaryCards } from './DashboardSummaryCards.tsx';
import { monthlyVariables } from './dashboardParams.ts';
import { operationsOfPeriod } from './operationsLink.ts';
import { PeriodFigures, usePeriodQuery } from './PeriodFigures.tsx';
import { useLatestYear } from './useLatestYear.ts';
import { WasteTraceTable } from './WasteTraceTable.tsx';

export const monthlyFiguresQuery = graphql`
  query MonthlyFiguresQuery($scope: DashboardScope!, $year: Int!, $month: Int!) @preloadable {
    dashboardYears(scope: $scope)
    monthlyDashboard(year: $year, month: $month, scope: $scope) {
      year
      month
      summary {
        operations
        ...DashboardSummaryCards_summary
      }
      light {
        ...MonthlyFigures_light
      }
      ...WasteTraceTable_dashboard
      ...MonthlyCharts_dashboard
    }
  }
`;

/** nivo is heavy: the charts come in their own chunk, drawn once the user scrolls near them. */
const MonthlyCharts = lazy(() => import('./MonthlyCharts.tsx'));

/**
 * The monthly view (`/details`): the year and month of the URL (`?annee=`, `?mois=`, this month by
 * default), the month in brief beside the month before, its key figures, each waste down to its final treatment
 * codes, and its charts by day. A new period or selection keeps the previous figures on screen until the new ones
 * are there; an empty month says so rather than showing zeros that look like data.
 */
export function MonthlyFigures({ viewer }: { viewer: { ownSiteTypology: string } }) {
  const { t } = useTranslation();
  const { data, fresh, loading, failed, params } = usePeriodQuery<MonthlyFiguresQuery>(
    monthlyFiguresQuery,
    monthlyVariables,
    viewer,
  );
  const { dashboardYears, monthlyDashboard } = data;
  const { year, month, summary, light } = monthlyDashboard;
  const monthName = (t('dashboard.period.monthNames', { returnObjects: true }) as string[])[month - 1] ?? '';

  // The month stays when the latest year of a new scope is selected.
  useLatestYear({ fresh, years: dashboardYears, year });

  const operationsLink = (
    <Link asChild color="brand.fg" fontSize="sm">
      <RouterLink to={operationsOfPeriod(params, { year, month })}>
        {t('dashboard.monthly.seeOperations')}
      </RouterLink>
    </Link>
  );

  return (
    <PeriodFigures
      loading={loading}
      failed={failed}
      years={dashboardYears}
      period={{ year, month }}
      summary={summary}
      empty={{
        title: t('dashboard.monthly.emptyTitle', { month: monthName, year }),
        description: t('dashboard.monthly.emptyDescription'),
      }}
    >
      {(summary) => (
        <>
          <Heading as="h2" size="lg">
            {t('dashboard.monthly.figuresTitle', { month: monthName, year })}
          </Heading>
          {light ? <MonthInBrief light={light} /> : null}
          <DashboardSummaryCards
            summary={summary}
            operationsLink={operationsLink}
            codesAnchor={WASTES_OF_MONTH_ANCHOR}
          />
          <WasteTraceTable dashboard={monthlyDashboard} />
          <WhenNearViewport placeholder={<ChartsPlaceholder count={2} />} margin={CHARTS_MARGIN}>
            <Suspense fallback={<ChartSkeleton />}>
              <MonthlyCharts dashboard={monthlyDashboard} />
            </Suspense>
          </WhenNearViewport>
        </>
      )}
    </PeriodFigures>
  );
}

const monthFragment = graphql`
  fragment MonthlyFigures_month on DashboardMonthLight {
    operations
    tonnes
    containers
    establishments
    providers
    incidents
    treatmentCost
    transportCost
  }
`;

/** The month in brief, each count beside the month before's. */
function MonthInBrief({ light }: { light: MonthlyFigures_light$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const comparison = useFragment(
    graphql`
      fragment MonthlyFigures_light on DashboardMonthLightComparison {
        current {
          ...MonthlyFigures_month
        }
        previous {
          year
          month
          ...MonthlyFigures_month
        }
      }
    `,
    light,
  );
  const current = useFragment<MonthlyFigures_month$key>(monthFragment, comparison.current);
  const previous = {
    ...comparison.previous,
    ...useFragment<MonthlyFigures_month$key>(monthFragment, comparison.previous),
  };
  const previousName = (t('dashboard.period.monthNames', { returnObjects: true }) as string[])[
    previous.month - 1
  ];
  const tonnes = (value: string) => t('dashboard.figures.tonnes', { value: formatTonnes(value) });
  const euros = (a: string, b: string) =>
    t('dashboard.figures.excludingTax', { value: formatEuros(fromCents(cents(a) + cents(b))) });
  const stats: [string, string, string][] = [
    [t('dashboard.monthly.operations'), String(current.operations), String(previous.operations)],
    [t('dashboard.monthly.tonnes'), tonnes(current.tonnes), tonnes(previous.tonnes)],
    [
      t('dashboard.monthly.costs'),
      euros(current.treatmentCost, current.transportCost),
      euros(previous.treatmentCost, previous.transportCost),
    ],
    [t('dashboard.monthly.containers'), String(current.containers), String(previous.containers)],
    [t('dashboard.monthly.establishments'), String(current.establishments), String(previous.establishments)],
    [t('dashboard.monthly.incidents'), String(current.incidents), String(previous.incidents)],
  ];
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" size="md" id={headingId}>
        {t('dashboard.monthly.inBrief')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
        {stats.map(([label, value, before]) => (
          // The card's width is the unit of its figure's size: the figure and its unit stay on one line.
          <Stack
            key={label}
            gap="1"
            borderWidth="1px"
            borderRadius="lg"
            p="3"
            bg="bg.panel"
            containerType="inline-size"
          >
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontSize="min(1.25rem, 11cqi)" fontWeight="semibold" whiteSpace="nowrap">
              {value}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('dashboard.monthly.previous', { value: before, month: previousName, year: previous.year })}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
