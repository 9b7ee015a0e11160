import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Input,
  Link,
  List,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { SITE_IMPORT_COLUMNS } from '@portal/domain/admin';
import { messages } from '@portal/domain/messages';
import { typologyLabels, USER_TYPOLOGIES } from '@portal/domain/typologies';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type {
  EstablishmentImportDialogMutation,
  EstablishmentImportDialogMutation$data,
} from '../../__generated__/EstablishmentImportDialogMutation.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import {
  base64Of,
  IMPORT_TEMPLATE_NAME,
  importTemplateHref,
  isImportFile,
  SITE_IMPORT_ACCEPT,
  SITE_IMPORT_MAX_BYTES,
} from './siteImport.ts';

const importMutation = graphql`
  mutation EstablishmentImportDialogMutation($input: AdminImportEstablishmentsInput!) {
    adminImportEstablishments(input: $input) {
      lines {
        line
        name
        address
        postcode
        city
        siret
        typologies
        errors
      }
      valid
      invalid
      created
      company {
        id
        establishmentCount
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type ImportResult = EstablishmentImportDialogMutation$data['adminImportEstablishments'];

/** The file chosen, read in the browser. */
interface ChosenFile {
  name: string;
  content: string;
}

/**
 * « Importer des établissements » of a company: a CSV or XLSX file is read in the browser and sent for a preview
 * (nothing is written), each line shown with its errors in French; the import then creates them, refused while a
 * line fails unless « Ignorer les lignes en erreur » is ticked.
 */
export function EstablishmentImportDialog({
  open,
  company,
  onClose,
}: {
  open: boolean;
  company: { id: string; name: string };
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} size="xl">
      <ImportForm company={company} onDone={onClose} />
    </FormDialog>
  );
}

function ImportForm({ company, onDone }: { company: { id: string; name: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [commit, isSending] = useMutation<EstablishmentImportDialogMutation>(importMutation);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [committing, setCommitting] = useState(false);

  const send = (chosen: ChosenFile, write: boolean) => {
    setProblems([]);
    setCommitting(write);
    commit({
      variables: {
        input: {
          companyId: company.id,
          fileName: chosen.name,
          contentBase64: chosen.content,
          commit: write,
          ...(write && { skipInvalid }),
        },
      },
      ...mutationFeedback<EstablishmentImportDialogMutation['response']>({
        result: ({ adminImportEstablishments }) => ({
          userErrors: adminImportEstablishments.userErrors,
          ok: true,
        }),
        success: write
          ? ({ adminImportEstablishments }) => messages.adminImportDone(adminImportEstablishments.created)
          : undefined,
        failure: messages.retryLater,
        // Said in the dialog, beside the file they are about.
        refused: (userErrors, ok) => {
          if (userErrors.length === 0 && ok) return false;
          setProblems(
            userErrors.length > 0 ? userErrors.map((error) => error.message) : [messages.retryLater],
          );
          return true;
        },
        failed: () => setProblems([messages.retryLater]),
        onSuccess: ({ adminImportEstablishments }) => {
          setResult(adminImportEstablishments);
          if (!write) return;
          // Done (the toast says how many): the company's page lists its establishments again, the new ones too.
          onDone();
          revalidator.revalidate();
        },
      }),
    });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    setResult(null);
    setSkipInvalid(false);
    setProblems([]);
    setFile(null);
    if (!chosen) return;
    if (!isImportFile(chosen.name)) return setProblems([messages.adminImportFormat]);
    if (chosen.size > SITE_IMPORT_MAX_BYTES) return setProblems([t('admin.import.tooLarge')]);
    setReading(true);
    try {
      const read = { name: chosen.name, content: await base64Of(chosen) };
      setFile(read);
      send(read, false);
    } catch {
      setProblems([messages.retryLater]);
    } finally {
      setReading(false);
    }
  };

  const invalid = result?.invalid ?? 0;
  const valid = result?.valid ?? 0;
  const blocked = invalid > 0 && !skipInvalid;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('admin.import.title', { name: company.name })}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t('admin.import.intro', {
              columns: SITE_IMPORT_COLUMNS.map((column) => column.header).join(';'),
              typologies: USER_TYPOLOGIES.map((code) => typologyLabels[code]).join(', '),
            })}{' '}
            <Link href={importTemplateHref()} download={IMPORT_TEMPLATE_NAME} colorPalette="brand">
              {t('admin.import.template')}
            </Link>
          </Text>
          <FormField label={t('admin.import.file')} helperText={t('admin.import.fileHelp')}>
            <Input
              type="file"
              accept={SITE_IMPORT_ACCEPT}
              p="1"
              disabled={isSending || reading}
              onChange={choose}
            />
          </FormField>
          <FormAlert messages={problems} />
          {(reading || (isSending && !committing)) && (
            <Text role="status" color="fg.muted">
              {t('admin.import.reading')}
            </Text>
          )}
          {result && file && <ImportPreview result={result} fileName={file.name} />}
          {result && invalid > 0 && (
            <Stack gap="2">
              <Checkbox.Root
                checked={skipInvalid}
                onCheckedChange={(details) => setSkipInvalid(details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('admin.import.skipInvalid')}</Checkbox.Label>
              </Checkbox.Root>
              {blocked && (
                <Text fontSize="sm" color="fg.error">
                  {messages.adminImportHasErrors(invalid)}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="ghost" disabled={isSending && committing}>
            {t('confirm.cancel')}
          </Button>
        </Dialog.ActionTrigger>
        <Button
          colorPalette="brand"
          disabled={!result || !file || blocked || valid === 0}
          loading={isSending && committing}
          loadingText={t('admin.import.submit', { count: valid })}
          onClick={() => file && send(file, true)}
        >
          {t('admin.import.submit', { count: valid })}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('confirm.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** The lines read, each with its errors, and how many pass. */
function ImportPreview({ result, fileName }: { result: ImportResult; fileName: string }) {
  const { t } = useTranslation();
  const columns = [
    { label: t('admin.import.line'), numeric: true },
    ...SITE_IMPORT_COLUMNS.map((column) => ({ label: column.label })),
    { label: t('admin.import.errors') },
  ];
  return (
    <Stack gap="2">
      <Text fontWeight="medium">
        {t('admin.import.summary', {
          file: fileName,
          count: result.lines.length,
          valid: t('admin.import.valid', { count: result.valid }),
          invalid: t('admin.import.invalid', { count: result.invalid }),
        })}
      </Text>
      <Box maxH="96" overflowY="auto">
        <ResponsiveTable columns={columns} label={t('admin.import.previewLabel')} cardsBelow="56rem">
          {result.lines.map((line) => {
            const failing = line.errors.length > 0;
            return (
              <Table.Row key={line.line} bg={failing ? 'red.subtle' : undefined}>
                <Table.Cell>{line.line}</Table.Cell>
                <Table.Cell>{line.name || '—'}</Table.Cell>
                <Table.Cell>{line.address || '—'}</Table.Cell>
                <Table.Cell>{line.postcode || '—'}</Table.Cell>
                <Table.Cell>{line.city || '—'}</Table.Cell>
                <Table.Cell>{line.siret || '—'}</Table.Cell>
                <Table.Cell>{line.typologies || '—'}</Table.Cell>
                <Table.Cell>
                  {failing ? (
                    <List.Root ps="4" gap="1" color="fg.error" fontSize="sm">
                      {line.errors.map((error) => (
                        <List.Item key={error}>{error}</List.Item>
                      ))}
                    </List.Root>
                  ) : (
                    <Text color="green.fg" fontSize="sm">
                      {t('admin.import.lineValid')}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </ResponsiveTable>
      </Box>
    </Stack>
  );
}
