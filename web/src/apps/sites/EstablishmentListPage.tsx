import { Box, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { establishmentFieldLabels } from '@portal/domain/sites';
import { useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { useSearchParams } from 'react-router-dom';
import type { EstablishmentListPage_linkedEstablishments$key } from '../../__generated__/EstablishmentListPage_linkedEstablishments.graphql.ts';
import type { EstablishmentListPage_ownEstablishments$key } from '../../__generated__/EstablishmentListPage_ownEstablishments.graphql.ts';
import type { EstablishmentListPageLinkedPaginationQuery } from '../../__generated__/EstablishmentListPageLinkedPaginationQuery.graphql.ts';
import type { EstablishmentListPageOwnPaginationQuery } from '../../__generated__/EstablishmentListPageOwnPaginationQuery.graphql.ts';
import type { EstablishmentListPageQuery } from '../../__generated__/EstablishmentListPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { notFound } from '../errors/notFound.ts';
import { EstablishmentTable, type EstablishmentTableRow } from './EstablishmentTable.tsx';
import {
  type ListVariables,
  listVariables,
  SORT_FIELDS,
  type SortDirection,
  type SortField,
  sameListVariables,
  writeListParams,
} from './listParams.ts';
import { isViewAvailable, type SiteView } from './siteViews.ts';

/** The fields of the sort menu but the name (the list names it after the establishment): domain's labels. */
const SORT_FIELD_LABELS = {
  COMPANY_NAME: 'company',
  CITY: 'city',
  POSTCODE: 'postcode',
  SIRET: 'siret',
} as const satisfies Record<Exclude<SortField, 'NAME'>, keyof typeof establishmentFieldLabels>;

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export const establishmentListPageQuery = graphql`
  query EstablishmentListPageQuery($linked: Boolean!, $search: String, $orderBy: EstablishmentOrder) @preloadable {
    viewer {
      ownSiteTypology
      ...EstablishmentListPage_ownEstablishments
        @skip(if: $linked)
        @alias(as: "ownEstablishments")
        @arguments(search: $search, orderBy: $orderBy)
      ...EstablishmentListPage_linkedEstablishments
        @include(if: $linked)
        @alias(as: "linkedEstablishments")
        @arguments(search: $search, orderBy: $orderBy)
    }
  }
`;

/**
 * `/mes-etablissements`, `/mes-prestataires` and `/mes-clients` (SPEC 2): one screen, the view picks the
 * connection (the user's establishments or the sites linked to them) and the labels. Search and sort live in
 * the URL; a change refetches the list while the previous rows stay on screen.
 */
export function EstablishmentListPage({ view }: { view: SiteView }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<EstablishmentListPageQuery>(establishmentListPageQuery);
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const search = searchParams.toString();
  const variables = useMemo(() => listVariables(new URLSearchParams(search)), [search]);

  /** Applies a change to the search and sort the URL holds at that moment (a debounced search may land late). */
  const changeVariables = useCallback(
    (change: (current: ListVariables) => ListVariables, replace: boolean) =>
      updateSearch((current) => writeListParams(current, change(listVariables(current))), { replace }),
    [updateSearch],
  );

  if (!viewer) return null;
  if (!isViewAvailable(view, viewer.ownSiteTypology)) throw notFound(view);
  const title = t(`nav.${view}`);

  return (
    <Stack gap="6">
      <PageTitle title={title} />
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <ListControls view={view} variables={variables} onChange={changeVariables} />
      {viewer.linkedEstablishments && (
        <LinkedEstablishmentList viewer={viewer.linkedEstablishments} view={view} variables={variables} />
      )}
      {viewer.ownEstablishments && (
        <OwnEstablishmentList viewer={viewer.ownEstablishments} view={view} variables={variables} />
      )}
    </Stack>
  );
}

interface ListProps<TKey> {
  viewer: TKey;
  view: SiteView;
  variables: ListVariables;
}

function OwnEstablishmentList({
  viewer,
  view,
  variables,
}: ListProps<EstablishmentListPage_ownEstablishments$key>) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    EstablishmentListPageOwnPaginationQuery,
    EstablishmentListPage_ownEstablishments$key
  >(
    graphql`
      fragment EstablishmentListPage_ownEstablishments on User
      @refetchable(queryName: "EstablishmentListPageOwnPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "EstablishmentOrder" }
      ) {
        establishments(first: $count, after: $cursor, search: $search, orderBy: $orderBy)
          @connection(key: "EstablishmentListPage_establishments", filters: ["search", "orderBy"]) {
          totalCount
          edges {
            node {
              id
              ...EstablishmentTable_establishment
            }
          }
        }
      }
    `,
    viewer,
  );
  const busy = useRefetchOnChange(variables, (next) =>
    refetch({ search: next.search, orderBy: next.orderBy }, { fetchPolicy: 'store-and-network' }),
  );
  return (
    <EstablishmentResults
      view={view}
      variables={variables}
      rows={data.establishments.edges.map((edge) => edge.node)}
      totalCount={data.establishments.totalCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
      busy={busy}
    />
  );
}

function LinkedEstablishmentList({
  viewer,
  view,
  variables,
}: ListProps<EstablishmentListPage_linkedEstablishments$key>) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    EstablishmentListPageLinkedPaginationQuery,
    EstablishmentListPage_linkedEstablishments$key
  >(
    graphql`
      fragment EstablishmentListPage_linkedEstablishments on User
      @refetchable(queryName: "EstablishmentListPageLinkedPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "EstablishmentOrder" }
      ) {
        linkedEstablishments(first: $count, after: $cursor, search: $search, orderBy: $orderBy)
          @connection(key: "EstablishmentListPage_linkedEstablishments", filters: ["search", "orderBy"]) {
          totalCount
          edges {
            node {
              id
              ...EstablishmentTable_establishment
            }
          }
        }
      }
    `,
    viewer,
  );
  const busy = useRefetchOnChange(variables, (next) =>
    refetch({ search: next.search, orderBy: next.orderBy }, { fetchPolicy: 'store-and-network' }),
  );
  return (
    <EstablishmentResults
      view={view}
      variables={variables}
      rows={data.linkedEstablishments.edges.map((edge) => edge.node)}
      totalCount={data.linkedEstablishments.totalCount}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      onLoadNext={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
      busy={busy}
    />
  );
}

/**
 * The loader fetched the list for the URL the screen opened with; later changes of the URL's search and sort
 * refetch it inside a transition, so the previous rows stay (marked busy) until the new ones arrive.
 */
function useRefetchOnChange(variables: ListVariables, refetch: (variables: ListVariables) => void): boolean {
  const [isPending, startTransition] = useTransition();
  const applied = useRef(variables);
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    if (sameListVariables(applied.current, variables)) return;
    applied.current = variables;
    startTransition(() => refetchRef.current(variables));
  }, [variables]);
  return isPending;
}

