import {
  Alert,
  Button,
  Card,
  DataList,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { costFieldLabels } from '@portal/domain/costs';
import { operationFieldLabels } from '@portal/domain/operations';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MonthlyCostsPage_figures$key } from '../../__generated__/MonthlyCostsPage_figures.graphql.ts';
import type { MonthlyCostsPageQuery } from '../../__generated__/MonthlyCostsPageQuery.graphql.ts';
import type { MonthlyCostsQuery } from '../../__generated__/MonthlyCostsQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { FiguresSkeleton, UpdatingRegion } from '../../components/Skeletons.tsx';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { monthlyVariables, readPeriod, writePeriod } from '../dashboard/dashboardParams.ts';
import { operationsOfPeriod } from '../dashboard/operationsLink.ts';
import { PeriodEmptyState } from '../dashboard/PeriodEmptyState.tsx';
import { usePeriodQuery } from '../dashboard/PeriodFigures.tsx';
import { PeriodSelect } from '../dashboard/PeriodSelect.tsx';
import { operationsBehind } from './monthlyCostsParams.ts';

export const monthlyCostsPageQuery = graphql`
  query MonthlyCostsPageQuery @preloadable {
    viewer {
      ownSiteTypology
    }
  }
`;

export const monthlyCostsQuery = graphql`
  query MonthlyCostsQuery($scope: DashboardScope!, $year: Int!, $month: Int!) @preloadable {
    dashboardYears(scope: $scope)
    monthlyCosts(year: $year, month: $month, scope: $scope) {
      year
      month
      total {
        operations
        ...MonthlyCostsPage_figures
      }
      byEstablishment {
        establishment {
          databaseId
          displayName
        }
        figures {
          ...MonthlyCostsPage_figures
        }
      }
      byWaste {
        waste {
          id
          databaseId
          label
          wasteCode {
            code
          }
        }
        figures {
          ...MonthlyCostsPage_figures
        }
      }
    }
  }
`;

const figuresFragment = graphql`
  fragment MonthlyCostsPage_figures on CostFigures {
    operations
    tonnes
    treatmentCost
    transportCost
    recyclingRevenue
    purchasePrice
    netCost
  }
`;

/**
 * My costs (`/mes-couts`, SPEC 2, 3): the realised operations of a month (by their real intervention date) in the
 * dashboard selection of the URL, their four costs in euros excluding tax, by establishment and by waste. The
 * month is on the URL (`?annee=`, `?mois=`, this month by default); a new month or selection keeps the previous
 * figures on screen, marked busy, until the new ones are there.
 */
export function MonthlyCostsPage() {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<MonthlyCostsPageQuery>(monthlyCostsPageQuery);
  if (!viewer) return null;
  return (
    <Stack gap="6">
      <PageTitle title={t('monthlyCosts.title')} />
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t('monthlyCosts.title')}
        </Heading>
        <Text color="fg.muted">{t('monthlyCosts.intro')}</Text>
      </Stack>
      <ErrorBoundary fallback={<FailedAlert />}>
        <Suspense fallback={<FiguresSkeleton />}>
          <MonthlyCosts viewer={viewer} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

function FailedAlert({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('monthlyCosts.failed')}</Alert.Title>
        {action}
      </Alert.Content>
    </Alert.Root>
  );
}

