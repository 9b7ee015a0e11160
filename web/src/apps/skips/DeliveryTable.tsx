import { Box, Button } from '@chakra-ui/react';
import { deliveryFields } from '@portal/domain/deliveries';
import { fieldLabels } from '@portal/domain/fields';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow_delivery$key } from '../../__generated__/DeliveryRow_delivery.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
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
      <ResponsiveTable
        labelledBy={labelledBy}
        cardsBelow="40rem"
        columns={[
          { label: deliveryFieldLabels.skip },
          ...(showSite ? [{ label: deliveryFieldLabels.companySite }] : []),
          { label: deliveryFieldLabels.requestedDate },
          { label: deliveryFieldLabels.status },
          { label: t('deliveries.columns.program') },
          { label: t('deliveries.columns.actions'), actions: true },
        ]}
      >
        {rows.map((row) => (
          <DeliveryRow
            key={row.id}
            delivery={row}
            connectionId={connectionId}
            showSite={showSite}
            canDeleteProgram={canDeleteProgram}
          />
        ))}
      </ResponsiveTable>
      {hasNext && (
        <Button mt="3" variant="outline" size="sm" loading={isLoadingNext} onClick={onLoadNext}>
          {t('deliveries.showMore')}
        </Button>
      )}
    </Box>
  );
}
