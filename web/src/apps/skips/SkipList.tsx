import { Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { RecordProxy } from 'relay-runtime';
import type { SkipList_establishment$key } from '../../__generated__/SkipList_establishment.graphql.ts';
import type { SkipListPaginationQuery } from '../../__generated__/SkipListPaginationQuery.graphql.ts';
import { DeferredDraw } from '../../components/DeferredDraw.tsx';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { useListMembership } from '../../relay/listMembership.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import type { DeliveryOrderTarget } from './DeliveryOrderDialog.tsx';
import { SkipCard } from './SkipCard.tsx';
import type { SkipFormTarget } from './SkipFormDialog.tsx';
import {
  readStateFilter,
  STATE_FILTER_KEYS,
  STATE_FILTERS,
  type StateFilter,
  scopeShows,
  writeStateFilter,
} from './skipsTabParams.ts';

const SkipFormDialog = lazyDialog(
  () => import('./SkipFormDialog.tsx').then((module) => module.SkipFormDialog),
  (props) => props.target !== null,
);
const DeliveryOrderDialog = lazyDialog(
  () => import('./DeliveryOrderDialog.tsx').then((module) => module.DeliveryOrderDialog),
  (props) => props.target !== null,
);

/**
 * The cards drawn in a list's first render: about what a screen shows before scrolling (a card is tall); the
 * others follow in the next render (`DeferredDraw`).
 */
const CARDS_DRAWN_FIRST = 3;

/**
 * The containers of one site (SPEC 3, 4): state, filling level, planned work, dangerous and missing fields, with
 * the actions the graph allows on each. Archived containers are hidden unless the state filter shows them.
 */
export function SkipList({
  establishment,
  entityId,
  grouped = false,
}: {
  establishment: SkipList_establishment$key;
  /** The chantier the list is narrowed to (the dashboard selection), as a global id. */
  entityId: string | null;
  /**
   * One establishment's group among others (no establishment chosen): titled by the establishment, under the
   * page's state filter (SkipStateFilter).
   */
  grouped?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const [formTarget, setFormTarget] = useState<SkipFormTarget | null>(null);
  const [orderTarget, setOrderTarget] = useState<DeliveryOrderTarget | null>(null);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    SkipListPaginationQuery,
    SkipList_establishment$key
  >(
    graphql`
      fragment SkipList_establishment on Establishment
      @refetchable(queryName: "SkipListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        entityId: { type: "ID" }
        states: { type: "[SkipState!]" }
      ) {
        id
        databaseId
        displayName
        canManageSkips
        skips(first: $count, after: $cursor, entityId: $entityId, states: $states)
          @connection(key: "SkipList_skips", filters: ["entityId", "states"]) {
          __id
          edges {
            node {
              id
              ...SkipCard_skip
            }
          }
        }
      }
    `,
    establishment,
  );
  const filter = readStateFilter(searchParams);
  const edges = data.skips.edges;
  const listedStates = STATE_FILTERS[filter].states;
  const connectionId = data.skips.__id;
  // A container archived (its retirement validated, or by hand) or restored leaves a list that does not show it.
  const holds = useCallback(
    (skip: RecordProxy) =>
      scopeShows(
        { connectionId, states: listedStates, entityId },
        {
          state: String(skip.getValue('state')),
          entityId: skip.getLinkedRecord('entity')?.getDataID() ?? null,
        },
      ),
    [connectionId, listedStates, entityId],
  );
  useListMembership(connectionId, holds);

  return (
    <Stack as="section" gap="5" aria-labelledby={headingId}>
      <HStack justify="space-between" align="end" gap="4" wrap="wrap">
        {grouped ? (
          <Heading as="h3" size="md" id={headingId}>
            {data.displayName}
          </Heading>
        ) : (
          <Stack gap="1">
            <Heading as="h2" size="lg" id={headingId}>
              {t('skips.title')}
            </Heading>
            <Text color="fg.muted">{data.displayName}</Text>
          </Stack>
        )}
        <HStack gap="3" align="end" wrap="wrap">
          {!grouped && <SkipStateFilter />}
          {data.canManageSkips && (
            <Button
              colorPalette="brand"
              size="sm"
              onClick={() =>
                setFormTarget({
                  kind: 'create',
                  establishmentId: data.id,
                  establishmentDatabaseId: data.databaseId,
                  entityId,
                  list: { connectionId: data.skips.__id, states: listedStates, entityId },
                })
              }
            >
              {t('skips.add')}
            </Button>
          )}
        </HStack>
      </HStack>
      {edges.length === 0 ? (
        <Box
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="md"
          bg="bg.panel"
          p={grouped ? '3' : '6'}
          textAlign="center"
        >
          <Text color="fg.muted" fontSize={grouped ? 'sm' : undefined}>
            {filter === 'inService' ? t('skips.empty') : t('skips.emptyForFilter')}
          </Text>
        </Box>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" m="0" p="0" aria-labelledby={headingId}>
          {edges.map((edge, index) => (
            <DeferredDraw key={edge.node.id} now={index < CARDS_DRAWN_FIRST}>
              <Box as="li">
                <SkipCard
                  skip={edge.node}
                  canOrder={data.canManageSkips}
                  list={{ connectionId: data.skips.__id, states: listedStates, entityId }}
                  onEdit={(skip) =>
                    setFormTarget({ kind: 'edit', skip, establishmentDatabaseId: data.databaseId })
                  }
                  onOrder={(skip) => setOrderTarget({ skip, establishmentId: data.id })}
                />
              </Box>
            </DeferredDraw>
          ))}
        </Stack>
      )}
      {hasNext && (
        <Button
          alignSelf="flex-start"
          variant="outline"
          size="sm"
          loading={isLoadingNext}
          onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
        >
          {t('skips.showMore')}
        </Button>
      )}
      <SkipFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <DeliveryOrderDialog target={orderTarget} onClose={() => setOrderTarget(null)} />
    </Stack>
  );
}

/** Which containers the lists show (in service, available, ordered, archived, all), kept in the URL. */
export function SkipStateFilter() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="sm">{t('skips.stateFilter')}</Field.Label>
      <NativeSelect.Root size="sm" width="64">
        <NativeSelect.Field
          value={readStateFilter(searchParams)}
          onChange={(event) => {
            const chosen = event.currentTarget.value as StateFilter;
            updateSearch((current) => writeStateFilter(current, chosen));
          }}
        >
          {STATE_FILTER_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`skips.stateFilters.${key}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