function MonthlyCosts({ viewer }: { viewer: { ownSiteTypology: string } }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const updateSearch = useUpdateSearch();
  const { data, variables, wanted, loading, failed, params } = usePeriodQuery<MonthlyCostsQuery>(
    monthlyCostsQuery,
    monthlyVariables,
    viewer,
  );
  const [retrying, setRetrying] = useState(false);
  const { dashboardYears, monthlyCosts } = data;
  const monthNames = t('dashboard.period.monthNames', { returnObjects: true }) as string[];
  const shown = { year: variables.year, month: variables.month };
  const period = `${monthNames[shown.month - 1] ?? shown.month} ${shown.year}`;
  const producer = viewer.ownSiteTypology !== 'RETRIEVER';

  const retry = () => {
    setRetrying(true);
    fetchQuery(environment, monthlyCostsQuery, variables, { fetchPolicy: 'network-only' }).subscribe({
      complete: () => setRetrying(false),
      error: () => setRetrying(false),
    });
  };

  return (
    <UpdatingRegion busy={loading}>
      <Stack gap="6">
        {failed && <FailedAlert />}
        {/* The control shows the month asked for (the URL), so that previous/next always step from it. */}
        <PeriodSelect
          years={dashboardYears}
          period={{ year: wanted.year, month: wanted.month }}
          onChange={(change) =>
            updateSearch((current) => writePeriod(current, change(readPeriod(current, true))))
          }
        />
        {monthlyCosts === null || monthlyCosts === undefined ? (
          <FailedAlert
            action={
              <Button size="sm" variant="outline" mt="2" loading={retrying} onClick={retry}>
                {t('errors.retry')}
              </Button>
            }
          />
        ) : monthlyCosts.total.operations === 0 ? (
          <PeriodEmptyState
            title={t('monthlyCosts.emptyTitle', { period })}
            description={t('monthlyCosts.emptyDescription')}
          />
        ) : (
          <>
            <Heading as="h2" size="lg">
              {t('monthlyCosts.periodTitle', { period })}
            </Heading>
            <TotalCard
              figures={monthlyCosts.total}
              operationsLink={
                <Link asChild color="brand.fg" fontSize="sm">
                  <RouterLink to={operationsBehind(params, shown)}>
                    {t('monthlyCosts.seeOperations')}
                  </RouterLink>
                </Link>
              }
            />
            <CostsTable
              title={t('monthlyCosts.byEstablishment')}
              firstHeaders={[operationFieldLabels.companySite]}
              total={monthlyCosts.total}
              withLinks={producer}
              rows={monthlyCosts.byEstablishment.map((row, index) => {
                const name = row.establishment?.displayName ?? t('monthlyCosts.unknownEstablishment');
                const id = row.establishment?.databaseId ?? null;
                return {
                  key: String(id ?? `unknown-${index}`),
                  cells: [name],
                  figures: row.figures,
                  // A producer's establishment: its operations are the pick-ups of that establishment.
                  link:
                    producer && id !== null ? (
                      <Link asChild color="brand.fg" fontSize="sm">
                        <RouterLink
                          to={operationsBehind(params, shown, id)}
                          aria-label={t('monthlyCosts.seeOperationsOf', { name })}
                        >
                          {t('monthlyCosts.seeOperations')}
                        </RouterLink>
                      </Link>
                    ) : null,
                };
              })}
            />
            <CostsTable
              title={t('monthlyCosts.byWaste')}
              firstHeaders={[operationFieldLabels.thirdLevelWaste, operationFieldLabels.wasteCode]}
              total={monthlyCosts.total}
              withLinks
              rows={monthlyCosts.byWaste.map((row, index) => {
                const name = row.waste?.label ?? t('monthlyCosts.unknownWaste');
                return {
                  key: row.waste?.id ?? `unclassified-${index}`,
                  cells: [name, row.waste?.wasteCode?.code ?? '—'],
                  figures: row.figures,
                  // The month's operations of that waste type, on either side.
                  link: row.waste ? (
                    <Link asChild color="brand.fg" fontSize="sm">
                      <RouterLink
                        to={operationsOfPeriod(params, shown, { typeId: row.waste.databaseId })}
                        aria-label={t('monthlyCosts.seeOperationsOf', { name })}
                      >
                        {t('monthlyCosts.seeOperations')}
                      </RouterLink>
                    </Link>
                  ) : null,
                };
              })}
            />
          </>
        )}
      </Stack>
    </UpdatingRegion>
  );
}

function useCostFormats() {
  const { t } = useTranslation();
  return {
    tonnes: (value: string) => t('monthlyCosts.tonnes', { value: formatTonnes(value) }),
    euros: (value: string) => formatEuros(value) ?? value,
    eurosHt: (value: string) => t('monthlyCosts.excludingTax', { value: formatEuros(value) ?? value }),
  };
}

