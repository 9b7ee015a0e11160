import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { IncomingDeliveries_viewer$key } from '../../__generated__/IncomingDeliveries_viewer.graphql.ts';
import type { IncomingDeliveriesPaginationQuery } from '../../__generated__/IncomingDeliveriesPaginationQuery.graphql.ts';
import { ListSection } from '../../components/ListSection.tsx';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { DeliveryTable } from './DeliveryTable.tsx';

/**
 * A provider's deliveries to handle: those ordered from its sites and not validated yet, to acknowledge,
 * schedule and validate. A delivery validated here stays in the list (as validated) until the next visit.
 */
export function IncomingDeliveries({ viewer }: { viewer: IncomingDeliveries_viewer$key }) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    IncomingDeliveriesPaginationQuery,
    IncomingDeliveries_viewer$key
  >(
    graphql`
      fragment IncomingDeliveries_viewer on User
      @refetchable(queryName: "IncomingDeliveriesPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        incomingSkipDeliveries(
          first: $count
          after: $cursor
          statuses: [ORDERED, AWAITING_SCHEDULING, SCHEDULED]
        ) @connection(key: "IncomingDeliveries_incomingSkipDeliveries", filters: ["statuses"]) {
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
    viewer,
  );
  const rows = data.incomingSkipDeliveries.edges.map((edge) => edge.node);
  return (
    <ListSection
      title={t('deliveries.incomingTitle')}
      emptyText={t('deliveries.incomingEmpty')}
      isEmpty={rows.length === 0}
    >
      {(headingId) => (
        <DeliveryTable
          labelledBy={headingId}
          rows={rows}
          connectionId={data.incomingSkipDeliveries.__id}
          showSite
          canDeleteProgram={false}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
        />
      )}
    </ListSection>
  );
}
