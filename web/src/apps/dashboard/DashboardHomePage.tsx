import { Heading, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { DashboardHomePageQuery } from '../../__generated__/DashboardHomePageQuery.graphql.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { DashboardFigures } from './DashboardFigures.tsx';
import { DashboardFilters } from './DashboardFilters.tsx';
import { SelectedEstablishmentCard } from './SelectedEstablishmentCard.tsx';

export const dashboardHomePageQuery = graphql`
  query DashboardHomePageQuery {
    viewer {
      firstname
      fullName
      ownSiteTypology
      ...SelectedEstablishmentCard_viewer
      ...DashboardFilters_viewer
    }
  }
`;

/**
 * The home screen (`/`, SPEC 1, 2): the selection and filters, then the year's figures. The figures have their
 * own query (started by the route's loader) and their own loading state: changing the selection, a filter or
 * the year reloads them only, and the previous figures stay until the new ones are there.
 */
export function DashboardHomePage() {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<DashboardHomePageQuery>(dashboardHomePageQuery);
  if (!viewer) return null;
  return (
    <Stack gap="6">
      <PageTitle title={t('dashboard.title')} />
      <Heading as="h1" size="2xl">
        {t('dashboard.welcome', { name: viewer.firstname || viewer.fullName })}
      </Heading>
      <SelectedEstablishmentCard viewer={viewer} />
      <DashboardFilters viewer={viewer} />
      <Suspense fallback={<PageSpinner />}>
        <DashboardFigures viewer={viewer} />
      </Suspense>
    </Stack>
  );
}
