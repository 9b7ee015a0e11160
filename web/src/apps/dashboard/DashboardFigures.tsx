import { Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { DashboardFiguresQuery } from '../../__generated__/DashboardFiguresQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useFetchedVariables } from '../../relay/useFetchedVariables.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { TREATMENT_CODES_ANCHOR } from './chartAnchors.ts';
import { DashboardSummaryCards } from './DashboardSummaryCards.tsx';
import { dashboardVariables, readPeriod, writePeriod } from './dashboardParams.ts';
import { detailsOf, operationsOfPeriod } from './operationsLink.ts';
import { PeriodEmptyState } from './PeriodEmptyState.tsx';
import { PeriodSelect } from './PeriodSelect.tsx';
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

/** nivo is heavy: the charts come in their own chunk, after the figures. */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));
/** So is Leaflet: the map has a chunk (and a stylesheet) of its own. */
const DashboardMap = lazy(() => import('./DashboardMap.tsx'));

/**
 * The year (latest first; `?annee=`, this year by default; a scope whose list lacks it selects its latest, SPEC 4),
 * the year's key figures and its charts, each figure leading to the operations behind it. An empty year says so
 * rather than showing zeros that look like data.
 */
export function DashboardFigures({ viewer }: { viewer: { ownSiteTypology: string } }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const search = params.toString();
  const wanted = useMemo(
    () => dashboardVariables({ ownSiteTypology: viewer.ownSiteTypology }, new URLSearchParams(search)),
    [viewer.ownSiteTypology, search],
  );
  const { variables, loading, failed } = useFetchedVariables<DashboardFiguresQuery>(
    dashboardFiguresQuery,
    wanted,
  );
  const { dashboardYears, yearlyDashboard } = useLazyLoadQuery<DashboardFiguresQuery>(
    dashboardFiguresQuery,
    variables,
    { fetchPolicy: 'store-or-network' },
  );
  const year = yearlyDashboard.year;

  useLatestYear({ fresh: variables === wanted, years: dashboardYears, year });

  const summary = yearlyDashboard.summary;
  const operationsLink = (
    <Link asChild color="brand.fg" fontSize="sm">
      <RouterLink to={operationsOfPeriod(params, { year })}>
        {t('dashboard.figures.seeOperations')}
      </RouterLink>
    </Link>
  );

  return (
    <Stack gap="6" aria-busy={loading} opacity={loading ? 0.6 : 1} transition="opacity 0.2s">
      {failed && (
        <Text role="alert" color="fg.error">
          {t('dashboard.figuresFailed')}
        </Text>
      )}
      <PeriodSelect
        years={dashboardYears}
        period={{ year }}
        onChange={(change) =>
          updateSearch((current) => writePeriod(current, change(readPeriod(current, false))))
        }
      />
      {summary === null || summary === undefined ? (
        <Text role="alert" color="fg.error">
          {t('dashboard.figuresFailed')}
        </Text>
      ) : summary.operations === 0 ? (
        <PeriodEmptyState
          title={t('dashboard.emptyTitle', { year })}
          description={t('dashboard.emptyDescription')}
        />
      ) : (
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
          <Suspense fallback={<PageSpinner />}>
            <DashboardCharts dashboard={yearlyDashboard} />
          </Suspense>
          <ErrorBoundary
            fallback={
              <Text role="alert" color="fg.error">
                {t('dashboard.map.loadFailed')}
              </Text>
            }
          >
            <Suspense fallback={<PageSpinner />}>
              <DashboardMap variables={variables} />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </Stack>
  );
}
