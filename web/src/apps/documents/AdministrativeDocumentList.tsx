import { Badge, Button, Checkbox, Field, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import {
  ADMINISTRATIVE_DOCUMENT_TYPES,
  type AdministrativeDocumentType,
  administrativeDocumentTypeLabels,
  DOCUMENT_ACCEPT,
} from '@portal/domain/documents';
import { messages } from '@portal/domain/messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type { AdministrativeDocumentList_documents$key } from '../../__generated__/AdministrativeDocumentList_documents.graphql.ts';
import type { AdministrativeDocumentList_viewer$key } from '../../__generated__/AdministrativeDocumentList_viewer.graphql.ts';
import type { AdministrativeDocumentListArchiveMutation } from '../../__generated__/AdministrativeDocumentListArchiveMutation.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { DateInput } from '../../forms/DateInput.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { formatDate } from '../../i18n/format.ts';
import { Select } from './DocumentImport.tsx';
import { uploadFile } from './documentUpload.ts';

interface SiteOption {
  databaseId: number;
  displayName: string;
}

/** The viewer's establishments where it may add administrative documents (the `/documents` tab). */
export function useManagedSites(viewerKey: AdministrativeDocumentList_viewer$key | null): SiteOption[] {
  const viewer = useFragment(
    graphql`
      fragment AdministrativeDocumentList_viewer on User {
        establishments(first: 50) {
          edges {
            node {
              databaseId
              displayName
              canManageDocuments
            }
          }
        }
      }
    `,
    viewerKey,
  );
  return (
    viewer?.establishments.edges.map((edge) => edge.node).filter((site) => site.canManageDocuments) ?? []
  );
}

/**
 * Administrative documents (SPEC 3): type, receipt number, validity end date (expired ones flagged 'Date limite de
 * validité dépassée'), archived or not; their owner adds them (to one or several of its establishments), uploads
 * new versions and archives them; a provider's clients read them.
 */
export function AdministrativeDocumentList({
  documents: documentsKey,
  viewer: viewerKey = null,
  sites: givenSites,
  title,
}: {
  documents: AdministrativeDocumentList_documents$key;
  viewer?: AdministrativeDocumentList_viewer$key | null;
  /** Where new ones may be added, when not the viewer's own establishments. */
  sites?: SiteOption[];
  title?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const revalidator = useRevalidator();
  const viewerSites = useManagedSites(viewerKey);
  const sites = givenSites ?? viewerSites;
  const documents = useFragment(
    graphql`
      fragment AdministrativeDocumentList_documents on AdministrativeDocument @relay(plural: true) {
        id
        databaseId
        typeLabel
        receiptNumber
        validUntil
        comment
        archived
        expired
        editable
        filename
        version
        url
        establishments {
          displayName
        }
      }
    `,
    documentsKey,
  );
  const [commitArchive] = useMutation<AdministrativeDocumentListArchiveMutation>(graphql`
    mutation AdministrativeDocumentListArchiveMutation($input: UpdateAdministrativeDocumentInput!) {
      updateAdministrativeDocument(input: $input) {
        administrativeDocument {
          id
          archived
        }
        userErrors {
          message
        }
      }
    }
  `);
  const [showArchived, setShowArchived] = useState(false);
  const shown = documents.filter((document) => showArchived || !document.archived);

  const archive = (id: string, archived: boolean) =>
    commitArchive({
      variables: { input: { id, archived } },
      onCompleted: ({ updateAdministrativeDocument }) => {
        const [error] = updateAdministrativeDocument.userErrors;
        if (error) notifyFailure(null, error.message);
        else notifySuccess(messages.documentUpdated);
      },
      onError: (error) => notifyFailure(error, messages.genericError),
    });

  const newVersion = async (databaseId: number, file: File | undefined) => {
    if (!file) return;
    const result = await uploadFile(
      `/uploads/administrative_documents/${databaseId}/versions`,
      {},
      file,
      () => {},
    ).result;
    if (result.ok) {
      notifySuccess(messages.documentUpdated);
      revalidator.revalidate();
    } else if (!result.cancelled) notifyFailure(null, result.messages.map((m) => m.message).join(' '));
  };

  const columns = [
    { label: t('documents.type') },
    { label: t('documents.receiptNumber') },
    { label: t('documents.validUntil'), nowrap: true },
    { label: t('documents.establishments') },
    { label: t('documents.actions'), actions: true },
  ];

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <HStack justify="space-between" wrap="wrap">
        <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
          {title ?? t('documents.administrativeTitle')}
        </Text>
        <Checkbox.Root
          checked={showArchived}
          onCheckedChange={(details) => setShowArchived(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('documents.showArchived')}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      {shown.length === 0 ? (
        <Text color="fg.muted">{t('documents.administrativeEmpty')}</Text>
      ) : (
        <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="44rem">
          {shown.map((document) => (
            <Table.Row key={document.id}>
              <Table.Cell>
                <Text fontWeight="medium">{document.typeLabel}</Text>
                {document.archived && <Badge>{t('documents.archived')}</Badge>}
                {!document.editable && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('documents.readOnly')}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>{document.receiptNumber ?? '—'}</Table.Cell>
              <Table.Cell>
                <Text>{formatDate(document.validUntil) ?? '—'}</Text>
                {document.expired && (
                  <Badge colorPalette="red" whiteSpace="normal">
                    {messages.validityExpired}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>{document.establishments.map((site) => site.displayName).join(', ')}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap" justify="end">
                  <Button asChild size="xs" variant="outline">
                    <Link href={document.url} download>
                      {t('documents.download')}
                    </Link>
                  </Button>
                  {document.editable && (
                    <>
                      <Button asChild size="xs" variant="outline">
                        <label>
                          {t('documents.newVersion')}
                          <input
                            type="file"
                            accept={DOCUMENT_ACCEPT}
                            style={{ display: 'none' }}
                            onChange={(event) => {
                              void newVersion(document.databaseId, event.target.files?.[0]);
                              event.target.value = '';
                            }}
                          />
                        </label>
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => archive(document.id, !document.archived)}
                      >
                        {document.archived ? t('documents.unarchive') : t('documents.archive')}
                      </Button>
                    </>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </ResponsiveTable>
      )}
      {sites.length > 0 && (
        <AddAdministrativeDocument sites={sites} onAdded={() => revalidator.revalidate()} />
      )}
    </Stack>
  );
}

/** The form that adds an administrative document with its file to one or several establishments. */
function AddAdministrativeDocument({ sites, onAdded }: { sites: SiteOption[]; onAdded: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [type, setType] = useState<AdministrativeDocumentType>('TRANSPORT_RECEIPT');
  const [customType, setCustomType] = useState('');
  const [receiptNumber, setReceiptNumber] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [comment, setComment] = useState('');
  const [chosen, setChosen] = useState<number[]>(sites.length === 1 ? [sites[0]?.databaseId ?? 0] : []);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors([messages.documentFileRequired]);
      return;
    }
    setSending(true);
    const result = await uploadFile(
      '/uploads/administrative_documents',
      {
        type,
        customType,
        receiptNumber,
        validUntil,
        comment,
        'companySites[]': chosen.map((id) => `/api/company_sites/${id}`),
      },
      file,
      () => {},
    ).result;
    setSending(false);
    if (result.ok) {
      notifySuccess(messages.documentAdded);
      setErrors([]);
      setFile(null);
      setReceiptNumber('');
      setValidUntil('');
      setComment('');
      onAdded();
    } else
      setErrors(
        result.messages.map((m) =>
          m.field === 'companySites' ? `${t('documents.establishments')} : ${m.message}` : m.message,
        ),
      );
  };

  return (
    <Stack
      as="form"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <Text as="h3" id={headingId} fontWeight="semibold">
        {t('documents.addAdministrative')}
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" wrap="wrap" align={{ md: 'end' }}>
        <Select
          label={t('documents.type')}
          value={type}
          onChange={(v) => setType(v as AdministrativeDocumentType)}
        >
          {ADMINISTRATIVE_DOCUMENT_TYPES.map((option) => (
            <option key={option} value={option}>
              {administrativeDocumentTypeLabels[option]}
            </option>
          ))}
        </Select>
        {type === 'OTHER' && (
          <Field.Root maxW={{ md: '56' }}>
            <Field.Label>{t('documents.customType')}</Field.Label>
            <Input value={customType} onChange={(e) => setCustomType(e.target.value)} />
          </Field.Root>
        )}
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>{t('documents.receiptNumber')}</Field.Label>
          <Input value={receiptNumber} onChange={(e) => setReceiptNumber(e.target.value)} />
        </Field.Root>
        <Field.Root maxW={{ md: '44' }}>
          <Field.Label>{t('documents.validUntil')}</Field.Label>
          <DateInput value={validUntil} onChange={setValidUntil} />
        </Field.Root>
        <Field.Root maxW={{ md: '64' }}>
          <Field.Label>{t('documents.comment')}</Field.Label>
          <Input value={comment} onChange={(e) => setComment(e.target.value)} />
        </Field.Root>
        <Field.Root maxW={{ md: '64' }}>
          <Field.Label>{t('documents.file')}</Field.Label>
          <Input
            type="file"
            accept={DOCUMENT_ACCEPT}
            p="1"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field.Root>
      </Stack>
      {sites.length > 1 && (
        <Stack as="fieldset" gap="1">
          <Text as="legend" fontWeight="medium">
            {t('documents.establishments')}
          </Text>
          <HStack wrap="wrap" gap="4">
            {sites.map((site) => (
              <Checkbox.Root
                key={site.databaseId}
                checked={chosen.includes(site.databaseId)}
                onCheckedChange={(details) =>
                  setChosen((current) =>
                    details.checked === true
                      ? [...current, site.databaseId]
                      : current.filter((id) => id !== site.databaseId),
                  )
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{site.displayName}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Stack>
      )}
      {errors.length > 0 && (
        <Stack role="alert" gap="1">
          {errors.map((error) => (
            <Text key={error} color="fg.error">
              {error}
            </Text>
          ))}
        </Stack>
      )}
      <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={sending}>
        {t('documents.save')}
      </Button>
    </Stack>
  );
}
