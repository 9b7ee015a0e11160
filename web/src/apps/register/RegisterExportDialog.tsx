import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Portal,
  Progress,
  RadioGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import type { RegisterExportFormat } from '@portal/domain/registry';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type {
  RegisterExportDialogSummaryQuery,
  RegisterExportDialogSummaryQuery$data,
} from '../../__generated__/RegisterExportDialogSummaryQuery.graphql.ts';
import type { RegisterFilter } from '../../__generated__/RegisterPageQuery.graphql.ts';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { notifySuccess } from '../../forms/mutationFeedback.ts';
import { readSelection } from '../dashboard/selection.ts';
import { downloadRegisterExport, type ExportProgress } from './registerExport.ts';

const summaryQuery = graphql`
  query RegisterExportDialogSummaryQuery($filter: RegisterFilter!) {
    viewer {
      registerSummary(filter: $filter) {
        totalCount
        incompleteCount
      }
    }
  }
`;

type Summary = NonNullable<RegisterExportDialogSummaryQuery$data['viewer']>['registerSummary'];

/**
 * The register's export (SPEC 5: a start and an end date are required): the national register's CSV or XLSX of
 * the period, for the selected establishment(s) and the page's other filters. Before exporting, the dialog says how
 * many lines the period holds and how many are still to complete; while the api writes the file, a progress bar.
 */
export function RegisterExportDialog({ filter, onClose }: { filter: RegisterFilter; onClose: () => void }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [params] = useSearchParams();
  const fromId = useId();
  const toId = useId();
  const formatId = useId();
  const [from, setFrom] = useState<string | null>(filter.from ?? null);
  const [to, setTo] = useState<string | null>(filter.to ?? null);
  const [format, setFormat] = useState<RegisterExportFormat>('csv');
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  const periodReady = from !== null && to !== null && from <= to;

  // What the period holds, asked again whenever it changes.
  useEffect(() => {
    setSummary(null);
    if (!periodReady) return;
    const subscription = fetchQuery<RegisterExportDialogSummaryQuery>(environment, summaryQuery, {
      filter: { ...filter, from, to },
    }).subscribe({
      next: (data) => setSummary(data.viewer?.registerSummary ?? null),
      error: () => setSummary(null),
    });
    return () => subscription.unsubscribe();
  }, [environment, filter, from, to, periodReady]);

  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    if (from === null || to === null) {
      setError(messages.registerExportDatesRequired);
      return;
    }
    if (to < from) {
      setError(messages.endBeforeStart);
      return;
    }
    setError(null);
    const controller = new AbortController();
    running.current = controller;
    setProgress({ lines: 0, totalLines: summary?.totalCount ?? null, bytes: 0 });
    const establishmentId = readSelection(params).establishmentId;
    const result = await downloadRegisterExport(
      {
        format,
        from,
        to,
        establishmentId,
        wasteCode: filter.wasteCodes?.[0] ?? null,
        dangerous: filter.dangerous ?? null,
      },
      setProgress,
      controller.signal,
    );
    running.current = null;
    setProgress(null);
    if (result.ok) {
      notifySuccess(t('register.exported'));
      onClose();
    } else if (!result.cancelled) {
      setError(result.message);
    }
  };

  const cancel = () => {
    running.current?.abort();
    onClose();
  };
  const percent =
    progress?.totalLines && progress.totalLines > 0
      ? Math.min(100, Math.round((progress.lines / progress.totalLines) * 100))
      : null;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('register.exportTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('register.exportIntro')}</Text>
                <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                  {(
                    [
                      [fromId, t('register.exportFrom'), from, setFrom],
                      [toId, t('register.exportTo'), to, setTo],
                    ] as const
                  ).map(([id, label, value, set]) => (
                    <Box key={id}>
                      <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
                        <label htmlFor={id}>
                          {label}{' '}
                          <Text as="span" color="fg.error" aria-hidden>
                            *
                          </Text>
                        </label>
                      </Text>
                      <DateFilter id={id} value={value} onChange={set} />
                    </Box>
                  ))}
                </Stack>
                <RadioGroup.Root
                  value={format}
                  onValueChange={(details) => setFormat(details.value as RegisterExportFormat)}
                  aria-labelledby={formatId}
                >
                  <Text id={formatId} fontSize="sm" fontWeight="medium" mb="2">
                    {t('register.exportFormat')}
                  </Text>
                  <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                    {(['csv', 'xlsx'] as const).map((value) => (
                      <RadioGroup.Item key={value} value={value}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(`register.format.${value}`)}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
                {periodReady && summary && (
                  <Alert.Root status={summary.incompleteCount > 0 ? 'warning' : 'info'} role="status">
                    <Alert.Indicator />
                    <Alert.Title>
                      {summary.incompleteCount > 0
                        ? t('register.exportIncomplete', {
                            count: summary.totalCount,
                            incomplete: summary.incompleteCount,
                          })
                        : t('register.exportLines', { count: summary.totalCount })}
                    </Alert.Title>
                  </Alert.Root>
                )}
                {progress && (
                  <Progress.Root value={percent} colorPalette="brand">
                    <Progress.Label fontSize="sm" mb="1">
                      {percent === null
                        ? t('register.exportBytes', { size: (progress.bytes / 1024).toFixed(0) })
                        : t('register.exportPercent', { percent })}
                    </Progress.Label>
                    {/* The track is the progress bar: it carries the name. */}
                    <Progress.Track aria-label={t('register.exportProgress')}>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                )}
                {error && (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={cancel}>
                {t('register.exportCancel')}
              </Button>
              <Button colorPalette="brand" loading={progress !== null} onClick={start}>
                {t('register.exportSubmit')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('confirm.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
