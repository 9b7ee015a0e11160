import { Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { useFetchedVariables } from '../../relay/useFetchedVariables.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { type DashboardViewer, readPeriod, writePeriod } from './dashboardParams.ts';
import { PeriodEmptyState } from './PeriodEmptyState.tsx';
import { type Period, PeriodSelect } from './PeriodSelect.tsx';

/**
 * The figures of a period (the dashboard's year, the month of `/details`, the month's costs): the query of the
 * URL's selection and period, with the previous figures kept on screen while new ones load (`loading`), and
 * `fresh` once the data shown is the URL's.
 */
export function usePeriodQuery<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variablesOf: (viewer: DashboardViewer, params: URLSearchParams) => Q['variables'],
  viewer: DashboardViewer,
) {
  const [params] = useSearchParams();
  const search = params.toString();
  const wanted = useMemo(
    () => variablesOf({ ownSiteTypology: viewer.ownSiteTypology }, new URLSearchParams(search)),
    [variablesOf, viewer.ownSiteTypology, search],
  );
  const { variables, loading, failed } = useFetchedVariables<Q>(query, wanted);
  const data = useLazyLoadQuery<Q>(query, variables, { fetchPolicy: 'store-or-network' });
  return { data, variables, wanted, fresh: variables === wanted, loading, failed, params };
}

/**
 * A period's figures on screen: marked busy while the next ones load, the period's selector, and the figures, or an
 * error when they failed, or the period's empty state (said in words, never as zeros that look like data).
 */
export function PeriodFigures<Summary extends { operations: number }>({
  loading,
  failed,
  years,
  period,
  summary,
  empty,
  children,
}: {
  loading: boolean;
  failed: boolean;
  years: readonly number[];
  period: Period;
  /** The period's summary; null when its figures failed. */
  summary: Summary | null | undefined;
  empty: { title: string; description: string };
  /** The figures of a period with operations. */
  children: (summary: Summary) => ReactNode;
}) {
  const { t } = useTranslation();
  const updateSearch = useUpdateSearch();
  const monthly = period.month !== undefined;
  const failure = (
    <Text role="alert" color="fg.error">
      {t('dashboard.figuresFailed')}
    </Text>
  );
  return (
    <UpdatingRegion busy={loading}>
      <Stack gap="6">
        {failed && failure}
        <PeriodSelect
          years={years}
          period={period}
          onChange={(change) =>
            updateSearch((current) => writePeriod(current, change(readPeriod(current, monthly))))
          }
        />
        {summary === null || summary === undefined ? (
          failure
        ) : summary.operations === 0 ? (
          <PeriodEmptyState title={empty.title} description={empty.description} />
        ) : (
          children(summary)
        )}
      </Stack>
    </UpdatingRegion>
  );
}
