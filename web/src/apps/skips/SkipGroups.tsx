import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SkipGroupsClients_viewer$key } from '../../__generated__/SkipGroupsClients_viewer.graphql.ts';
import type { SkipGroupsClientsPaginationQuery } from '../../__generated__/SkipGroupsClientsPaginationQuery.graphql.ts';
import type { SkipGroupsOwn_viewer$key } from '../../__generated__/SkipGroupsOwn_viewer.graphql.ts';
import type { SkipGroupsOwnPaginationQuery } from '../../__generated__/SkipGroupsOwnPaginationQuery.graphql.ts';
import type { SkipList_establishment$key } from '../../__generated__/SkipList_establishment.graphql.ts';
import { DeferredDraw } from '../../components/DeferredDraw.tsx';
import { reportLoadMoreFailure } from '../../relay/pagination.ts';
import { SkipList, SkipStateFilter } from './SkipList.tsx';

/**
 * Establishments are shown this many at a time (the fragments' default count), each with its first 10
 * containers: a page stays within what one request may ask of the graph, whatever the number of sites.
 */
export const SKIP_GROUP_PAGE_SIZE = 10;

/**
 * The containers tab with no site chosen (SPEC 4): the containers of every site the viewer works on, grouped by
 * establishment as the pick-ups list names each operation's: a producer's own establishments, a provider's
 * clients' sites (where its clients' containers stand). Sites come a page at a time, each with its containers.
 */
export function SkipGroups({
  viewer,
}: {
  viewer: {
    own: SkipGroupsOwn_viewer$key | null | undefined;
    clients: SkipGroupsClients_viewer$key | null | undefined;
  };
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack as="section" gap="6" aria-labelledby={headingId}>
      <HStack justify="space-between" align="end" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h2" size="lg" id={headingId}>
            {t('skips.title')}
          </Heading>
          <Text color="fg.muted">
            {viewer.clients ? t('skips.allClients') : t('skips.allEstablishments')}
          </Text>
        </Stack>
        <SkipStateFilter />
      </HStack>
      {viewer.own && <OwnGroups viewer={viewer.own} />}
      {viewer.clients && <ClientGroups viewer={viewer.clients} />}
    </Stack>
  );
}

function OwnGroups({ viewer }: { viewer: SkipGroupsOwn_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    SkipGroupsOwnPaginationQuery,
    SkipGroupsOwn_viewer$key
  >(
    graphql`
      fragment SkipGroupsOwn_viewer on User
      @refetchable(queryName: "SkipGroupsOwnPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        states: { type: "[SkipState!]" }
      ) {
        establishments(first: $count, after: $cursor) @connection(key: "SkipGroupsOwn_establishments") {
          totalCount
          edges {
            node {
              id
              ...SkipList_establishment @arguments(count: 10, states: $states)
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Groups
      sites={data.establishments.edges.map((edge) => edge.node)}
      totalCount={data.establishments.totalCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onLoadNext={() => loadNext(SKIP_GROUP_PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
    />
  );
}

function ClientGroups({ viewer }: { viewer: SkipGroupsClients_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    SkipGroupsClientsPaginationQuery,
    SkipGroupsClients_viewer$key
  >(
    graphql`
      fragment SkipGroupsClients_viewer on User
      @refetchable(queryName: "SkipGroupsClientsPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        states: { type: "[SkipState!]" }
      ) {
        linkedEstablishments(first: $count, after: $cursor)
          @connection(key: "SkipGroupsClients_linkedEstablishments") {
          totalCount
          edges {
            node {
              id
              ...SkipList_establishment @arguments(count: 10, states: $states)
            }
          }
        }
      }
    `,
    viewer,
  );
  return (
    <Groups
      sites={data.linkedEstablishments.edges.map((edge) => edge.node)}
      totalCount={data.linkedEstablishments.totalCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onLoadNext={() => loadNext(SKIP_GROUP_PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
    />
  );
}

function Groups({
  sites,
  totalCount,
  hasNext,
  isLoadingNext,
  onLoadNext,
}: {
  sites: readonly (SkipList_establishment$key & { readonly id: string })[];
  totalCount: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadNext: () => void;
}) {
  const { t } = useTranslation();
  if (sites.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
        <Text color="fg.muted">{t('skips.noSites')}</Text>
      </Box>
    );
  }
  return (
    <>
      {/* The first site's containers fill the screen: the other sites' are drawn in the next render. */}
      {sites.map((site, index) => (
        <DeferredDraw key={site.id} now={index === 0}>
          <Box borderTopWidth="1px" pt="5">
            <SkipList establishment={site} entityId={null} grouped />
          </Box>
        </DeferredDraw>
      ))}
      <Text fontSize="sm" color="fg.muted">
        {t('skips.groupCount', { shown: sites.length, count: totalCount })}
      </Text>
      {hasNext && (
        <Button
          alignSelf="flex-start"
          variant="outline"
          size="sm"
          loading={isLoadingNext}
          onClick={onLoadNext}
        >
          {t('skips.moreGroups')}
        </Button>
      )}
    </>
  );
}
