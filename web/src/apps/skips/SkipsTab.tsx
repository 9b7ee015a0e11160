import { Stack } from '@chakra-ui/react';
import { graphql } from 'react-relay';
import type { SkipsTabQuery } from '../../__generated__/SkipsTabQuery.graphql.ts';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { globalId } from '../../relay/globalId.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { useDashboardSelection } from '../dashboard/DashboardSelection.tsx';
import { DeliveryList } from './DeliveryList.tsx';
import { IncomingDeliveries } from './IncomingDeliveries.tsx';
import { SkipGroups } from './SkipGroups.tsx';
import { SkipList } from './SkipList.tsx';
import { skipsSiteSelection } from './skipsTabParams.ts';

export const skipsTabQuery = graphql`
  query SkipsTabQuery(
    $siteId: Int!
    $withSite: Boolean!
    $entityId: ID
    $states: [SkipState!]
    $provider: Boolean!
    $ownGroups: Boolean!
    $clientGroups: Boolean!
  ) @preloadable {
    viewer {
      id
      ownSiteTypology
      isRetriever
      ...IncomingDeliveries_viewer @include(if: $provider) @alias(as: "incoming")
      ...SkipGroupsOwn_viewer @arguments(states: $states) @include(if: $ownGroups) @alias(as: "ownGroups")
      ...SkipGroupsClients_viewer
        @arguments(states: $states)
        @include(if: $clientGroups)
        @alias(as: "clientGroups")
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
 * provider on the selected client's site, where its clients' containers stand. With no site chosen, the
 * containers of every one, grouped by site.
 */
export function SkipsTab() {
  // A new state filter or site keeps the previous containers on screen, marked busy, until the new ones are there.
  const { data, loading } = useKeptRouteQuery<SkipsTabQuery>(skipsTabQuery);
  const { viewer, site } = data;
  const { selection } = useDashboardSelection();
  if (!viewer) return null;
  const { siteId, entityId } = skipsSiteSelection(viewer, selection);
  // The URL may name a site the selection then corrects: the query follows the URL, shown only once they agree
  // (or, while the next site loads, the previous one, marked busy).
  const shown = site && (loading || (siteId !== null && site.databaseId === siteId)) ? site : null;
  const groups =
    viewer.ownGroups || viewer.clientGroups ? { own: viewer.ownGroups, clients: viewer.clientGroups } : null;

  return (
    <Stack gap="10">
      {viewer.incoming && <IncomingDeliveries viewer={viewer.incoming} />}
      {shown ? (
        <UpdatingRegion busy={loading}>
          <Stack gap="10">
            <SkipList
              establishment={shown}
              entityId={entityId === null ? null : globalId('Entity', entityId)}
            />
            <DeliveryList establishment={shown} />
          </Stack>
        </UpdatingRegion>
      ) : (
        // Nothing while a site the URL named is being dropped: the groups come with the corrected URL.
        groups && <SkipGroups viewer={groups} />
      )}
    </Stack>
  );
}
