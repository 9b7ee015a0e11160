import { Box, Button, Table } from '@chakra-ui/react';
import { deliveryFields } from '@portal/domain/deliveries';
import { fieldLabels } from '@portal/domain/fields';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow_delivery$key } from '../../__generated__/DeliveryRow_delivery.graphql.ts';
import { DeliveryRow } from './DeliveryRow.tsx';

const deliveryFieldLabels = fieldLabels(deliveryFields);

interface DeliveryTableProps {
  /** Names the table for screen readers. */
  labelledBy: string;
  rows: readonly (DeliveryRow_delivery$key & { readonly id: string })[];
  connectionId: string;
  showSite: boolean;
  canDeleteProgram: boolean;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadNext: () => void;
}

/** A page of deliveries with "Afficher plus"; the site's own list and the provider's list share it. */
export function DeliveryTable({
  labelledBy,
  rows,
  connectionId,
  showSite,
  canDeleteProgram,
  hasNext,
  isLoadingNext,
  onLoadNext,
}: DeliveryTableProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="bg.panel">
        <Table.Root size="sm" aria-labelledby={labelledBy}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{deliveryFieldLabels.skip}</Table.ColumnHeader>
              {showSite && <Table.ColumnHeader>{deliveryFieldLabels.companySite}</Table.ColumnHeader>}
              <Table.ColumnHeader>{deliveryFieldLabels.requestedDate}</Table.ColumnHeader>
              <Table.ColumnHeader>{deliveryFieldLabels.status}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('deliveries.columns.program')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('deliveries.columns.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <DeliveryRow
                key={row.id}
                delivery={row}
                connectionId={connectionId}
                showSite={showSite}
                canDeleteProgram={canDeleteProgram}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {hasNext && (
        <Button mt="3" variant="outline" size="sm" loading={isLoadingNext} onClick={onLoadNext}>
          {t('deliveries.showMore')}
        </Button>
      )}
    </Box>
  );
}