interface EstablishmentResultsProps {
  view: SiteView;
  variables: ListVariables;
  rows: readonly EstablishmentTableRow[];
  totalCount: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadNext: () => void;
  busy: boolean;
}

function EstablishmentResults({
  view,
  variables,
  rows,
  totalCount,
  busy,
  ...paging
}: EstablishmentResultsProps) {
  const { t } = useTranslation();
  return (
    <UpdatingRegion busy={busy} label={t('sites.updating')}>
      {totalCount === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
          <Text color="fg.muted">
            {variables.search ? t('sites.noMatch') : t(`sites.views.${view}.empty`)}
          </Text>
        </Box>
      ) : (
        <EstablishmentTable
          label={t(`nav.${view}`)}
          rows={rows}
          view={view}
          totalCount={totalCount}
          {...paging}
        />
      )}
    </UpdatingRegion>
  );
}

function ListControls({
  view,
  variables,
  onChange,
}: {
  view: SiteView;
  variables: ListVariables;
  onChange: (change: (current: ListVariables) => ListVariables, replace: boolean) => void;
}) {
  const { t } = useTranslation();
  const onSearch = useCallback(
    (search: string) => onChange((current) => ({ ...current, search: search === '' ? null : search }), true),
    [onChange],
  );
  return (
    <Flex role="search" gap="4" wrap="wrap" align="flex-end">
      <Box flex="1" minW="60">
        <SearchField
          label={t(`sites.views.${view}.search`)}
          value={variables.search ?? ''}
          onSearch={onSearch}
        />
      </Box>
      <Field.Root width="auto" minW="48">
        <Field.Label>{t('sites.sortBy')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={variables.orderBy.field}
            onChange={(event) => {
              const field = event.currentTarget.value as SortField;
              onChange((current) => ({ ...current, orderBy: { ...current.orderBy, field } }), false);
            }}
          >
            {(Object.keys(SORT_FIELDS) as SortField[]).map((field) => (
              <option key={field} value={field}>
                {field === 'NAME'
                  ? t('sites.sortByName')
                  : establishmentFieldLabels[SORT_FIELD_LABELS[field]]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width="auto" minW="36">
        <Field.Label>{t('sites.sortDirection')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={variables.orderBy.direction}
            onChange={(event) => {
              const direction = event.currentTarget.value as SortDirection;
              onChange((current) => ({ ...current, orderBy: { ...current.orderBy, direction } }), false);
            }}
          >
            <option value="ASC">{t('sites.ascending')}</option>
            <option value="DESC">{t('sites.descending')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}

/** The search box: typed text goes to the URL after a pause; a URL changed elsewhere (back) comes back in. */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
  /** What may be typed; an establishment's name, city or SIRET unless said. */
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const written = useRef(value);

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === written.current) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      onSearch(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="search"
        value={text}
        placeholder={placeholder ?? t('sites.searchPlaceholder')}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
      />
    </Field.Root>
  );
}
