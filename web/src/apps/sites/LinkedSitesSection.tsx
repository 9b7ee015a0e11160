import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { LinkedSitesSection_establishment$key } from '../../__generated__/LinkedSitesSection_establishment.graphql.ts';
import type { LinkedSitesSectionPaginationQuery } from '../../__generated__/LinkedSitesSectionPaginationQuery.graphql.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { EstablishmentTable } from './EstablishmentTable.tsx';
import type { SiteView } from './siteViews.ts';

/** The sites on the other side of one establishment's links (its providers, its clients, or the user's own). */
export function LinkedSitesSection({
  establishment,
  view,
  title,
}: {
  establishment: LinkedSitesSection_establishment$key;
  /** Where the linked sites lead. */
  view: SiteView;
  title: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    LinkedSitesSectionPaginationQuery,
    LinkedSitesSection_establishment$key
  >(
    graphql`
      fragment LinkedSitesSection_establishment on Establishment
      @refetchable(queryName: "LinkedSitesSectionPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        linkedEstablishments(first: $count, after: $cursor)
          @connection(key: "LinkedSitesSection_linkedEstablishments") {
          totalCount
          edges {
            node {
              id
              ...EstablishmentTable_establishment
            }
          }
        }
      }
    `,
    establishment,
  );
  const connection = data.linkedEstablishments;
  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        {title}
      </Heading>
      {connection.totalCount === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="5" bg="bg.panel">
          <Text color="fg.muted">{t('sites.noLinked')}</Text>
        </Box>
      ) : (
        <EstablishmentTable
          label={title}
          rows={connection.edges.map((edge) => edge.node)}
          view={view}
          totalCount={connection.totalCount}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
        />
      )}
    </Stack>
  );
}
