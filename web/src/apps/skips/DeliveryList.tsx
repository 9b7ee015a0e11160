import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { DeliveryList_establishment$key } from '../../__generated__/DeliveryList_establishment.graphql.ts';
import type { DeliveryListPaginationQuery } from '../../__generated__/DeliveryListPaginationQuery.graphql.ts';
import { ListSection } from '../../components/ListSection.tsx';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { DeliveryTable } from './DeliveryTable.tsx';

/** The connection key of a site's deliveries: ordering a delivery adds to it (DeliveryOrderDialog). */
export const SITE_DELIVERIES_CONNECTION = 'DeliveryList_skipDeliveries';

/** The deliveries ordered for one site (SPEC 4, container delivery), latest first. */
export function DeliveryList({ establishment }: { establishment: DeliveryList_establishment$key }) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    DeliveryListPaginationQuery,
    DeliveryList_establishment$key
  >(
    graphql`
      fragment DeliveryList_establishment on Establishment
      @refetchable(queryName: "DeliveryListPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        canManageSkips
        skipDeliveries(first: $count, after: $cursor) @connection(key: "DeliveryList_skipDeliveries") {
          __id
          edges {
            node {
              id
              ...DeliveryRow_delivery
            }
          }
        }
      }
    `,
    establishment,
  );
  const rows = data.skipDeliveries.edges.map((edge) => edge.node);
  return (
    <ListSection title={t('deliveries.title')} emptyText={t('deliveries.empty')} isEmpty={rows.length === 0}>
      {(headingId) => (
        <DeliveryTable
          labelledBy={headingId}
          rows={rows}
          connectionId={data.skipDeliveries.__id}
          showSite={false}
          canDeleteProgram={data.canManageSkips}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
        />
      )}
    </ListSection>
  );
}
