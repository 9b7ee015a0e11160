import { Button, Link, Stack, Table, Text } from '@chakra-ui/react';
import { adminCompanyFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminCompaniesPage_query$key } from '../../__generated__/AdminCompaniesPage_query.graphql.ts';
import type { AdminCompaniesPageQuery } from '../../__generated__/AdminCompaniesPageQuery.graphql.ts';
import type { AdminCompaniesPaginationQuery } from '../../__generated__/AdminCompaniesPaginationQuery.graphql.ts';
import { ListSection } from '../../components/ListSection.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import {
  ActiveBadge,
  AdminFilters,
  AdminHeading,
  MoreButton,
  SiretText,
  useSearchParam,
} from './AdminParts.tsx';
import { ADMIN_PARAMS } from './adminParams.ts';
import { adminCompanyPath } from './adminPaths.ts';
import { CompanyFormDialog } from './CompanyFormDialog.tsx';

const labels = fieldLabels(adminCompanyFields);

export const adminCompaniesPageQuery = graphql`
  query AdminCompaniesPageQuery($search: String) @preloadable {
    admin {
      __typename
    }
    ...AdminCompaniesPage_query @arguments(search: $search)
  }
`;

/**
 * `/admin`, the back office's home: every company, searched by name (`?q=`), a page at a time, with its state and
 * how many establishments and users it has; « Nouvelle société » creates one and opens it.
 */
export function AdminCompaniesPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<AdminCompaniesPageQuery>(adminCompaniesPageQuery);
  const [creating, setCreating] = useState(false);
  const [search] = useSearchParam(ADMIN_PARAMS.search);
  if (!data.admin) throw notFound('admin');
  return (
    <Stack gap="6">
      <AdminHeading title={t('admin.companies.title')} intro={t('admin.companies.intro')}>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          {t('admin.companies.create')}
        </Button>
      </AdminHeading>
      <AdminFilters
        label={t('admin.companies.filters')}
        searchLabel={t('admin.companies.search')}
        placeholder={t('admin.companies.searchPlaceholder')}
      />
      <UpdatingRegion busy={loading}>
        <CompanyList query={data} searching={!!search} />
      </UpdatingRegion>
      <CompanyFormDialog target={creating ? { kind: 'create' } : null} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function CompanyList({ query, searching }: { query: AdminCompaniesPage_query$key; searching: boolean }) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminCompaniesPaginationQuery,
    AdminCompaniesPage_query$key
  >(
    graphql`
      fragment AdminCompaniesPage_query on Query
      @refetchable(queryName: "AdminCompaniesPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
      ) {
        admin {
          companies(first: $count, after: $cursor, search: $search)
            @connection(key: "AdminCompaniesPage_companies", filters: ["search"]) {
            totalCount
            edges {
              node {
                id
                databaseId
                name
                siret
                siretWarning
                active
                establishmentCount
                userCount
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.admin?.companies;
  const companies = connection?.edges.map((edge) => edge.node) ?? [];
  const columns = [
    { label: labels.name },
    { label: labels.siret, nowrap: true },
    { label: t('admin.state') },
    { label: t('admin.companies.establishments'), numeric: true },
    { label: t('admin.companies.users'), numeric: true },
  ];
  return (
    <ListSection
      title={t('admin.companies.count', { count: connection?.totalCount ?? 0 })}
      emptyText={searching ? t('admin.noMatch') : t('admin.companies.empty')}
      isEmpty={companies.length === 0}
      gap="3"
    >
      {(headingId) => (
        <>
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="44rem">
            {companies.map((company) => (
              <Table.Row key={company.id}>
                <Table.Cell>
                  <Link asChild colorPalette="brand" fontWeight="medium">
                    <RouterLink to={adminCompanyPath(company.databaseId)}>{company.name}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>
                  <SiretText siret={company.siret} warning={company.siretWarning} />
                </Table.Cell>
                <Table.Cell>
                  <ActiveBadge active={company.active} feminine />
                </Table.Cell>
                <Table.Cell>
                  <Text>{company.establishmentCount}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Text>{company.userCount}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </ResponsiveTable>
          <MoreButton
            hasNext={hasNext}
            loading={isLoadingNext}
            label={t('admin.companies.more')}
            onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
          />
        </>
      )}
    </ListSection>
  );
}
