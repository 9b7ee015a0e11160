import { Box, Button, Checkbox, Dialog, HStack, Link, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { DOCUMENT_ACCEPT } from '@portal/domain/documents';
import { messages } from '@portal/domain/messages';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useRevalidator, useSearchParams } from 'react-router-dom';
import type { DocumentList_categories$key } from '../../__generated__/DocumentList_categories.graphql.ts';
import type {
  DocumentList_documents$data,
  DocumentList_documents$key,
} from '../../__generated__/DocumentList_documents.graphql.ts';
import type { DocumentList_viewer$key } from '../../__generated__/DocumentList_viewer.graphql.ts';
import type { DocumentListDeleteMutation } from '../../__generated__/DocumentListDeleteMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { FilterField } from '../../forms/FilterField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { SearchField } from '../sites/EstablishmentListPage.tsx';
import { Select } from './DocumentImport.tsx';
import { DOCUMENT_SORTS, type DocumentSort } from './documentParams.ts';
import { uploadFile } from './documentUpload.ts';

type DocumentNode = DocumentList_documents$data['edges'][number]['node'];

/** A size in French units. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024)
    return `${(bytes / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Ko`;
  return `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}

/**
 * The documents the viewer sees, filtered and sorted from the URL (category, issuing establishment, period,
 * search), each with its download, a new version, its history and its deletion (with confirmation).
 */
