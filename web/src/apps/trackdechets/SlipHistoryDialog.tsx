import { Badge, CloseButton, Dialog, HStack, List, Portal, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SlipHistoryDialogQuery } from '../../__generated__/SlipHistoryDialogQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { Bone } from '../../components/Skeletons.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { slipStatusPalette } from './slipStatus.ts';
import { TrackdechetsFailure } from './TrackdechetsFailure.tsx';

/**
 * The status history of one slip, asked to Trackdéchets when the dialog opens (each opening asks again: the
 * slip moves on there), never with the list.
 */
export function SlipHistoryDialog({
  readableId,
  open,
  onClose,
}: {
  /** The slip last asked for: kept while the dialog closes, so that its title stays. */
  readableId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open && readableId !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* Outside the Suspense boundary: it names the dialog while the history loads. */}
            <Dialog.Header>
              <Dialog.Title>{t('hazardousPickups.historyTitle', { number: readableId ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {readableId !== null && (
                <ErrorBoundary fallback={(error) => <TrackdechetsFailure error={error} />}>
                  <Suspense fallback={<HistorySkeleton />}>
                    <History readableId={readableId} />
                  </Suspense>
                </ErrorBoundary>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('confirm.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function History({ readableId }: { readableId: string }) {
  const { t } = useTranslation();
  const { slipStatusHistory } = useLazyLoadQuery<SlipHistoryDialogQuery>(
    graphql`
      query SlipHistoryDialogQuery($readableId: String!) {
        slipStatusHistory(readableId: $readableId) {
          status {
            code
            label
          }
          loggedAt
        }
      }
    `,
    { readableId },
    { fetchPolicy: 'network-only' },
  );
  if (slipStatusHistory.length === 0)
    return <Text color="fg.muted">{t('hazardousPickups.historyEmpty')}</Text>;
  return (
    <List.Root as="ol" gap="3" listStyleType="none" aria-label={t('hazardousPickups.historyList')}>
      {slipStatusHistory.map((log) => (
        <List.Item key={`${log.loggedAt}-${log.status.code}`}>
          <HStack gap="3" wrap="wrap">
            <Badge colorPalette={slipStatusPalette(log.status.code)}>{log.status.label}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(log.loggedAt)}
            </Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="3" role="status" aria-busy="true">
      <Text srOnly>{t('app.loading')}</Text>
      {[0, 1, 2].map((line) => (
        <HStack key={line} gap="3" aria-hidden="true">
          <Bone height="5" width="32" borderRadius="full" />
          <Bone height="4" width="40" />
        </HStack>
      ))}
    </Stack>
  );
}
