import { Badge, Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { HazardousPickupList_viewer$key } from '../../__generated__/HazardousPickupList_viewer.graphql.ts';
import type { HazardousPickupListPaginationQuery } from '../../__generated__/HazardousPickupListPaginationQuery.graphql.ts';
import type { HazardousPickupsPageQuery } from '../../__generated__/HazardousPickupsPageQuery.graphql.ts';
import { ListSection } from '../../components/ListSection.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { FilterField } from '../../forms/FilterField.tsx';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { Select } from '../documents/DocumentImport.tsx';
import { writeParam } from '../operations/operationListParams.ts';
import { HAZARDOUS_PICKUP_PARAMS } from './hazardousPickupParams.ts';
import { SlipHistoryDialog } from './SlipHistoryDialog.tsx';
import { slipStatusPalette } from './slipStatus.ts';
import { TrackdechetsLinkPanel } from './TrackdechetsLinkPanel.tsx';

export const hazardousPickupsPageQuery = graphql`
  query HazardousPickupsPageQuery($filter: HazardousPickupFilter!) @preloadable {
    viewer {
      ...TrackdechetsLinkPanel_viewer
      ...HazardousPickupList_viewer @arguments(filter: $filter)
    }
    slipStatuses {
      code
      label
    }
  }
`;

/**
 * `/mes-enlevements-dangereux`: the hazardous pick-ups of the selected establishment(s) (all of the producer's
 * when none is selected), newest first, each with its slip's status on Trackdéchets; the link to the producer's
 * Trackdéchets account heads the page. The status and period filters live in the URL.
 */
export function HazardousPickupsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const { data, loading } = useKeptRouteQuery<HazardousPickupsPageQuery>(hazardousPickupsPageQuery);
  const viewer = data.viewer;
  if (!viewer) return null;

  const setParam = (name: string, value: string | null) =>
    updateSearch((current) => writeParam(current, name, value));

  return (
    <Stack gap="6">
      <PageTitle title={t('hazardousPickups.title')} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('hazardousPickups.title')}
        </Heading>
        <Text color="fg.muted">{t('hazardousPickups.intro')}</Text>
      </Stack>
      <TrackdechetsLinkPanel viewer={viewer} />
      <Stack
        role="search"
        aria-label={t('hazardousPickups.filters')}
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        wrap="wrap"
        align={{ md: 'end' }}
      >
        <Select
          label={t('hazardousPickups.statusFilter')}
          value={params.get(HAZARDOUS_PICKUP_PARAMS.status) ?? ''}
          onChange={(value) => setParam(HAZARDOUS_PICKUP_PARAMS.status, value || null)}
        >
          <option value="">{t('hazardousPickups.allStatuses')}</option>
          {data.slipStatuses.map((status) => (
            <option key={status.code} value={status.code}>
              {status.label}
            </option>
          ))}
        </Select>
        {(
          [
            [HAZARDOUS_PICKUP_PARAMS.from, t('hazardousPickups.from')],
            [HAZARDOUS_PICKUP_PARAMS.to, t('hazardousPickups.to')],
          ] as const
        ).map(([param, label]) => (
          <FilterField key={param} label={label}>
            {(id) => (
              <DateFilter id={id} value={params.get(param)} onChange={(value) => setParam(param, value)} />
            )}
          </FilterField>
        ))}
      </Stack>
      <UpdatingRegion busy={loading}>
        <HazardousPickupList viewer={viewer} />
      </UpdatingRegion>
    </Stack>
  );
}

