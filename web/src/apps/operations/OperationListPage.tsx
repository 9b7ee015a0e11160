import { Box, Button, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { operationFieldLabels, operationTypeLabels } from '@portal/domain/operations';
import { isCarrierOnly } from '@portal/domain/typologies';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { RecordProxy } from 'relay-runtime';
import type { OperationList_viewer$key } from '../../__generated__/OperationList_viewer.graphql.ts';
import type {
  OperationFilter,
  OperationListPageQuery,
} from '../../__generated__/OperationListPageQuery.graphql.ts';
import type { OperationListPaginationQuery } from '../../__generated__/OperationListPaginationQuery.graphql.ts';
import { lazyDialog } from '../../components/lazyDialog.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { FilterField } from '../../forms/FilterField.tsx';
import { formatDate } from '../../i18n/format.ts';
import { useListMembership } from '../../relay/listMembership.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { typologiesOfViewer } from '../../routing/screens.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { OperationTable } from './OperationTable.tsx';
import {
  FROM_PARAM,
  type HISTORY_FILTER_PARAMS,
  type OperationListMode,
  operationFilterHolds,
  REALISED_FROM_PARAM,
  REALISED_TO_PARAM,
  readDateParam,
  readHistoryFilter,
  readTypeFilter,
  readWasteCode,
  TO_PARAM,
  TYPE_PARAM,
  TYPE_PARAMS,
  type TypeFilter,
  WASTE_CODE_PARAM,
  WASTE_PARAM,
  writeHistoryFilter,
  writeParam,
} from './operationListParams.ts';
import { RotationProgramList } from './RotationProgramList.tsx';

const DeclareFlowDialog = lazyDialog(
  () => import('../register/DeclareFlowDialog.tsx').then((module) => module.DeclareFlowDialog),
  (props) => props.open,
);

export const operationListPageQuery = graphql`
  query OperationListPageQuery(
    $filter: OperationFilter!
    $siteId: Int!
    $withSite: Boolean!
    $withPrograms: Boolean!
    $wasteTypeId: ID!
    $withWaste: Boolean!
  ) @preloadable {
    viewer {
      id
      ownSiteTypology
      isProducer
      isRetriever
      isCarrier
      permissions
      ...OperationList_viewer @arguments(filter: $filter)
      ...RotationProgramList_viewer @include(if: $withPrograms) @alias(as: "programs")
    }
    site: establishment(databaseId: $siteId) @include(if: $withSite) {
      displayName
    }
    wasteType: node(id: $wasteTypeId) @include(if: $withWaste) {
      ... on ThirdLevelWaste {
        label
      }
    }
    operationHistoryFilters {
      value
      label
    }
  }
`;

/**
 * A list of operations (the requests and history tabs of `/operations`, `/mes-enlevements` and what waits
 * for the viewer): newest request first, 50 at a time, scoped to the selected establishment when there is
 * one; the history shows the filter of SPEC 4.
 */
export function OperationListPage({ mode }: { mode: OperationListMode }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  // A new filter or establishment keeps the previous rows on screen, marked busy, until the new ones are there.
  const { data, variables, loading } = useKeptRouteQuery<OperationListPageQuery>(operationListPageQuery);
  const [declaring, setDeclaring] = useState(false);
  const { viewer, site, wasteType, operationHistoryFilters } = data;
  const { filter } = variables;
  if (!viewer) return null;
  const provider = viewer.ownSiteTypology === 'RETRIEVER';
  const withFilter = mode === 'history' || mode === 'pickups';
  // The history is where a provider declares flows for its clients and finds them (the producer also has /suivi).
  const declares = withFilter && viewer.permissions.includes('flow:declare');
  // Set by the dashboard's links, so its figures lead to exactly their operations (real intervention dates).
  const realisedFrom = readDateParam(params, REALISED_FROM_PARAM);
  const realisedTo = readDateParam(params, REALISED_TO_PARAM);
  const wasteCode = readWasteCode(params);
  const title = {
    requests: t('operations.requestsTitle'),
    history: t('operations.historyTitle'),
    pickups: t('operations.historyTitle'),
    toValidate: t('operations.toValidateTitle'),
  }[mode];
  const intro = {
    requests: t('operations.requestsIntro'),
    history: null,
    pickups: isCarrierOnly(typologiesOfViewer(viewer))
      ? t('operations.carriedIntro')
      : t('operations.pickupsIntro'),
    toValidate: provider ? t('operations.toValidateProvider') : t('operations.toValidateProducer'),
  }[mode];
  const empty = {
    requests: t('operations.requestsEmpty'),
    history: t('operations.historyEmpty'),
    pickups: t('operations.historyEmpty'),
    toValidate: t('operations.toValidateEmpty'),
  }[mode];

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        <Stack gap="1">
          {/* Focusable by script: it takes the focus back when a row leaves with it (OperationList). */}
          <Heading as="h2" size="lg" id={headingId} tabIndex={-1}>
            {title}
          </Heading>
          {intro && <Text color="fg.muted">{intro}</Text>}
          {declares && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              alignSelf="start"
              onClick={() => setDeclaring(true)}
            >
              {t('flows.declare')}
            </Button>
          )}
          <Text color="fg.muted" fontSize="sm">
            {site ? t('operations.scopeSelected', { name: site.displayName }) : t('operations.scopeAll')}
          </Text>
          {withFilter && (wasteType || wasteCode) && (
            <HStack gap="2" wrap="wrap">
              {wasteType && (
                <Text fontSize="sm" fontWeight="medium">
                  {t('operations.filters.wasteType', { label: wasteType.label ?? '' })}
                </Text>
              )}
              {wasteCode && (
                <Text fontSize="sm" fontWeight="medium">
                  {t('operations.filters.wasteCode', { code: wasteCode })}
                </Text>
              )}
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  updateSearch((current) =>
                    writeParam(writeParam(current, WASTE_PARAM, null), WASTE_CODE_PARAM, null),
                  )
                }
              >
                {t('operations.filters.removeWasteType')}
              </Button>
            </HStack>
          )}
          {withFilter && realisedFrom && realisedTo && (
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" fontWeight="medium">
                {t('operations.filters.realised', {
                  from: formatDate(realisedFrom),
                  to: formatDate(realisedTo),
                })}
              </Text>
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  updateSearch((current) =>
                    writeParam(writeParam(current, REALISED_FROM_PARAM, null), REALISED_TO_PARAM, null),
                  )
                }
              >
                {t('operations.filters.removeRealised')}
              </Button>
            </HStack>
          )}
        </Stack>
        {withFilter && (
          <HStack as="search" gap="3" align="end" wrap="wrap" aria-label={t('operations.filters.label')}>
            <FilterField label={t('operations.historyFilter')}>
              {(id) => (
                <NativeSelect.Root size="sm" minW="48">
                  <NativeSelect.Field
                    id={id}
                    value={readHistoryFilter(params)}
                    onChange={(event) => {
                      const filter = event.currentTarget.value as keyof typeof HISTORY_FILTER_PARAMS;
                      updateSearch((current) => writeHistoryFilter(current, filter));
                    }}
                  >
                    {operationHistoryFilters.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FilterField>
            <FilterField label={operationFieldLabels.type}>
              {(id) => (
                <NativeSelect.Root size="sm" minW="40">
                  <NativeSelect.Field
                    id={id}
                    value={readTypeFilter(params)}
                    onChange={(event) => {
                      const value = event.currentTarget.value as TypeFilter;
                      updateSearch((current) =>
                        writeParam(current, TYPE_PARAM, value === 'ALL' ? null : TYPE_PARAMS[value]),
                      );
                    }}
                  >
                    <option value="ALL">{t('operations.filters.allTypes')}</option>
                    <option value="ROTATION">{operationTypeLabels.ROTATION}</option>
                    <option value="RETIREMENT">{operationTypeLabels.RETIREMENT}</option>
                    <option value="FLOW">{operationTypeLabels.FLOW}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FilterField>
            <FilterField label={t('operations.filters.from')}>
              {(id) => (
                <DateFilter
                  id={id}
                  value={readDateParam(params, FROM_PARAM)}
                  onChange={(value) => updateSearch((current) => writeParam(current, FROM_PARAM, value))}
                />
              )}
            </FilterField>
            <FilterField label={t('operations.filters.to')}>
              {(id) => (
                <DateFilter
                  id={id}
                  value={readDateParam(params, TO_PARAM)}
                  onChange={(value) => updateSearch((current) => writeParam(current, TO_PARAM, value))}
                />
              )}
            </FilterField>
          </HStack>
        )}
      </HStack>
      <UpdatingRegion busy={loading}>
        <Stack gap="4">
          <OperationList viewer={viewer} filter={filter} labelledBy={headingId} emptyText={empty} />
          {viewer.programs && <RotationProgramList viewer={viewer.programs} />}
        </Stack>
      </UpdatingRegion>
      {declares && <DeclareFlowDialog open={declaring} onClose={() => setDeclaring(false)} />}
    </Stack>
  );
}

function OperationList({
  viewer,
  filter,
  labelledBy,
  emptyText,
}: {
  viewer: OperationList_viewer$key;
  /** What the list holds: a move that takes an operation out of it removes its row. */
  filter: OperationFilter;
  labelledBy: string;
  emptyText: string;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    OperationListPaginationQuery,
    OperationList_viewer$key
  >(
    graphql`
      fragment OperationList_viewer on User
      @refetchable(queryName: "OperationListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        filter: { type: "OperationFilter!" }
      ) {
        operations(first: $count, after: $cursor, filter: $filter)
          @connection(key: "OperationList_operations", filters: ["filter"]) {
          __id
          totalCount
          edges {
            node {
              id
              ...OperationRow_operation
            }
          }
        }
      }
    `,
    viewer,
  );
  const holds = useCallback(
    (operation: RecordProxy) =>
      operationFilterHolds(filter, {
        status: String(operation.getValue('status')),
        realInterventionDate: (operation.getValue('realInterventionDate') as string | null) ?? null,
      }),
    [filter],
  );
  useListMembership(data.operations.__id, holds);
  const rows = data.operations.edges.map((edge) => edge.node);
  // A row that leaves the list takes the focus with it (its move's button, its confirmation): the list's heading
  // takes it back, so that keyboard and screen reader users go on from the list, not from the top of the page.
  const count = rows.length;
  const previousCount = useRef(count);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (count < previousCount.current && lost) document.getElementById(labelledBy)?.focus();
    previousCount.current = count;
  }, [count, labelledBy]);
  if (rows.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
        <Text color="fg.muted">{emptyText}</Text>
      </Box>
    );
  }
  return (
    <OperationTable
      labelledBy={labelledBy}
      rows={rows}
      totalCount={data.operations.totalCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
    />
  );
}
