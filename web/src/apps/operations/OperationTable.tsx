import { Badge, Box, Button, Link, Table, Text } from '@chakra-ui/react';
import { operationFieldLabels } from '@portal/domain/operations';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { OperationRow_operation$key } from '../../__generated__/OperationRow_operation.graphql.ts';
import { DeferredDraw } from '../../components/DeferredDraw.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDate } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { selectionSearch } from '../dashboard/selection.ts';
import { OperationActions } from './OperationActions.tsx';
import { statusPalette } from './operationStatus.ts';

interface OperationTableProps {
  labelledBy: string;
  rows: readonly (OperationRow_operation$key & { readonly id: string })[];
  totalCount: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadNext: () => void;
}

/**
 * The rows drawn in a list's first render: about what a wide screen shows of the table before scrolling; the
 * others follow in the next render (`DeferredDraw`), so that a page of 50 shows its first rows sooner.
 */
const ROWS_DRAWN_FIRST = 12;

/** A page of operations with "Afficher plus": every list of operations shares it. */
export function OperationTable({
  labelledBy,
  rows,
  totalCount,
  hasNext,
  isLoadingNext,
  onLoadNext,
}: OperationTableProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <ResponsiveTable
        labelledBy={labelledBy}
        cardsBelow="48rem"
        columns={[
          { label: t('operations.columns.type'), nowrap: true },
          { label: t('operations.columns.skipAndWaste') },
          { label: operationFieldLabels.companySite },
          { label: operationFieldLabels.requestedDate },
          { label: t('operations.columns.interventionDate') },
          { label: operationFieldLabels.status },
          { label: t('operations.columns.actions'), actions: true },
        ]}
      >
        {rows.map((row, index) => (
          <DeferredDraw key={row.id} now={index < ROWS_DRAWN_FIRST}>
            <OperationRow operation={row} />
          </DeferredDraw>
        ))}
      </ResponsiveTable>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {t('operations.count', { count: totalCount })}
      </Text>
      {hasNext && (
        <Button mt="3" variant="outline" size="sm" loading={isLoadingNext} onClick={onLoadNext}>
          {t('operations.showMore')}
        </Button>
      )}
    </Box>
  );
}

function OperationRow({ operation }: { operation: OperationRow_operation$key }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const data = useFragment(
    graphql`
      fragment OperationRow_operation on Operation {
        databaseId
        typeLabel
        status
        statusLabel
        requestedDate
        interventionDate
        realInterventionDate
        dangerous
        skip {
          name
        }
        skipName
        establishment {
          displayName
        }
        thirdLevelWaste {
          label
        }
        wasteCode {
          code
        }
        ...OperationActions_operation
      }
    `,
    operation,
  );
  const number = String(data.databaseId);
  return (
    <Table.Row>
      <Table.Cell>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink
            to={{ pathname: `${paths.operations}/${data.databaseId}`, search: selectionSearch(params) }}
          >
            {data.typeLabel} {t('operations.number', { number })}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        {data.skip?.name ?? data.skipName ?? t('operations.unknownSkip')}
        <Text as="span" color="fg.muted" fontSize="xs" display="block">
          {[data.thirdLevelWaste?.label, data.wasteCode?.code].filter(Boolean).join(' · ')}
        </Text>
      </Table.Cell>
      <Table.Cell fontSize="xs">{data.establishment?.displayName ?? ''}</Table.Cell>
      <Table.Cell>{formatDate(data.requestedDate)}</Table.Cell>
      <Table.Cell>{formatDate(data.realInterventionDate ?? data.interventionDate) ?? '—'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={statusPalette(data.status)}>{data.statusLabel}</Badge>
      </Table.Cell>
      <Table.Cell>
        <OperationActions operation={data} size="xs" />
      </Table.Cell>
    </Table.Row>
  );
}
