import { EmptyState, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { SkipsTabQuery } from '../../__generated__/SkipsTabQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { useDashboardSelection } from '../dashboard/DashboardSelection.tsx';
import { DeliveryList } from './DeliveryList.tsx';
import { IncomingDeliveries } from './IncomingDeliveries.tsx';
import { SkipList } from './SkipList.tsx';
import { skipsSiteSelection } from './skipsTabParams.ts';

export const skipsTabQuery = graphql`
  query SkipsTabQuery(
    $siteId: Int!
    $withSite: Boolean!
    $entityId: ID
    $states: [SkipState!]
    $provider: Boolean!
  ) {
    viewer {
      id
      ownSiteTypology
      isRetriever
      ...IncomingDeliveries_viewer @include(if: $provider) @alias(as: "incoming")
    }
    site: establishment(databaseId: $siteId) @include(if: $withSite) {
      databaseId
      ...SkipList_establishment @arguments(entityId: $entityId, states: $states)
      ...DeliveryList_establishment
    }
  }
`;

/**
 * The containers tab of `/operations` (SPEC 2, 4): the containers of the selected site with their deliveries
 * and, for a provider, the deliveries ordered from its sites. A producer works on its selected establishment; a
 * provider on the selected client's site, where its clients' containers stand.
 */
export function SkipsTab() {
  const { t } = useTranslation();
  const { viewer, site } = usePreloadedRouteQuery<SkipsTabQuery>(skipsTabQuery);
  const { selection } = useDashboardSelection();
  if (!viewer) return null;
  const provider = viewer.ownSiteTypology === 'RETRIEVER';
  const { siteId, entityId } = skipsSiteSelection(viewer, selection);
  // The URL may name a site the selection then corrects: the query follows the URL, shown only once they agree.
  const shown = siteId !== null && site?.databaseId === siteId ? site : null;

  return (
    <Stack gap="10">
      {viewer.incoming && <IncomingDeliveries viewer={viewer.incoming} />}
      {shown ? (
        <>
          <SkipList
            establishment={shown}
            entityId={entityId === null ? null : globalId('Entity', entityId)}
          />
          <DeliveryList establishment={shown} />
        </>
      ) : (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="lg" bg="bg.panel">
          <EmptyState.Content>
            <Stack textAlign="center" gap="2" maxW="xl">
              <EmptyState.Title as="h2">{t('skips.title')}</EmptyState.Title>
              <EmptyState.Description>
                {provider ? t('skips.chooseClient') : t('skips.chooseEstablishment')}
              </EmptyState.Description>
            </Stack>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Stack>
  );
}
