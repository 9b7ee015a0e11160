import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useRevalidator, useSearchParams } from 'react-router-dom';
import type { OutletsPageDeleteMutation } from '../../__generated__/OutletsPageDeleteMutation.graphql.ts';
import type { OutletsPageQuery } from '../../__generated__/OutletsPageQuery.graphql.ts';
import type { OutletsPageUpdateMutation } from '../../__generated__/OutletsPageUpdateMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { toaster } from '../../components/toaster.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate } from '../../i18n/format.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';
import { SearchField } from '../sites/EstablishmentListPage.tsx';
import { type EditedOutlet, OutletFormDialog, type OutletFormTarget } from './OutletFormDialog.tsx';
import {
  OUTLET_SORT_FIELDS,
  type OutletListVariables,
  type OutletSortDirection,
  type OutletSortField,
  outletListVariables,
  writeOutletListParams,
} from './outletParams.ts';

export const outletsPageQuery = graphql`
  query OutletsPageQuery($search: String, $orderBy: DirectoryOutletOrder) @preloadable {
    viewer {
      isRetriever
      establishments(first: 20) {
        edges {
          node {
            id
            displayName
            canManageOutlets
          }
        }
      }
      finalOutlets(first: 500, search: $search, orderBy: $orderBy) {
        totalCount
        edges {
          node {
            id
            name
            siret
            siretWarning
            address
            postcode
            city
            treatmentCodes {
              code
              description
            }
            prefectoralOrderNumber
            prefectoralOrderDate
            lat
            lon
            positionManual
            active
            operationCount
            canEdit
            establishment {
              displayName
            }
          }
        }
      }
    }
  }
`;

const updateMutation = graphql`
  mutation OutletsPageUpdateMutation($input: UpdateDirectoryOutletInput!) {
    updateDirectoryOutlet(input: $input) {
      directoryOutlet {
        id
        active
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation OutletsPageDeleteMutation($input: DeleteDirectoryOutletInput!) {
    deleteDirectoryOutlet(input: $input) {
      deletedId @deleteRecord
      userErrors {
        field
        message
      }
    }
  }
`;

type OutletRow = NonNullable<OutletsPageQuery['response']['viewer']>['finalOutlets']['edges'][number]['node'];

/**
 * `/activite/mes-exutoires` (SPEC 2): the provider's directory of final outlets (search, sort, add, edit,
 * deactivate, delete when unused); a producer reads the outlets its waste went to. Search and sort live in the URL.
 */