/** The pick-ups, a page at a time ("Afficher plus"); a slip's history opens on demand. */
function HazardousPickupList({ viewer: viewerKey }: { viewer: HazardousPickupList_viewer$key }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    HazardousPickupListPaginationQuery,
    HazardousPickupList_viewer$key
  >(
    graphql`
      fragment HazardousPickupList_viewer on User
      @refetchable(queryName: "HazardousPickupListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        filter: { type: "HazardousPickupFilter!" }
      ) {
        hazardousPickups(first: $count, after: $cursor, filter: $filter)
          @connection(key: "HazardousPickupList_hazardousPickups", filters: ["filter"]) {
          totalCount
          edges {
            node {
              key
              operation {
                databaseId
              }
              establishment {
                displayName
              }
              date
              readableId
              status {
                code
                label
              }
              transporter {
                name
              }
              recipient {
                name
              }
              wasteCode
              wasteName
              quantity
              quantityReceived
              outsidePortal
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const pickups = data.hazardousPickups.edges.map((edge) => edge.node);
  const columns = [
    { label: t('hazardousPickups.slipAndDate') },
    { label: t('hazardousPickups.status') },
    { label: t('hazardousPickups.waste') },
    { label: t('hazardousPickups.quantity'), numeric: true },
    { label: t('hazardousPickups.establishment') },
    { label: t('hazardousPickups.parties') },
    { label: t('hazardousPickups.actions'), actions: true },
  ];
  const dash = <Text color="fg.muted">—</Text>;
  const tonnes = (value: string | null | undefined) =>
    value ? t('operations.detail.tonnes', { value: formatDecimal(value) }) : null;

  return (
    <ListSection
      title={t('hazardousPickups.count', { count: data.hazardousPickups.totalCount })}
      emptyText={t('hazardousPickups.empty')}
      isEmpty={pickups.length === 0}
      gap="3"
    >
      {(headingId) => (
        <>
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="60rem">
            {pickups.map((pickup) => {
              // The emitter is the establishment of its own column.
              const parties = [
                [t('hazardousPickups.transporter'), pickup.transporter],
                [t('hazardousPickups.recipient'), pickup.recipient],
              ] as const;
              return (
                <Table.Row key={pickup.key}>
                  <Table.Cell>
                    <Text fontWeight="medium" fontSize="sm" whiteSpace="nowrap">
                      {pickup.readableId ?? '—'}
                    </Text>
                    {pickup.date && (
                      <Text fontSize="sm" color="fg.muted">
                        {formatDate(pickup.date)}
                      </Text>
                    )}
                    {pickup.outsidePortal && (
                      <Badge colorPalette="gray" variant="outline" size="sm">
                        {t('hazardousPickups.outsidePortal')}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={slipStatusPalette(pickup.status.code)}>{pickup.status.label}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontWeight="medium">{pickup.wasteName ?? '—'}</Text>
                    {pickup.wasteCode && (
                      <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                        {pickup.wasteCode}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Text>{tonnes(pickup.quantity) ?? '—'}</Text>
                    {pickup.quantityReceived && (
                      <Text fontSize="sm" color="fg.muted">
                        {t('hazardousPickups.received', { quantity: tonnes(pickup.quantityReceived) })}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{pickup.establishment?.displayName ?? dash}</Table.Cell>
                  <Table.Cell>
                    {/* Two names: wide enough for each to hold on a line or two. */}
                    <Stack gap="1" minW={{ md: '40' }}>
                      {parties.map(([label, party]) => (
                        <Text key={label} fontSize="sm">
                          <Text as="span" color="fg.muted">
                            {label} :{' '}
                          </Text>
                          {party?.name ?? '—'}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="1" align={{ base: 'start', md: 'end' }}>
                      {pickup.readableId && (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={t('hazardousPickups.historyTitle', { number: pickup.readableId })}
                          onClick={() => {
                            setHistoryOf(pickup.readableId ?? null);
                            setHistoryOpen(true);
                          }}
                        >
                          {t('hazardousPickups.history')}
                        </Button>
                      )}
                      {pickup.operation && (
                        <Link asChild fontSize="sm" colorPalette="brand" textAlign={{ md: 'end' }}>
                          <RouterLink
                            to={{
                              pathname: `${paths.operations}/${pickup.operation.databaseId}`,
                              search: selectionSearch(params),
                            }}
                          >
                            {t('hazardousPickups.seeOperation')}
                          </RouterLink>
                        </Link>
                      )}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </ResponsiveTable>
          {hasNext && (
            <Button
              alignSelf="start"
              variant="outline"
              size="sm"
              loading={isLoadingNext}
              onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
            >
              {t('hazardousPickups.more')}
            </Button>
          )}
          <SlipHistoryDialog
            readableId={historyOf}
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
          />
        </>
      )}
    </ListSection>
  );
}
