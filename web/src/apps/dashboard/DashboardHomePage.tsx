import { Heading, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { DashboardHomePageQuery } from '../../__generated__/DashboardHomePageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FiguresSkeleton } from '../../components/Skeletons.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { CarrierHome } from './CarrierHome.tsx';
import { DashboardFigures } from './DashboardFigures.tsx';
import { DashboardFilters } from './DashboardFilters.tsx';
import { SelectedEstablishmentCard } from './SelectedEstablishmentCard.tsx';

export const dashboardHomePageQuery = graphql`
  query DashboardHomePageQuery($carrier: Boolean!) {
    viewer {
      firstname
      fullName
      ownSiteTypology
      ...SelectedEstablishmentCard_viewer
      ...DashboardFilters_viewer
      ...CarrierHome_viewer @include(if: $carrier) @alias(as: "carrier")
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
  const welcome = (
    <>
      <PageTitle title={t('dashboard.title')} />
      <Heading as="h1" size="2xl">
        {t('dashboard.welcome', { name: viewer.firstname || viewer.fullName })}
      </Heading>
    </>
  );
  // A carrier's home (the route's loader asked for it): what it carries, no figures.
  if (viewer.carrier) {
    return (
      <Stack gap="6">
        {welcome}
        <CarrierHome viewer={viewer.carrier} />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      {welcome}
      <SelectedEstablishmentCard viewer={viewer} />
      <DashboardFilters viewer={viewer} />
      <Suspense fallback={<FiguresSkeleton />}>
        <DashboardFigures viewer={viewer} />
      </Suspense>
    </Stack>
  );
}
