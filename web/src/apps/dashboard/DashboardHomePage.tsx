import { EmptyState, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { DashboardHomePageQuery } from '../../__generated__/DashboardHomePageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { DashboardFilters } from './DashboardFilters.tsx';
import { SelectedEstablishmentCard } from './SelectedEstablishmentCard.tsx';

export const dashboardHomePageQuery = graphql`
  query DashboardHomePageQuery {
    viewer {
      firstname
      fullName
      ...SelectedEstablishmentCard_viewer
      ...DashboardFilters_viewer
    }
  }
`;

/**
 * The home screen (`/`). Its indicators come with the dashboard: until then it says so instead of showing
 * figures it does not have.
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
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="lg" bg="bg.panel">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <ChartIcon />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="2" maxW="xl">
            <EmptyState.Title as="h2">{t('dashboard.indicatorsTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('dashboard.indicatorsDescription')}</EmptyState.Description>
          </Stack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Stack>
  );
}

function ChartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 5-6" />
    </svg>
  );
}
