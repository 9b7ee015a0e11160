import { Box, Button, Field, HStack, Input, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import {
  DOCUMENT_ACCEPT,
  RECIPIENT_KINDS,
  type RecipientKind,
  recipientKindLabels,
} from '@portal/domain/documents';
import { messages } from '@portal/domain/messages';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type { DocumentImport_categories$key } from '../../__generated__/DocumentImport_categories.graphql.ts';
import type { DocumentImport_viewer$key } from '../../__generated__/DocumentImport_viewer.graphql.ts';
import { notifySuccess } from '../../forms/mutationFeedback.ts';
import { type UploadHandle, uploadFile } from './documentUpload.ts';

type FileState = 'waiting' | 'uploading' | 'done' | 'refused' | 'cancelled';

interface QueuedFile {
  key: string;
  file: File;
  progress: number;
  state: FileState;
  message?: string;
  handle?: UploadHandle;
}

/** What the recipient list offers here (a company is chosen through the api only). */
const OFFERED_KINDS = RECIPIENT_KINDS.filter((kind) => kind !== 'COMPANY');

/**
 * Imports several documents at once (drag and drop or the picker): one upload per file, each with its progress
 * bar and its cancel button, with the category, issuing establishment and recipient chosen for all of them. A file
 * the api refuses says why on its line; the others go on.
 */
export function DocumentImport({
  viewer: viewerKey,
  categories: categoriesKey,
}: {
  viewer: DocumentImport_viewer$key;
  categories: DocumentImport_categories$key;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const pickerId = useId();
  const revalidator = useRevalidator();
  const viewer = useFragment(
    graphql`
      fragment DocumentImport_viewer on User {
        fullName
        establishments(first: 50) {
          edges {
            node {
              databaseId
              displayName
              canManageDocuments
              entities(first: 50) {
                edges {
                  node {
                    databaseId
                    name
                  }
                }
              }
            }
          }
        }
        linkedEstablishments(first: 50) {
          edges {
            node {
              databaseId
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
      fragment DocumentImport_categories on DocumentCategory @relay(plural: true) {
        databaseId
        label
      }
    `,
    categoriesKey,
  );
  const issuers = viewer.establishments.edges
    .map((edge) => edge.node)
    .filter((site) => site.canManageDocuments);
  const [category, setCategory] = useState(String(categories[0]?.databaseId ?? ''));
  const [issuer, setIssuer] = useState(String(issuers[0]?.databaseId ?? ''));
  const [kind, setKind] = useState<RecipientKind>('INTERNAL');
  const [recipientSite, setRecipientSite] = useState('');
  const [recipientEntity, setRecipientEntity] = useState('');
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  if (issuers.length === 0) return null;
  const entities =
    issuers.find((site) => String(site.databaseId) === issuer)?.entities.edges.map((edge) => edge.node) ?? [];
  const recipientSites = [
    ...issuers.filter((site) => String(site.databaseId) !== issuer),
    ...viewer.linkedEstablishments.edges.map((edge) => edge.node),
  ];

  const update = (key: string, change: Partial<QueuedFile>) =>
    setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: FileList | null) => {
    if (!files) return;
    const added = Array.from(files).map((file) => {
      counter.current += 1;
      return { key: `${counter.current}-${file.name}`, file, progress: 0, state: 'waiting' as const };
    });
    setQueue((current) => [...current.filter((item) => item.state !== 'done'), ...added]);
    setProblem(null);
  };

  const send = async () => {
    const waiting = queue.filter((item) => item.state === 'waiting');
    if (waiting.length === 0) {
      setProblem(t('documents.chooseFilesFirst'));
      return;
    }
    const fields: Record<string, string> = {
      category: `/api/document_categories/${category}`,
      companySite: `/api/company_sites/${issuer}`,
      recipientKind: kind,
    };
    if (kind === 'SITE') fields.recipientSite = recipientSite ? `/api/company_sites/${recipientSite}` : '';
    if (kind === 'ENTITY') {
      fields.recipientEntity = recipientEntity
        ? `/api/company_sites/${issuer}/company_site_entities/${recipientEntity}`
        : '';
    }
    const results = await Promise.all(
      waiting.map(async (item) => {
        const handle = uploadFile('/uploads/documents', fields, item.file, (progress) =>
          update(item.key, { progress }),
        );
        update(item.key, { state: 'uploading', handle });
        const result = await handle.result;
        if (result.ok) update(item.key, { state: 'done', progress: 1 });
        else if (result.cancelled) update(item.key, { state: 'cancelled' });
        else {
          update(item.key, {
            state: 'refused',
            message: result.messages.map((m) => m.message).join(' ') || messages.uploadError,
          });
        }
        return result.ok;
      }),
    );
    if (results.some(Boolean)) {
      notifySuccess(messages.documentAdded);
      revalidator.revalidate();
    }
  };

  const busy = queue.some((item) => item.state === 'uploading');
  const stateLabel: Record<FileState, string> = {
    waiting: t('documents.waiting'),
    uploading: t('documents.uploading'),
    done: t('documents.uploaded'),
    refused: '',
    cancelled: t('documents.cancelled'),
  };

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4">
      <Heading2 id={headingId}>{t('documents.importTitle')}</Heading2>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.solid' : 'border'}
        borderRadius="md"
        p="6"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add(event.dataTransfer.files);
        }}
      >
        <Text>
          {t('documents.dropZone')}{' '}
          <Button variant="plain" color="brand.fg" p="0" h="auto" onClick={() => picker.current?.click()}>
            {t('documents.pickFiles')}
          </Button>
        </Text>
        <Text fontSize="sm" color="fg.muted" mt="2">
          {t('documents.accepted')}
        </Text>
        <input
          id={pickerId}
          ref={picker}
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          aria-label={t('documents.pickFiles')}
          style={{ display: 'none' }}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
      {queue.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-live="polite">
          {queue.map((item) => (
            <Box as="li" key={item.key} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="medium" wordBreak="break-all">
                  {item.file.name}
                </Text>
                <HStack gap="2">
                  <Text fontSize="sm" color={item.state === 'refused' ? 'fg.error' : 'fg.muted'}>
                    {item.state === 'refused' ? item.message : stateLabel[item.state]}
                  </Text>
                  {item.state === 'uploading' && (
                    <Button size="xs" variant="outline" onClick={() => item.handle?.cancel()}>
                      {t('documents.cancel')}
                    </Button>
                  )}
                  {item.state !== 'uploading' && (
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-label={t('documents.removeFile', { name: item.file.name })}
                      onClick={() => setQueue((current) => current.filter((other) => other.key !== item.key))}
                    >
                      ✕
                    </Button>
                  )}
                </HStack>
              </HStack>
              <Progress.Root
                value={Math.round(item.progress * 100)}
                size="sm"
                mt="2"
                colorPalette={item.state === 'refused' ? 'red' : 'green'}
              >
                {/* The track is the element with role progressbar: it carries the name. */}
                <Progress.Track aria-label={t('documents.progress', { name: item.file.name })}>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
          ))}
        </Stack>
      )}
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }} wrap="wrap">
        <Select label={t('documents.category')} value={category} onChange={setCategory}>
          {categories.map((option) => (
            <option key={option.databaseId} value={option.databaseId}>
              {option.label}
            </option>
          ))}
        </Select>
        <Select label={t('documents.issuingSite')} value={issuer} onChange={setIssuer}>
          {issuers.map((site) => (
            <option key={site.databaseId} value={site.databaseId}>
              {site.displayName}
            </option>
          ))}
        </Select>
        <Select
          label={t('documents.recipient')}
          value={kind}
          onChange={(value) => setKind(value as RecipientKind)}
        >
          {OFFERED_KINDS.map((option) => (
            <option key={option} value={option}>
              {recipientKindLabels[option]}
            </option>
          ))}
        </Select>
        {kind === 'SITE' && (
          <Select
            label={t('documents.recipientSite')}
            value={recipientSite}
            onChange={setRecipientSite}
            empty
          >
            {recipientSites.map((site) => (
              <option key={site.databaseId} value={site.databaseId}>
                {site.displayName}
              </option>
            ))}
          </Select>
        )}
        {kind === 'ENTITY' && (
          <Select
            label={t('documents.recipientEntity')}
            value={recipientEntity}
            onChange={setRecipientEntity}
            empty
          >
            {entities.map((entity) => (
              <option key={entity.databaseId} value={entity.databaseId}>
                {entity.name}
              </option>
            ))}
          </Select>
        )}
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>{t('documents.sender')}</Field.Label>
          <Input value={viewer.fullName} readOnly />
        </Field.Root>
      </Stack>
      {problem && (
        <Text color="fg.error" role="alert">
          {problem}
        </Text>
      )}
      <Button alignSelf="flex-start" colorPalette="brand" onClick={send} loading={busy}>
        {t('documents.send')}
      </Button>
    </Stack>
  );
}

function Heading2({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Text as="h2" id={id} fontSize="lg" fontWeight="semibold">
      {children}
    </Text>
  );
}

/** A labelled native select of this form. */
export function Select({
  label,
  value,
  onChange,
  children,
  empty = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  empty?: boolean;
}) {
  return (
    // Wide enough for the longest category and establishment names, which a narrower field cut off.
    <Field.Root maxW={{ md: 'sm' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {empty && <option value="">—</option>}
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
