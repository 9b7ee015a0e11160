import { Alert, Badge, Box, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { RegisterList_viewer$key } from '../../__generated__/RegisterList_viewer.graphql.ts';
import type { RegisterListPaginationQuery } from '../../__generated__/RegisterListPaginationQuery.graphql.ts';
import type { RegisterPageQuery } from '../../__generated__/RegisterPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { FilterField } from '../../forms/FilterField.tsx';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { databaseIdOf } from '../../relay/globalId.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { Select } from '../documents/DocumentImport.tsx';
import { WasteCodePicker } from '../skips/WasteCodePicker.tsx';
import { DeclaredFlows } from './DeclaredFlows.tsx';
import { DeclareFlowDialog } from './DeclareFlowDialog.tsx';
import { RegisterExportDialog } from './RegisterExportDialog.tsx';
import { REGISTER_PARAMS, registerFilterOf, registerSummaryFilterOf } from './registerParams.ts';

export const registerPageQuery = graphql`
  query RegisterPageQuery($filter: RegisterFilter!, $summaryFilter: RegisterFilter!) @preloadable {
    viewer {
      permissions
      ...DeclaredFlows_viewer
      ...RegisterList_viewer @arguments(filter: $filter)
      registerSummary(filter: $summaryFilter) {
        totalCount
        incompleteCount
        missing {
          field
          label
          count
        }
      }
    }
  }
`;

/**
 * `/suivi`: the register of outgoing waste of the selected establishment(s) (all of the producer's when none is
 * selected), newest first; each line lacking a mandatory field is flagged 'à compléter' and leads to its operation;
 * the count of such lines heads the page; the export dialog writes the national register's CSV or XLSX.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const { data, loading } = useKeptRouteQuery<RegisterPageQuery>(registerPageQuery);
  const [exporting, setExporting] = useState(false);
  const [declaring, setDeclaring] = useState(false);
  // One filter per address: the export dialog asks its summary again only when the filters change.
  const filter = useMemo(() => registerFilterOf(params), [params]);
  // Without a period, the count is the current year's, and says so.
  const summaryYear = registerSummaryFilterOf(params).year;
  const viewer = data.viewer;
  if (!viewer) return null;
  const summary = viewer.registerSummary;

  const setParam = (name: string, value: string | null) =>
    updateSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const wasteCode = params.get(REGISTER_PARAMS.wasteCode);

  return (
    <Stack gap="6">
      <PageTitle title={t('register.title')} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t('register.title')}
          </Heading>
          <Text color="fg.muted">{t('register.intro')}</Text>
        </Stack>
        <HStack gap="3" wrap="wrap">
          {viewer.permissions.includes('flow:declare') && (
            <Button variant="outline" colorPalette="brand" onClick={() => setDeclaring(true)}>
              {t('flows.declare')}
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => setExporting(true)}>
            {t('register.export')}
          </Button>
        </HStack>
      </HStack>
      <DeclaredFlows viewer={viewer} />
      <Stack
        role="search"
        aria-label={t('register.filters')}
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        wrap="wrap"
        align={{ md: 'end' }}
      >
        {(
          [
            [REGISTER_PARAMS.from, t('register.from')],
            [REGISTER_PARAMS.to, t('register.to')],
          ] as const
        ).map(([param, label]) => (
          <FilterField key={param} label={label}>
            {(id) => (
              <DateFilter id={id} value={params.get(param)} onChange={(value) => setParam(param, value)} />
            )}
          </FilterField>
        ))}
        <Box minW={{ md: '72' }}>
          <WasteCodePicker
            label={t('register.wasteCode')}
            value={wasteCode ? { code: wasteCode, description: '' } : null}
            onChange={(option) => setParam(REGISTER_PARAMS.wasteCode, option?.code ?? null)}
          />
        </Box>
        <Select
          label={t('register.hazard')}
          value={params.get(REGISTER_PARAMS.dangerous) ?? ''}
          onChange={(value) => setParam(REGISTER_PARAMS.dangerous, value || null)}
        >
          <option value="">{t('register.hazardAll')}</option>
          <option value="oui">{t('register.hazardous')}</option>
          <option value="non">{t('register.notHazardous')}</option>
        </Select>
      </Stack>
      <UpdatingRegion busy={loading}>
        <Stack gap="4">
          {summary.incompleteCount > 0 ? (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {t(summaryYear === null ? 'register.incomplete' : 'register.incompleteInYear', {
                    count: summary.incompleteCount,
                    total: summary.totalCount,
                    year: summaryYear,
                  })}
                </Alert.Title>
                <Alert.Description>
                  {summary.missing
                    .map((missing) =>
                      t('register.missingCount', { label: missing.label, count: missing.count }),
                    )
                    .join(' · ')}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            summary.totalCount > 0 && (
              <Alert.Root status="success" role="status">
                <Alert.Indicator />
                <Alert.Title>
                  {t(summaryYear === null ? 'register.allComplete' : 'register.allCompleteInYear', {
                    count: summary.totalCount,
                    year: summaryYear,
                  })}
                </Alert.Title>
              </Alert.Root>
            )
          )}
          <RegisterList viewer={viewer} />
        </Stack>
      </UpdatingRegion>
      {exporting && <RegisterExportDialog filter={filter} onClose={() => setExporting(false)} />}
      <DeclareFlowDialog open={declaring} onClose={() => setDeclaring(false)} />
    </Stack>
  );
}

/** The register's lines, a page at a time ("Afficher plus"), whatever the register's length. */
function RegisterList({ viewer: viewerKey }: { viewer: RegisterList_viewer$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    RegisterListPaginationQuery,
    RegisterList_viewer$key
  >(
    graphql`
      fragment RegisterList_viewer on User
      @refetchable(queryName: "RegisterListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        filter: { type: "RegisterFilter!" }
      ) {
        registerLines(first: $count, after: $cursor, filter: $filter)
          @connection(key: "RegisterList_registerLines", filters: ["filter"]) {
          totalCount
          edges {
            node {
              operationId
              shipmentDate
              wasteDescription
              wasteCode
              dangerous
              pop
              weight
              weightIsEstimate
              origin {
                name
                siret
              }
              pickupSite {
                name
              }
              carriers {
                name
                siret
                receiptNumber
              }
              broker {
                name
              }
              ecoOrganisation {
                name
              }
              destination {
                name
                siret
                city
              }
              treatmentCode
              qualificationLabel
              finalTreatments {
                treatmentCode
                weight
                qualificationLabel
              }
              missing
              missingLabels
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const lines = data.registerLines.edges.map((edge) => edge.node);
  const columns = [
    { label: t('register.shipmentDate'), nowrap: true },
    { label: t('register.waste') },
    { label: t('register.weight'), numeric: true },
    { label: t('register.origin') },
    { label: t('register.carrier') },
    { label: t('register.destination') },
    { label: t('register.treatment') },
    { label: t('register.state'), actions: true },
  ];
  const dash = <Text color="fg.muted">—</Text>;

  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold" tabIndex={-1}>
        {t('register.lines', { count: data.registerLines.totalCount })}
      </Text>
      {lines.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
          <Text color="fg.muted">{t('register.empty')}</Text>
        </Box>
      ) : (
        <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="60rem">
          {lines.map((line) => {
            const operationPath = {
              pathname: `${paths.operations}/${databaseIdOf(line.operationId)}`,
              search: selectionSearch(params),
            };
            const carrier = line.carriers[0];
            return (
              <Table.Row key={line.operationId}>
                <Table.Cell>{formatDate(line.shipmentDate) ?? dash}</Table.Cell>
                <Table.Cell>
                  <Text fontWeight="medium">{line.wasteDescription ?? '—'}</Text>
                  <HStack gap="1" wrap="wrap">
                    <Text fontSize="sm" color="fg.muted">
                      {line.wasteCode ?? t('register.noWasteCode')}
                    </Text>
                    {line.dangerous && (
                      <Badge colorPalette="red" size="sm">
                        {t('register.hazardousBadge')}
                      </Badge>
                    )}
                    {line.pop && (
                      <Badge colorPalette="orange" size="sm">
                        {t('register.popBadge')}
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  {line.weight ? (
                    <>
                      <Text whiteSpace="nowrap">{formatDecimal(line.weight)} t</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {line.weightIsEstimate ? t('register.estimated') : t('register.weighed')}
                      </Text>
                    </>
                  ) : (
                    dash
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Text>{line.origin.name}</Text>
                  {line.pickupSite?.name && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('register.pickup', { name: line.pickupSite.name })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {carrier ? (
                    <>
                      <Text>{carrier.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {[
                          carrier.siret,
                          carrier.receiptNumber && t('register.receipt', { number: carrier.receiptNumber }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </>
                  ) : (
                    dash
                  )}
                  {line.broker && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('register.broker', { name: line.broker.name })}
                    </Text>
                  )}
                  {line.ecoOrganisation && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('register.ecoOrganisation', { name: line.ecoOrganisation.name })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {line.destination ? (
                    <>
                      <Text>{line.destination.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {[line.destination.siret, line.destination.city].filter(Boolean).join(' · ')}
                      </Text>
                    </>
                  ) : (
                    dash
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Text>
                    {[line.treatmentCode, line.qualificationLabel].filter(Boolean).join(' — ') || '—'}
                  </Text>
                  {line.qualificationLabel === null && line.finalTreatments.length > 0 && (
                    <Text fontSize="sm" color="fg.muted">
                      {t('register.finalTreatments', {
                        list: line.finalTreatments
                          .map((final) => `${final.treatmentCode} (${formatDecimal(final.weight) ?? '?'} t)`)
                          .join(', '),
                      })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {line.missing.length > 0 ? (
                    <Stack gap="1" align={{ base: 'start', md: 'end' }}>
                      <Badge colorPalette="orange" whiteSpace="nowrap">
                        {t('register.toComplete')}
                      </Badge>
                      <Text fontSize="xs" color="fg.muted">
                        {line.missingLabels.join(', ')}
                      </Text>
                      <Link asChild fontSize="sm" colorPalette="brand">
                        <RouterLink to={operationPath}>{t('register.completeIt')}</RouterLink>
                      </Link>
                    </Stack>
                  ) : (
                    <Stack gap="1" align={{ base: 'start', md: 'end' }}>
                      <Badge colorPalette="green" whiteSpace="nowrap">
                        {t('register.complete')}
                      </Badge>
                      <Link asChild fontSize="sm">
                        <RouterLink to={operationPath}>{t('register.seeOperation')}</RouterLink>
                      </Link>
                    </Stack>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </ResponsiveTable>
      )}
      {hasNext && (
        <Button
          alignSelf="start"
          variant="outline"
          size="sm"
          loading={isLoadingNext}
          onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
        >
          {t('register.more')}
        </Button>
      )}
    </Stack>
  );
}
