import { Box, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardFiguresQuery } from '../../__generated__/DashboardFiguresQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { ChartPlaceholder, ChartSkeleton, ChartsPlaceholder } from '../../components/Skeletons.tsx';
import { WhenNearViewport } from '../../components/WhenNearViewport.tsx';
import { CHARTS_MARGIN, TREATMENT_CODES_ANCHOR } from './chartAnchors.ts';
import { DashboardSummaryCards } from './DashboardSummaryCards.tsx';
import { dashboardVariables } from './dashboardParams.ts';
import { detailsOf, operationsOfPeriod } from './operationsLink.ts';
import { PeriodFigures, usePeriodQuery } from './PeriodFigures.tsx';
import { useLatestYear } from './useLatestYear.ts';

export const dashboardFiguresQuery = graphql`
  query DashboardFiguresQuery($scope: DashboardScope!, $year: Int!) {
    dashboardYears(scope: $scope)
    yearlyDashboard(year: $year, scope: $scope) {
      year
      summary {
        operations
        ...DashboardSummaryCards_summary
      }
      ...DashboardCharts_dashboard
    }
  }
`;

/**
 * nivo is heavy: the charts come in their own chunk, drawn once the user scrolls near them (below the key figures,
 * they are out of sight on a laptop's or a phone's screen as the page opens), or follows a link to one of them.
 */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));
/**
 * So is Leaflet: the map has a chunk (and a stylesheet) of its own, drawn once the user scrolls near it (below the
 * charts, it is out of sight when the page opens); its query starts with the route, so its data is there by then.
 */
const DashboardMap = lazy(() => import('./DashboardMap.tsx'));

/**
 * The year (latest first; `?annee=`, this year by default; a scope whose list lacks it selects its latest, SPEC 4),
 * the year's key figures and its charts, each figure leading to the operations behind it. An empty year says so
 * rather than showing zeros that look like data.
 */
export function DashboardFigures({ viewer }: { viewer: { ownSiteTypology: string } }) {
  const { t } = useTranslation();
  const { data, variables, fresh, loading, failed, params } = usePeriodQuery<DashboardFiguresQuery>(
    dashboardFiguresQuery,
    dashboardVariables,
    viewer,
  );
  const { dashboardYears, yearlyDashboard } = data;
  const year = yearlyDashboard.year;

  useLatestYear({ fresh, years: dashboardYears, year });

  const summary = yearlyDashboard.summary;
  // Named as the map's section, which replaces it.
  const mapPlaceholder = (
    <Box as="section" aria-label={t('dashboard.map.title')}>
      <ChartPlaceholder />
    </Box>
  );
  const operationsLink = (
    <Link asChild color="brand.fg" fontSize="sm">
      <RouterLink to={operationsOfPeriod(params, { year })}>
        {t('dashboard.figures.seeOperations')}
      </RouterLink>
    </Link>
  );

  return (
    <PeriodFigures
      loading={loading}
      failed={failed}
      years={dashboardYears}
      period={{ year }}
      summary={summary}
      empty={{ title: t('dashboard.emptyTitle', { year }), description: t('dashboard.emptyDescription') }}
    >
      {(summary) => (
        <>
          <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
            <Heading as="h2" size="lg">
              {t('dashboard.figuresTitle', { year })}
            </Heading>
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to={detailsOf(params, year)}>{t('dashboard.toDetails')}</RouterLink>
            </Link>
          </HStack>
          <DashboardSummaryCards
            summary={summary}
            operationsLink={operationsLink}
            codesAnchor={TREATMENT_CODES_ANCHOR}
          />
          <WhenNearViewport
            placeholder={<ChartsPlaceholder count={5} />}
            margin={CHARTS_MARGIN}
            anchors={[TREATMENT_CODES_ANCHOR]}
          >
            <Suspense fallback={<ChartSkeleton />}>
              <DashboardCharts dashboard={yearlyDashboard} />
            </Suspense>
          </WhenNearViewport>
          <ErrorBoundary
            fallback={
              <Text role="alert" color="fg.error">
                {t('dashboard.map.loadFailed')}
              </Text>
            }
          >
            <WhenNearViewport placeholder={mapPlaceholder}>
              <Suspense fallback={<ChartSkeleton />}>
                <DashboardMap variables={variables} />
              </Suspense>
            </WhenNearViewport>
          </ErrorBoundary>
        </>
      )}
    </PeriodFigures>
  );
}