/** The month's total: the tonnes, the four costs and what they come to net. */
function TotalCard({
  figures,
  operationsLink,
}: {
  figures: MonthlyCostsPage_figures$key;
  operationsLink: ReactNode;
}) {
  const { t } = useTranslation();
  const data = useFragment(figuresFragment, figures);
  const { tonnes, eurosHt } = useCostFormats();
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Body gap="4">
        <Heading as="h3" size="md" id={headingId}>
          {t('monthlyCosts.total')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="1">
            <Text fontSize="2xl" fontWeight="semibold">
              {tonnes(data.tonnes)}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {t('monthlyCosts.operations', { count: data.operations })}
            </Text>
            {operationsLink}
          </Stack>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            {(
              [
                [costFieldLabels.treatmentCost, data.treatmentCost],
                [costFieldLabels.transportCost, data.transportCost],
                [costFieldLabels.recyclingRevenue, data.recyclingRevenue],
                [costFieldLabels.purchasePrice, data.purchasePrice],
                [t('monthlyCosts.netCost'), data.netCost],
              ] as const
            ).map(([label, value], index) => (
              <DataList.Item
                key={label}
                justifyContent="space-between"
                fontWeight={index === 4 ? 'semibold' : undefined}
              >
                <DataList.ItemLabel minW="0">{label}</DataList.ItemLabel>
                <DataList.ItemValue whiteSpace="nowrap" flex="0 0 auto">
                  {eurosHt(value)}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </SimpleGrid>
        <Text fontSize="xs" color="fg.muted">
          {t('monthlyCosts.netCostHelp')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

interface CostsRow {
  key: string;
  /** The text cells before the figures (a name, a code). */
  cells: string[];
  figures: MonthlyCostsPage_figures$key;
  link: ReactNode;
}

/** A table of the month's costs, one row per establishment or waste, and the month's total at its foot. */
function CostsTable({
  title,
  firstHeaders,
  rows,
  total,
  withLinks,
}: {
  title: string;
  firstHeaders: string[];
  rows: CostsRow[];
  total: MonthlyCostsPage_figures$key;
  withLinks: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const numeric = [
    t('monthlyCosts.columns.tonnes'),
    t('monthlyCosts.columns.treatmentCost'),
    t('monthlyCosts.columns.transportCost'),
    t('monthlyCosts.columns.recyclingRevenue'),
    t('monthlyCosts.columns.purchasePrice'),
    t('monthlyCosts.columns.netCost'),
  ];
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <Heading as="h3" size="md" id={headingId}>
        {title}
      </Heading>
      <ResponsiveTable
        labelledBy={headingId}
        cardsBelow="48rem"
        columns={[
          // After the name, the waste's code: read as one.
          ...firstHeaders.map((label, index) => ({ label, nowrap: index > 0 })),
          ...numeric.map((label) => ({ label, numeric: true })),
          ...(withLinks
            ? [{ label: t('monthlyCosts.columns.operations'), actions: true, hideLabel: true }]
            : []),
        ]}
        footer={
          <Table.Row fontWeight="semibold">
            <Table.Cell as="th" scope="row">
              {t('monthlyCosts.totalRow')}
            </Table.Cell>
            {/* One cell per column, so that the total's figures sit under theirs as a table and as a card. */}
            {firstHeaders.slice(1).map((header) => (
              <Table.Cell key={header} />
            ))}
            <FigureCells figures={total} />
            {withLinks && <Table.Cell />}
          </Table.Row>
        }
      >
        {rows.map((row) => (
          <Table.Row key={row.key}>
            {row.cells.map((cell, index) => (
              <Table.Cell
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                key={index}
                {...(index === 0 ? { as: 'th' as const, scope: 'row', fontWeight: 'medium' } : {})}
              >
                {cell}
              </Table.Cell>
            ))}
            <FigureCells figures={row.figures} />
            {withLinks && <Table.Cell>{row.link}</Table.Cell>}
          </Table.Row>
        ))}
      </ResponsiveTable>
    </Stack>
  );
}

function FigureCells({ figures }: { figures: MonthlyCostsPage_figures$key }) {
  const data = useFragment(figuresFragment, figures);
  const { tonnes, euros } = useCostFormats();
  const values = [
    tonnes(data.tonnes),
    euros(data.treatmentCost),
    euros(data.transportCost),
    euros(data.recyclingRevenue),
    euros(data.purchasePrice),
    euros(data.netCost),
  ];
  return (
    <>
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
        <Table.Cell key={index} fontVariantNumeric="tabular-nums">
          {value}
        </Table.Cell>
      ))}
    </>
  );
}
