import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { PageTitle } from '../../components/PageTitle.tsx';
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
 * A list of a back office screen in its own section, named by its heading, with what may be done to it beside the
 * heading (« Nouvel établissement »); an empty list says so in words. `children` gets the heading's id.
 */
export function AdminSection({
  title,
  actions,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  actions?: ReactNode;
  isEmpty: boolean;
  emptyText: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h2" size="lg" id={headingId}>
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
