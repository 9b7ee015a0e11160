import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { DetailsPageQuery } from '../../__generated__/DetailsPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FiguresSkeleton } from '../../components/Skeletons.tsx';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { DashboardFilters } from './DashboardFilters.tsx';
import { MonthlyFigures } from './MonthlyFigures.tsx';
import { SelectedEstablishmentCard } from './SelectedEstablishmentCard.tsx';
import { selectionSearch } from './selection.ts';

export const detailsPageQuery = graphql`
  query DetailsPageQuery @preloadable {
    viewer {
      ownSiteTypology
      ...SelectedEstablishmentCard_viewer
      ...DashboardFilters_viewer
    }
  }
`;

/**
 * The detailed dashboard (`/details`, SPEC 2): the selection and filters, as on `/`, then the figures of
 * one month, with their own query (started by the route's loader) and loading state.
 */
export function DetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { viewer } = usePreloadedRouteQuery<DetailsPageQuery>(detailsPageQuery);
  if (!viewer) return null;
  return (
    <Stack gap="6">
      <PageTitle title={t('dashboard.monthly.title')} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('dashboard.monthly.title')}
        </Heading>
        <Text color="fg.muted">
          <Link asChild color="brand.fg">
            <RouterLink to={{ pathname: paths.dashboard, search: selectionSearch(params) }}>
              {t('dashboard.monthly.toYear')}
            </RouterLink>
          </Link>
        </Text>
      </Stack>
      <SelectedEstablishmentCard viewer={viewer} />
      <DashboardFilters viewer={viewer} />
      <Suspense fallback={<FiguresSkeleton />}>
        <MonthlyFigures viewer={viewer} />
      </Suspense>
    </Stack>
  );
}
