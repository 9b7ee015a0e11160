import { Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { adminSiteFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation, usePaginationFragment } from 'react-relay';
import type {
  CompanyEstablishments_establishment$data,
  CompanyEstablishments_establishment$key,
} from '../../__generated__/CompanyEstablishments_establishment.graphql.ts';
import type { CompanyEstablishments_query$key } from '../../__generated__/CompanyEstablishments_query.graphql.ts';
import type { CompanyEstablishmentsActiveMutation } from '../../__generated__/CompanyEstablishmentsActiveMutation.graphql.ts';
import type { CompanyEstablishmentsPaginationQuery } from '../../__generated__/CompanyEstablishmentsPaginationQuery.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { ActiveBadge, AdminSection, MoreButton, SiretText } from './AdminParts.tsx';
import { typologyNames } from './adminLabels.ts';
import { EstablishmentChantiers } from './EstablishmentChantiers.tsx';
import { EstablishmentFormDialog, type EstablishmentFormTarget } from './EstablishmentFormDialog.tsx';
import { EstablishmentImportDialog } from './EstablishmentImportDialog.tsx';

const labels = fieldLabels(adminSiteFields);

const activeMutation = graphql`
  mutation CompanyEstablishmentsActiveMutation($input: AdminUpdateEstablishmentInput!) {
    adminUpdateEstablishment(input: $input) {
      establishment {
        id
        ...CompanyEstablishments_establishment
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * A company's establishments on its page: each with its town, typologies and state, edited in a dialog,
 * deactivated after a confirmation (none of its users sees it any more) or reactivated, its chantiers opened
 * under its row; « Nouvel établissement » and « Importer des établissements » (a CSV or XLSX file) add to them.
 */
export function CompanyEstablishments({
  query,
  company,
}: {
  query: CompanyEstablishments_query$key;
  company: { id: string; name: string; active: boolean };
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<EstablishmentFormTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    CompanyEstablishmentsPaginationQuery,
    CompanyEstablishments_query$key
  >(
    graphql`
      fragment CompanyEstablishments_query on Query
      @refetchable(queryName: "CompanyEstablishmentsPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        companyId: { type: "ID!" }
      ) {
        admin {
          establishments(first: $count, after: $cursor, companyId: $companyId)
            @connection(key: "CompanyEstablishments_establishments", filters: ["companyId"]) {
            __id
            totalCount
            edges {
              node {
                id
                ...CompanyEstablishments_establishment
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.admin?.establishments;
  const establishments = connection?.edges.map((edge) => edge.node) ?? [];
  const columns = [
    { label: labels.name },
    { label: t('admin.establishments.town') },
    { label: labels.siret, nowrap: true },
    { label: labels.typologies },
    { label: t('admin.state') },
    { label: t('admin.actions'), actions: true },
  ];

  return (
    <>
      <AdminSection
        title={t('admin.establishments.count', { count: connection?.totalCount ?? 0 })}
        isEmpty={establishments.length === 0}
        emptyText={t('admin.establishments.empty')}
        actions={
          <>
            <Button variant="outline" colorPalette="brand" size="sm" onClick={() => setImporting(true)}>
              {t('admin.import.open')}
            </Button>
            <Button
              colorPalette="brand"
              size="sm"
              disabled={!connection}
              onClick={() =>
                connection &&
                setForm({ kind: 'create', companyId: company.id, connectionId: connection.__id })
              }
            >
              {t('admin.establishments.create')}
            </Button>
          </>
        }
      >
        {(headingId) => (
          <Stack gap="3">
            {!company.active && (
              <Text color="fg.muted" fontSize="sm">
                {t('admin.establishments.companyInactive')}
              </Text>
            )}
            <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="52rem">
              {establishments.map((establishment) => (
                <EstablishmentRow
                  key={establishment.id}
                  establishment={establishment}
                  companyActive={company.active}
                  columnCount={columns.length}
                  onEdit={(edited) => setForm({ kind: 'edit', establishment: edited })}
                />
              ))}
            </ResponsiveTable>
            <MoreButton
              hasNext={hasNext}
              loading={isLoadingNext}
              label={t('admin.establishments.more')}
              onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
            />
          </Stack>
        )}
      </AdminSection>
      <EstablishmentFormDialog target={form} onClose={() => setForm(null)} />
      <EstablishmentImportDialog open={importing} company={company} onClose={() => setImporting(false)} />
    </>
  );
}

function EstablishmentRow({
  establishment: key,
  companyActive,
  columnCount,
  onEdit,
}: {
  establishment: CompanyEstablishments_establishment$key;
  companyActive: boolean;
  /** Its chantiers, opened, span the table's width. */
  columnCount: number;
  onEdit: (establishment: CompanyEstablishments_establishment$data) => void;
}) {
  const { t } = useTranslation();
  const establishment = useFragment(
    graphql`
      fragment CompanyEstablishments_establishment on AdminEstablishment {
        id
        databaseId
        name
        address
        postcode
        city
        siret
        siretWarning
        typologies
        active
        chantiers {
          databaseId
        }
        ...EstablishmentChantiers_establishment
      }
    `,
    key,
  );
  const [commit, isSaving] = useMutation<CompanyEstablishmentsActiveMutation>(activeMutation);
  const [confirming, setConfirming] = useState(false);
  const [showsChantiers, setShowsChantiers] = useState(false);
  const chantiersId = useId();
  const chantierCount = establishment.chantiers.length;
  const setActive = (active: boolean) =>
    commit({
      variables: { input: { id: establishment.id, active } },
      ...mutationFeedback({
        result: ({ adminUpdateEstablishment }) => ({
          userErrors: adminUpdateEstablishment.userErrors,
          ok: !!adminUpdateEstablishment.establishment,
        }),
        success: active
          ? t('admin.establishments.reactivated', { name: establishment.name })
          : t('admin.establishments.deactivated', { name: establishment.name }),
        failure: messages.retryLater,
        onSettled: () => setConfirming(false),
      }),
    });
  const town = [establishment.postcode, establishment.city].filter(Boolean).join(' ');

  return (
    <>
      <Table.Row>
        <Table.Cell>
          <Text fontWeight="medium">{establishment.name}</Text>
          {establishment.address && (
            <Text fontSize="sm" color="fg.muted">
              {establishment.address}
            </Text>
          )}
        </Table.Cell>
        <Table.Cell>{town || '—'}</Table.Cell>
        <Table.Cell>
          <SiretText siret={establishment.siret} warning={establishment.siretWarning} />
        </Table.Cell>
        <Table.Cell>{typologyNames(establishment.typologies) || '—'}</Table.Cell>
        <Table.Cell>
          <ActiveBadge active={establishment.active} />
        </Table.Cell>
        <Table.Cell>
          <Flex gap="2" justify={{ md: 'end' }} wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              aria-expanded={showsChantiers}
              aria-controls={showsChantiers ? chantiersId : undefined}
              aria-label={t('admin.chantiers.toggleLabel', {
                count: chantierCount,
                name: establishment.name,
              })}
              onClick={() => setShowsChantiers(!showsChantiers)}
            >
              {t('admin.chantiers.toggle', { count: chantierCount })}
            </Button>
            <Button
              size="xs"
              variant="outline"
              aria-label={t('admin.establishments.editLabel', { name: establishment.name })}
              onClick={() => onEdit(establishment)}
            >
              {t('admin.edit')}
            </Button>
            {/* An establishment of a deactivated company stays unseen whatever its own state. */}
            {companyActive &&
              (establishment.active ? (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('admin.establishments.deactivateLabel', { name: establishment.name })}
                  onClick={() => setConfirming(true)}
                >
                  {t('admin.deactivate')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="outline"
                  loading={isSaving}
                  aria-label={t('admin.establishments.reactivateLabel', { name: establishment.name })}
                  onClick={() => setActive(true)}
                >
                  {t('admin.reactivate')}
                </Button>
              ))}
          </Flex>
          <ConfirmDialog
            open={confirming}
            title={t('admin.establishments.deactivateTitle', { name: establishment.name })}
            description={t('admin.establishments.deactivateDescription')}
            confirmLabel={t('admin.deactivate')}
            loading={isSaving}
            onConfirm={() => setActive(false)}
            onClose={() => setConfirming(false)}
          />
        </Table.Cell>
      </Table.Row>
      {showsChantiers && (
        <Table.Row>
          <Table.Cell colSpan={columnCount} id={chantiersId}>
            <EstablishmentChantiers establishment={establishment} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}