export function OutletsPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<OutletsPageQuery>(outletsPageQuery);
  const updateSearch = useUpdateSearch();
  const revalidator = useRevalidator();
  const [target, setTarget] = useState<OutletFormTarget | null>(null);
  const [deleting, setDeleting] = useState<OutletRow | null>(null);
  const [commitUpdate, isUpdating] = useMutation<OutletsPageUpdateMutation>(updateMutation);
  const [commitDelete, isDeleting] = useMutation<OutletsPageDeleteMutation>(deleteMutation);
  const [searchParams] = useSearchParams();
  const current = outletListVariables(searchParams);
  const change = useCallback(
    (next: (current: OutletListVariables) => OutletListVariables, replace: boolean) =>
      updateSearch((params) => writeOutletListParams(params, next(outletListVariables(params))), { replace }),
    [updateSearch],
  );
  const onSearch = useCallback(
    (search: string) => change((previous) => ({ ...previous, search: search === '' ? null : search }), true),
    [change],
  );
  const viewer = data.viewer;
  if (!viewer) return null;
  const manageable = viewer.establishments.edges
    .map((edge) => edge.node)
    .filter((site) => site.canManageOutlets);
  const manager = viewer.isRetriever && manageable.length > 0;
  const rows = viewer.finalOutlets.edges.map((edge) => edge.node);
  const title = t('nav.outlets');
  const reload = () => revalidator.revalidate();

  const toggle = (outlet: OutletRow) =>
    commitUpdate({
      variables: { input: { id: outlet.id, active: !outlet.active } },
      ...mutationFeedback({
        result: ({ updateDirectoryOutlet }) => ({
          userErrors: updateDirectoryOutlet.userErrors,
          ok: !!updateDirectoryOutlet.directoryOutlet,
        }),
        success: outlet.active ? messages.outletDeactivated : messages.outletReactivated,
        failure: messages.outletUpdateError,
      }),
    });

  const remove = (outlet: OutletRow) =>
    commitDelete({
      variables: { input: { id: outlet.id } },
      ...mutationFeedback({
        result: ({ deleteDirectoryOutlet }) => ({
          userErrors: deleteDirectoryOutlet.userErrors,
          ok: !!deleteDirectoryOutlet.deletedId,
        }),
        success: messages.outletDeleted,
        failure: messages.outletDeleteError,
        onSettled: () => setDeleting(null),
        onSuccess: reload,
        // SPEC 8: the message, and the api's reason (an outlet still used).
        refused: (userErrors, ok) => {
          if (userErrors.length === 0 && ok) return false;
          toaster.create({
            type: 'error',
            title: messages.outletDeleteError,
            description: userErrors[0]?.message,
          });
          return true;
        },
      }),
    });

  return (
    <Stack gap="6">
      <PageTitle title={title} />
      <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">
            {manager ? t('activity.outlets.intro') : t('activity.outlets.producerIntro')}
          </Text>
        </Stack>
        {manager && (
          <Button
            colorPalette="brand"
            onClick={() => setTarget({ kind: 'create', establishments: manageable })}
          >
            {t('activity.outlets.add')}
          </Button>
        )}
      </Flex>
      <Flex role="search" gap="4" wrap="wrap" align="flex-end">
        <Box flex="1" minW="60">
          <SearchField
            label={t('activity.outlets.search')}
            placeholder={t('activity.outlets.searchPlaceholder')}
            value={current.search ?? ''}
            onSearch={onSearch}
          />
        </Box>
        <Field.Root width="auto" minW="40">
          <Field.Label>{t('activity.outlets.sortBy')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={current.orderBy.field}
              onChange={(event) => {
                const field = event.currentTarget.value as OutletSortField;
                change((previous) => ({ ...previous, orderBy: { ...previous.orderBy, field } }), false);
              }}
            >
              {OUTLET_SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {t(`activity.outlets.sortFields.${field}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto" minW="36">
          <Field.Label>{t('activity.outlets.sortDirection')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={current.orderBy.direction}
              onChange={(event) => {
                const direction = event.currentTarget.value as OutletSortDirection;
                change((previous) => ({ ...previous, orderBy: { ...previous.orderBy, direction } }), false);
              }}
            >
              <option value="ASC">{t('activity.outlets.ascending')}</option>
              <option value="DESC">{t('activity.outlets.descending')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <UpdatingRegion
        busy={loading || revalidator.state === 'loading'}
        label={t('activity.outlets.updating')}
      >
        {rows.length === 0 ? (
          <Box
            borderWidth="1px"
            borderStyle="dashed"
            borderRadius="md"
            bg="bg.panel"
            p="6"
            textAlign="center"
          >
            <Text color="fg.muted">
              {current.search
                ? t('activity.outlets.noMatch')
                : manager
                  ? t('activity.outlets.empty')
                  : t('activity.outlets.producerEmpty')}
            </Text>
          </Box>
        ) : (
          <Stack gap="2">
            <Text color="fg.muted" fontSize="sm">
              {t('activity.outlets.count', { count: viewer.finalOutlets.totalCount })}
            </Text>
            <OutletTable
              rows={rows}
              showSite={manageable.length > 1 || !manager}
              busy={isUpdating}
              onEdit={(outlet) => setTarget({ kind: 'edit', outlet: outlet as EditedOutlet })}
              onToggle={toggle}
              onDelete={setDeleting}
            />
          </Stack>
        )}
      </UpdatingRegion>
      <OutletFormDialog target={target} onClose={() => setTarget(null)} onSaved={reload} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('activity.outlets.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('activity.outlets.deleteDescription')}
        confirmLabel={t('activity.outlets.delete')}
        loading={isDeleting}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function OutletTable({
  rows,
  showSite,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  rows: readonly OutletRow[];
  showSite: boolean;
  busy: boolean;
  onEdit: (outlet: OutletRow) => void;
  onToggle: (outlet: OutletRow) => void;
  onDelete: (outlet: OutletRow) => void;
}) {
  const { t } = useTranslation();
  const columns = [
    { label: t('activity.outlets.columns.name') },
    // The number and the coordinates keep to one line; the warning and the manual mark beside them wrap.
    { label: t('activity.outlets.columns.siret') },
    { label: t('activity.outlets.columns.address') },
    { label: t('activity.outlets.columns.codes') },
    { label: t('activity.outlets.columns.order') },
    { label: t('activity.outlets.columns.position') },
    { label: t('activity.outlets.columns.status') },
    { label: t('activity.outlets.columns.actions'), actions: true, hideLabel: true },
  ];
  return (
    <ResponsiveTable columns={columns} label={t('nav.outlets')} cardsBelow="60rem">
      {rows.map((outlet) => (
        <Table.Row key={outlet.id}>
          <Table.Cell>
            <Text fontWeight="semibold">{outlet.name}</Text>
            {showSite && outlet.establishment && (
              <Text fontSize="sm" color="fg.muted">
                {outlet.establishment.displayName}
              </Text>
            )}
            {outlet.operationCount > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {t('activity.outlets.usedBy', { count: outlet.operationCount })}
              </Text>
            )}
          </Table.Cell>
          <Table.Cell>
            <Text as="span" whiteSpace="nowrap">
              {outlet.siret ?? '—'}
            </Text>
            {outlet.siretWarning && (
              <Text fontSize="xs" color="orange.fg">
                {outlet.siretWarning}
              </Text>
            )}
          </Table.Cell>
          <Table.Cell>
            {[outlet.address, [outlet.postcode, outlet.city].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ') || '—'}
          </Table.Cell>
          <Table.Cell>
            <HStack gap="1" wrap="wrap">
              {outlet.treatmentCodes.map((code) => (
                <Badge key={code.code} title={code.description} variant="subtle">
                  {code.code}
                </Badge>
              ))}
            </HStack>
          </Table.Cell>
          <Table.Cell>
            {outlet.prefectoralOrderNumber
              ? t('activity.outlets.orderOf', {
                  number: outlet.prefectoralOrderNumber,
                  date: formatDate(outlet.prefectoralOrderDate) ?? '—',
                })
              : '—'}
          </Table.Cell>
          <Table.Cell>
            {outlet.lat !== null &&
            outlet.lat !== undefined &&
            outlet.lon !== null &&
            outlet.lon !== undefined
              ? [
                  <Text as="span" key="coordinates" whiteSpace="nowrap">
                    {`${outlet.lat.toFixed(3)}, ${outlet.lon.toFixed(3)}`}
                  </Text>,
                  outlet.positionManual ? ` (${t('activity.outlets.positionManual')})` : null,
                ]
              : t('activity.outlets.positionUnknown')}
          </Table.Cell>
          <Table.Cell>
            <Badge colorPalette={outlet.active ? 'green' : 'gray'}>
              {outlet.active ? t('activity.outlets.active') : t('activity.outlets.inactive')}
            </Badge>
          </Table.Cell>
          <Table.Cell>
            {outlet.canEdit && (
              <HStack gap="1" justify="end" wrap="wrap">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('activity.outlets.edit', { name: outlet.name })}
                  onClick={() => onEdit(outlet)}
                >
                  {t('activity.outlets.editShort')}
                </Button>
                <Button size="xs" variant="outline" disabled={busy} onClick={() => onToggle(outlet)}>
                  {outlet.active ? t('activity.outlets.deactivate') : t('activity.outlets.reactivate')}
                </Button>
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(outlet)}>
                  {t('activity.outlets.delete')}
                </Button>
              </HStack>
            )}
          </Table.Cell>
        </Table.Row>
      ))}
    </ResponsiveTable>
  );
}