export function DocumentList({
  viewer: viewerKey,
  documents: documentsKey,
  categories: categoriesKey,
}: {
  viewer: DocumentList_viewer$key;
  documents: DocumentList_documents$key;
  categories: DocumentList_categories$key;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const revalidator = useRevalidator();
  const viewer = useFragment(
    graphql`
      fragment DocumentList_viewer on User {
        establishments(first: 50) {
          edges {
            node {
              id
              displayName
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const categories = useFragment(
    graphql`
      fragment DocumentList_categories on DocumentCategory @relay(plural: true) {
        id
        label
      }
    `,
    categoriesKey,
  );
  const documents = useFragment(
    graphql`
      fragment DocumentList_documents on DocumentConnection {
        totalCount
        edges {
          node {
            id
            databaseId
            name
            documentDate
            category {
              label
            }
            issuingSite {
              displayName
            }
            recipientLabel
            sender
            filename
            size
            version
            url
            canManage
            deletedAt
            versions {
              version
              filename
              size
              createdAt
              createdByName
              url
            }
            history {
              action
              actionLabel
              at
              userName
            }
          }
        }
      }
    `,
    documentsKey,
  );
  const [commitDelete, deleting] = useMutation<DocumentListDeleteMutation>(graphql`
    mutation DocumentListDeleteMutation($input: DeleteDocumentInput!) {
      deleteDocument(input: $input) {
        deletedDocumentId
        userErrors {
          message
        }
      }
    }
  `);
  const [toDelete, setToDelete] = useState<DocumentNode | null>(null);
  const [historyOf, setHistoryOf] = useState<DocumentNode | null>(null);
  const versionPicker = useRef<HTMLInputElement>(null);
  const [versionFor, setVersionFor] = useState<DocumentNode | null>(null);

  const setParam = (name: string, value: string | null) =>
    updateSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    commitDelete({
      variables: { input: { id: toDelete.id } },
      onCompleted: ({ deleteDocument }) => {
        const [error] = deleteDocument.userErrors;
        if (error) notifyFailure(null, error.message);
        else notifySuccess(messages.documentDeleted);
        setToDelete(null);
        revalidator.revalidate();
      },
      onError: (error) => {
        notifyFailure(error, messages.documentDeleteError);
        setToDelete(null);
      },
    });
  };

  const uploadVersion = async (file: File | undefined) => {
    const target = versionFor;
    if (!file || !target) return;
    const result = await uploadFile(`/uploads/documents/${target.databaseId}/versions`, {}, file, () => {})
      .result;
    if (result.ok) {
      notifySuccess(messages.documentUpdated);
      revalidator.revalidate();
    } else if (!result.cancelled) {
      notifyFailure(null, result.messages.map((m) => m.message).join(' ') || messages.uploadError);
    }
    setVersionFor(null);
  };

  const sortLabels: Record<DocumentSort, string> = {
    recent: t('documents.sortNewest'),
    name: t('documents.sortName'),
    date: t('documents.sortDate'),
    size: t('documents.sortSize'),
  };
  const columns = [
    { label: t('documents.name') },
    { label: t('documents.category') },
    { label: t('documents.date'), nowrap: true },
    { label: t('documents.recipient') },
    { label: t('documents.file') },
    { label: t('documents.actions'), actions: true },
  ];

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <Text as="h2" id={headingId} fontSize="lg" fontWeight="semibold">
        {t('documents.listLabel')} ({documents.totalCount})
      </Text>
      <Stack
        role="search"
        direction={{ base: 'column', md: 'row' }}
        gap="3"
        wrap="wrap"
        align={{ md: 'end' }}
      >
        <Box maxW={{ md: '64' }}>
          <SearchField
            label={t('documents.search')}
            placeholder={t('documents.searchPlaceholder')}
            value={params.get('q') ?? ''}
            onSearch={(text) => setParam('q', text || null)}
          />
        </Box>
        <Select
          label={t('documents.category')}
          value={params.get('categorie') ?? ''}
          onChange={(v) => setParam('categorie', v)}
        >
          <option value="">{t('documents.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </Select>
        <Select
          label={t('documents.issuingSite')}
          value={params.get('emetteur') ?? ''}
          onChange={(v) => setParam('emetteur', v)}
        >
          <option value="">{t('documents.allSites')}</option>
          {viewer.establishments.edges.map(({ node }) => (
            <option key={node.id} value={node.id}>
              {node.displayName}
            </option>
          ))}
        </Select>
        {(
          [
            ['du', t('documents.from')],
            ['au', t('documents.to')],
          ] as const
        ).map(([param, label]) => (
          <FilterField key={param} label={label}>
            {(id) => (
              <DateFilter id={id} value={params.get(param)} onChange={(value) => setParam(param, value)} />
            )}
          </FilterField>
        ))}
        <Select
          label={t('documents.sort')}
          value={params.get('tri') ?? 'recent'}
          onChange={(v) => setParam('tri', v)}
        >
          {DOCUMENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {sortLabels[sort]}
            </option>
          ))}
        </Select>
        <Checkbox.Root
          checked={params.get('supprimes') === '1'}
          onCheckedChange={(details) => setParam('supprimes', details.checked === true ? '1' : null)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('documents.showDeleted')}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
      {documents.edges.length === 0 ? (
        <Text color="fg.muted">{t('documents.empty')}</Text>
      ) : (
        <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="52rem">
          {documents.edges.map(({ node }) => (
            <Table.Row key={node.id}>
              <Table.Cell>
                <Text fontWeight="medium">{node.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {node.issuingSite?.displayName} · {node.sender}
                </Text>
              </Table.Cell>
              <Table.Cell>{node.category?.label}</Table.Cell>
              <Table.Cell>{formatDate(node.documentDate)}</Table.Cell>
              <Table.Cell>{node.recipientLabel}</Table.Cell>
              <Table.Cell>
                <Text wordBreak="break-all">{node.filename}</Text>
                <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                  {formatSize(node.size)} · {t('documents.versionN', { version: node.version })}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" wrap="wrap" justify="end">
                  {node.url && (
                    <Button asChild size="xs" variant="outline">
                      <Link
                        href={node.url}
                        download
                        aria-label={t('documents.downloadNamed', { name: node.name })}
                      >
                        {t('documents.download')}
                      </Link>
                    </Button>
                  )}
                  {node.canManage && (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('documents.newVersionOf', { name: node.name })}
                      onClick={() => {
                        setVersionFor(node);
                        versionPicker.current?.click();
                      }}
                    >
                      {t('documents.newVersion')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t('documents.historyOf', { name: node.name })}
                    onClick={() => setHistoryOf(node)}
                  >
                    {t('documents.history')}
                  </Button>
                  {node.canManage && (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setToDelete(node)}>
                      {t('documents.delete')}
                    </Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </ResponsiveTable>
      )}
      <input
        ref={versionPicker}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-label={t('documents.newVersion')}
        style={{ display: 'none' }}
        onChange={(event) => {
          void uploadVersion(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('documents.deleteTitle')}
        description={t('documents.deleteBody', { name: toDelete?.name ?? '' })}
        confirmLabel={t('documents.delete')}
        loading={deleting}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
      <Dialog.Root
        open={historyOf !== null}
        onOpenChange={(details) => !details.open && setHistoryOf(null)}
        lazyMount
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{t('documents.historyOf', { name: historyOf?.name ?? '' })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Stack as="ul" gap="1" listStyleType="none">
                    {historyOf?.history.map((event) => (
                      <Text as="li" key={`${event.action}-${event.at}`}>
                        {event.actionLabel} · {formatDateTime(event.at)}
                        {event.userName ? ` · ${t('documents.by', { name: event.userName })}` : ''}
                      </Text>
                    ))}
                  </Stack>
                  <Text fontWeight="semibold">{t('documents.versions')}</Text>
                  <Stack as="ul" gap="1" listStyleType="none">
                    {historyOf?.versions.map((version) => (
                      <HStack as="li" key={version.version} justify="space-between" wrap="wrap">
                        <Text>
                          {t('documents.versionN', { version: version.version })} · {version.filename} ·{' '}
                          {formatSize(version.size)} · {formatDateTime(version.createdAt)}
                        </Text>
                        {version.url && (
                          <Link href={version.url} download color="brand.fg">
                            {t('documents.download')}
                          </Link>
                        )}
                      </HStack>
                    ))}
                  </Stack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('documents.close')}</Button>
                </Dialog.ActionTrigger>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
