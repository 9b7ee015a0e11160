import { Box, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { OperationList_viewer$key } from '../../__generated__/OperationList_viewer.graphql.ts';
import type { OperationListPageQuery } from '../../__generated__/OperationListPageQuery.graphql.ts';
import type { OperationListPaginationQuery } from '../../__generated__/OperationListPaginationQuery.graphql.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { OperationTable } from './OperationTable.tsx';
import {
  type HISTORY_FILTER_PARAMS,
  type OperationListMode,
  readHistoryFilter,
  writeHistoryFilter,
} from './operationListParams.ts';
import { RotationProgramList } from './RotationProgramList.tsx';

export const operationListPageQuery = graphql`
  query OperationListPageQuery(
    $filter: OperationFilter!
    $siteId: Int!
    $withSite: Boolean!
    $withPrograms: Boolean!
  ) {
    viewer {
      id
      ownSiteTypology
      ...OperationList_viewer @arguments(filter: $filter)
      ...RotationProgramList_viewer @include(if: $withPrograms) @alias(as: "programs")
    }
    site: establishment(databaseId: $siteId) @include(if: $withSite) {
      displayName
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
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const { viewer, site, operationHistoryFilters } =
    usePreloadedRouteQuery<OperationListPageQuery>(operationListPageQuery);
  if (!viewer) return null;
  const provider = viewer.ownSiteTypology === 'RETRIEVER';
  const withFilter = mode === 'history' || mode === 'pickups';
  const title = {
    requests: t('operations.requestsTitle'),
    history: t('operations.historyTitle'),
    pickups: t('operations.historyTitle'),
    toValidate: t('operations.toValidateTitle'),
  }[mode];
  const intro = {
    requests: t('operations.requestsIntro'),
    history: null,
    pickups: t('operations.pickupsIntro'),
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
          <Heading as="h2" size="lg" id={headingId}>
            {title}
          </Heading>
          {intro && <Text color="fg.muted">{intro}</Text>}
          <Text color="fg.muted" fontSize="sm">
            {site ? t('operations.scopeSelected', { name: site.displayName }) : t('operations.scopeAll')}
          </Text>
        </Stack>
        {withFilter && (
          <Box minW="56">
            <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
              <label htmlFor={filterId}>{t('operations.historyFilter')}</label>
            </Text>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={filterId}
                value={readHistoryFilter(params)}
                onChange={(event) =>
                  setParams(
                    writeHistoryFilter(
                      params,
                      event.currentTarget.value as keyof typeof HISTORY_FILTER_PARAMS,
                    ),
                  )
                }
              >
                {operationHistoryFilters.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
        )}
      </HStack>
      <OperationList viewer={viewer} labelledBy={headingId} emptyText={empty} />
      {viewer.programs && <RotationProgramList viewer={viewer.programs} />}
    </Stack>
  );
}

function OperationList({
  viewer,
  labelledBy,
  emptyText,
}: {
  viewer: OperationList_viewer$key;
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
  const rows = data.operations.edges.map((edge) => edge.node);
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
