import { Badge, Box, Button, CloseButton, Dialog, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useCallback, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import type { FormAlertState } from '../../forms/useMutationForm.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { writeParam } from '../operations/operationListParams.ts';
import { SearchField } from '../sites/EstablishmentListPage.tsx';
import { ADMIN_PARAMS } from './adminParams.ts';

/** A back office screen's heading: its title (the document's too), what it is for, and its main actions. */
export function AdminHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
      <PageTitle title={title} />
      <Stack gap="1" flex="1" minW="64">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {intro && <Text color="fg.muted">{intro}</Text>}
      </Stack>
      {children && (
        <Flex gap="2" wrap="wrap">
          {children}
        </Flex>
      )}
    </Flex>
  );
}

/** A URL parameter of the screen and its writer: a filter changed is a new entry of the history. */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const set = useCallback(
    (value: string | null) => updateSearch((current) => writeParam(current, name, value)),
    [updateSearch, name],
  );
  return [params.get(name), set];
}

/** The search box of a list (`?q=`), typed text applied after a pause; other filters beside it. */
export function AdminFilters({
  label,
  searchLabel,
  placeholder,
  children,
}: {
  /** Names the filters' region. */
  label: string;
  searchLabel: string;
  placeholder: string;
  children?: ReactNode;
}) {
  const [search] = useSearchParam(ADMIN_PARAMS.search);
  const updateSearch = useUpdateSearch();
  // Each typed search replaces the last one in the history: back leaves the list, not the last letters.
  const onSearch = useCallback(
    (text: string) =>
      updateSearch((current) => writeParam(current, ADMIN_PARAMS.search, text === '' ? null : text), {
        replace: true,
      }),
    [updateSearch],
  );
  return (
    <Flex role="search" aria-label={label} gap="3" wrap="wrap" align="flex-end">
      <Box flex="1" minW="60">
        <SearchField label={searchLabel} value={search ?? ''} onSearch={onSearch} placeholder={placeholder} />
      </Box>
      {children}
    </Flex>
  );
}

/** "Afficher plus": the next page of a list, held while it loads. */
export function MoreButton({
  hasNext,
  loading,
  onClick,
  label,
}: {
  hasNext: boolean;
  loading: boolean;
  onClick: () => void;
  label: string;
}) {
  if (!hasNext) return null;
  return (
    <Button alignSelf="start" variant="outline" size="sm" loading={loading} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Whether an element is active (seen by its users) or deactivated. */
export function ActiveBadge({ active, feminine = false }: { active: boolean; feminine?: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={active ? 'green' : 'gray'}>
      {active
        ? t(feminine ? 'admin.activeFeminine' : 'admin.active')
        : t(feminine ? 'admin.inactiveFeminine' : 'admin.inactive')}
    </Badge>
  );
}

/** The check-digit warning of a SIRET (SPEC 5: worth a warning only, the SIRET is kept). */
export function SiretText({ siret, warning }: { siret: string | null | undefined; warning: boolean }) {
  const { t } = useTranslation();
  if (!siret) return <Text color="fg.muted">—</Text>;
  return (
    <Stack gap="0.5" align="start">
      <Text whiteSpace="nowrap">{siret}</Text>
      {warning && (
        <Badge colorPalette="orange" variant="subtle" size="sm">
          {t('admin.siretWarning')}
        </Badge>
      )}
    </Stack>
  );
}

/** What an empty list says, in words, in a dashed frame. */
export function EmptyState({ text }: { text: string }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

/**
 * A mutation's updater step for a list it adds to or removes from (`@prependNode`, `@deleteEdge`): Relay moves
 * the edges, the list's `totalCount` follows here.
 */
export function countChange(connectionId: string, change: 1 | -1) {
  return (store: RecordSourceSelectorProxy) => {
    const connection = store.get(connectionId);
    const total = connection?.getValue('totalCount');
    if (connection && typeof total === 'number')
      connection.setValue(Math.max(0, total + change), 'totalCount');
  };
}

/**
 * A saving mutation's updater step for a whole list read from the root (`documentCategories`: a plain list, not a
 * connection): the item it created joins the list, so that it shows without a reload; one it changed is there.
 */
export function joinRootList(listField: string, mutationField: string, itemField: string) {
  return (store: RecordSourceSelectorProxy) => {
    const item = store.getRootField(mutationField)?.getLinkedRecord(itemField);
    const root = store.getRoot();
    const list = root.getLinkedRecords(listField);
    if (!item || !list || list.some((record) => record?.getDataID() === item.getDataID())) return;
    root.setLinkedRecords([...list, item], listField);
  };
}

/**
 * A list of a back office screen in its own section, named by its heading, with what may be done to it beside the
 * heading (« Nouvel établissement »); an empty list says so in words. `children` gets the heading's id.
 */
export function AdminSection({
  title,
  actions,
  isEmpty,
  emptyText,
  level = 2,
  children,
}: {
  title: string;
  actions?: ReactNode;
  isEmpty: boolean;
  emptyText: string;
  /** A section within another (an establishment's chantiers among the establishments) is one level down. */
  level?: 2 | 3;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as={level === 2 ? 'h2' : 'h3'} size={level === 2 ? 'lg' : 'md'} id={headingId}>
          {title}
        </Heading>
        {actions && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {isEmpty ? <EmptyState text={emptyText} /> : children(headingId)}
    </Stack>
  );
}

/**
 * A back office form in its dialog (`FormDialog`): its title, the form's own messages above its fields, « Annuler »
 * and its submit button, held while it is sent.
 */
export function AdminDialogForm({
  title,
  alert,
  onSubmit,
  submitLabel,
  busy,
  children,
}: {
  title: string;
  alert: FormAlertState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormAlert {...alert} />
          {children}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter cancelLabel={t('confirm.cancel')} submitLabel={submitLabel} busy={busy} keepLabel />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('confirm.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}

/**
 * The field that identifies an item of a reference list (a code, a help page's path): typed when the item is
 * created, then shown read-only, since the api never changes it.
 */
export function ReferenceKeyField({
  kind,
  label,
  error,
  editing,
  registration,
}: {
  kind: 'code' | 'path';
  label: string;
  error: string | undefined;
  editing: boolean;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      label={label}
      error={error}
      // How to write it, or that it stays.
      helperText={t(`admin.references.keys.${kind}.${editing ? 'readOnly' : 'help'}`)}
      required={!editing}
    >
      <Input autoComplete="off" fontFamily="mono" readOnly={editing} {...registration} />
    </FormField>
  );
}

/**
 * The input that saves an item of a reference list: a new one with its key (code, path) and the submission's
 * key; a known one by its id, without its key, which never changes.
 */
export function referenceInput<K extends object, F extends object>(
  editing: { id: string } | null,
  key: K,
  fields: F,
  clientMutationId: string,
) {
  return editing ? { id: editing.id, ...fields } : { ...key, ...fields, clientMutationId };
}
