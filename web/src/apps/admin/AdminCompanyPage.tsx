import { Button, Card, DataList, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { adminCompanyFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useRevalidator } from 'react-router-dom';
import type { AdminCompanyPageActiveMutation } from '../../__generated__/AdminCompanyPageActiveMutation.graphql.ts';
import type { AdminCompanyPageQuery } from '../../__generated__/AdminCompanyPageQuery.graphql.ts';
import type { UserTable_users$key } from '../../__generated__/UserTable_users.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDay } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import { ActiveBadge } from './AdminParts.tsx';
import { CompanyEstablishments } from './CompanyEstablishments.tsx';
import { CompanyFormDialog, type CompanyFormTarget } from './CompanyFormDialog.tsx';
import { UserFormDialog, type UserFormTarget } from './UserFormDialog.tsx';
import { UserList } from './UserTable.tsx';

const labels = fieldLabels(adminCompanyFields);

export const adminCompanyPageQuery = graphql`
  query AdminCompanyPageQuery($databaseId: Int!, $companyId: ID!) @preloadable {
    admin {
      company(databaseId: $databaseId) {
        id
        databaseId
        name
        siret
        siretWarning
        active
        establishmentCount
        userCount
        createdAt
      }
    }
    ...CompanyEstablishments_query @arguments(companyId: $companyId)
    ...UserTable_users @arguments(companyId: $companyId)
  }
`;

const activeMutation = graphql`
  mutation AdminCompanyPageActiveMutation($input: AdminUpdateCompanyInput!) {
    adminUpdateCompany(input: $input) {
      company {
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

/**
 * `/admin/societes/:id`: one company, its name and SIRET edited, deactivated after a confirmation (its users no
 * longer see its establishments) or reactivated; its establishments (created, imported, edited, deactivated) and
 * the users who reach it, each leading to their page. An unknown company is the 404 page.
 */
export function AdminCompanyPage() {
  const { t } = useTranslation();
  const data = usePreloadedRouteQuery<AdminCompanyPageQuery>(adminCompanyPageQuery);
  const company = data.admin?.company;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<CompanyFormTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [commit, isSaving] = useMutation<AdminCompanyPageActiveMutation>(activeMutation);
  if (!company) throw notFound('admin company');

  const setActive = (active: boolean) =>
    commit({
      variables: { input: { id: company.id, active } },
      ...mutationFeedback({
        result: ({ adminUpdateCompany }) => ({
          userErrors: adminUpdateCompany.userErrors,
          ok: !!adminUpdateCompany.company,
        }),
        success: active ? t('admin.company.reactivated') : t('admin.company.deactivated'),
        failure: messages.retryLater,
        onSettled: () => setConfirming(false),
        // Its establishments' state follows its own: read them again.
        onSuccess: () => revalidator.revalidate(),
      }),
    });

  const siret = company.siret ? (
    <Stack gap="0.5">
      <Text>{company.siret}</Text>
      {company.siretWarning && (
        <Text fontSize="sm" color="orange.fg">
          {messages.siretLuhnWarning}
        </Text>
      )}
    </Stack>
  ) : (
    <Text color="fg.muted">{t('admin.notProvided')}</Text>
  );
  const details: [string, ReactNode][] = [
    [labels.name, company.name],
    [labels.siret, siret],
    [labels.createdAt, formatDay(company.createdAt)],
    [labels.siteCount, company.establishmentCount],
    [labels.userCount, company.userCount],
  ];

  return (
    <Stack gap="8">
      <PageTitle title={company.name} />
      <Stack gap="2">
        <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
          <RouterLink to={paths.adminCompanies}>{t('admin.company.back')}</RouterLink>
        </Link>
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl">
            {company.name}
          </Heading>
          <ActiveBadge active={company.active} feminine />
        </HStack>
      </Stack>
      <Card.Root as="section" aria-label={t('admin.company.details')}>
        <Card.Header>
          <Flex gap="3" wrap="wrap" justify="space-between" align="center">
            <Heading as="h2" size="lg">
              {t('admin.company.details')}
            </Heading>
            <Flex gap="2" wrap="wrap">
              <Button
                variant="outline"
                colorPalette="brand"
                size="sm"
                onClick={() => setEditing({ kind: 'edit', company })}
              >
                {t('admin.edit')}
              </Button>
              {company.active ? (
                <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)}>
                  {t('admin.deactivate')}
                </Button>
              ) : (
                <Button variant="outline" size="sm" loading={isSaving} onClick={() => setActive(true)}>
                  {t('admin.reactivate')}
                </Button>
              )}
            </Flex>
          </Flex>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" gap="3">
            {details.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <CompanyEstablishments query={data} company={company} />
      <CompanyUsers query={data} company={company} />
      <CompanyFormDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={confirming}
        title={t('admin.company.deactivateTitle', { name: company.name })}
        description={t('admin.company.deactivateDescription')}
        confirmLabel={t('admin.deactivate')}
        loading={isSaving}
        onConfirm={() => setActive(false)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** The users who reach the company (through it, or one of its establishments or chantiers). */
function CompanyUsers({
  query,
  company,
}: {
  query: UserTable_users$key;
  company: { id: string; databaseId: number; name: string; siret: string | null | undefined };
}) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState<UserFormTarget | null>(null);
  // Invited from here, the user reaches the company.
  const invite = () =>
    setInviting({
      kind: 'invite',
      companies: [
        {
          id: company.id,
          databaseId: company.databaseId,
          label: company.name,
          detail: company.siret ? t('admin.siretOf', { siret: company.siret }) : '',
        },
      ],
    });
  return (
    <>
      <UserList
        query={query}
        title={(count) => t('admin.company.users', { count })}
        emptyText={t('admin.company.noUsers')}
        actions={
          <Button variant="outline" colorPalette="brand" size="sm" onClick={invite}>
            {t('admin.users.invite')}
          </Button>
        }
      />
      <UserFormDialog target={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
