import {
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  HStack,
  Link,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { adminUserFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link as RouterLink, useRevalidator } from 'react-router-dom';
import type { AdminUserPage_user$key } from '../../__generated__/AdminUserPage_user.graphql.ts';
import type { AdminUserPageActiveMutation } from '../../__generated__/AdminUserPageActiveMutation.graphql.ts';
import type { AdminUserPageQuery } from '../../__generated__/AdminUserPageQuery.graphql.ts';
import type { AdminUserPageResendMutation } from '../../__generated__/AdminUserPageResendMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import { establishmentLabel } from './AdminCombobox.tsx';
import { AuditTrail } from './AuditTrail.tsx';
import { typologyNames } from './adminLabels.ts';
import { adminCompanyPath } from './adminPaths.ts';
import { type EditedUser, UserFormDialog } from './UserFormDialog.tsx';
import { UserStateBadge } from './UserTable.tsx';

const labels = fieldLabels(adminUserFields);

export const adminUserPageQuery = graphql`
  query AdminUserPageQuery($databaseId: Int!, $userId: ID!) @preloadable {
    admin {
      user(databaseId: $databaseId) {
        id
        ...AdminUserPage_user
      }
    }
    ...AuditTrail_query @arguments(targetType: USER, targetId: $userId)
  }
`;

const activeMutation = graphql`
  mutation AdminUserPageActiveMutation($input: AdminUpdateUserInput!) {
    adminUpdateUser(input: $input) {
      user {
        id
        ...AdminUserPage_user
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const resendMutation = graphql`
  mutation AdminUserPageResendMutation($input: AdminResendInvitationInput!) {
    adminResendInvitation(input: $input) {
      user {
        id
        ...AdminUserPage_user
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * `/admin/utilisateurs/:id`: one account, its profile and access edited, its invitation sent again while it has no
 * password, deactivated after a confirmation (its sessions close at once) or reactivated; its dates, the
 * permissions its typologies give, and the history of its changes. Never a password. An unknown account is the
 * 404 page.
 */
export function AdminUserPage() {
  const { t } = useTranslation();
  const data = usePreloadedRouteQuery<AdminUserPageQuery>(adminUserPageQuery);
  const user = data.admin?.user;
  if (!user) throw notFound('admin user');
  return (
    <Stack gap="8">
      <UserDetails user={user} />
      <AuditTrail
        query={data}
        title={(count) => t('admin.user.history', { count })}
        emptyText={t('admin.user.noHistory')}
        showTarget={false}
      />
    </Stack>
  );
}

function UserDetails({ user: key }: { user: AdminUserPage_user$key }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const user = useFragment(
    graphql`
      fragment AdminUserPage_user on AdminUser {
        id
        databaseId
        email
        firstname
        lastname
        fullName
        phone
        function
        typologies
        permissions
        companies {
          id
          databaseId
          name
          siret
        }
        establishments {
          id
          databaseId
          name
          companyName
          city
        }
        chantiers {
          databaseId
          name
          establishment {
            name
            companyName
          }
        }
        limitedToEntities
        isAdmin
        active
        invitationState
        invitedAt
        invitationExpiresAt
        lastSignInAt
        createdAt
      }
    `,
    key,
  );
  const [editing, setEditing] = useState<EditedUser | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [commitActive, isSaving] = useMutation<AdminUserPageActiveMutation>(activeMutation);
  const [commitResend, isResending] = useMutation<AdminUserPageResendMutation>(resendMutation);
  // The history gains the change: read it again.
  const refreshHistory = () => revalidator.revalidate();

  const setActive = (active: boolean) =>
    commitActive({
      variables: { input: { id: user.id, active } },
      ...mutationFeedback({
        result: ({ adminUpdateUser }) => ({
          userErrors: adminUpdateUser.userErrors,
          ok: !!adminUpdateUser.user,
        }),
        success: active ? t('admin.user.reactivated') : messages.adminUserDeactivated,
        failure: messages.retryLater,
        onSettled: () => setConfirming(false),
        onSuccess: refreshHistory,
      }),
    });
  const resend = () =>
    commitResend({
      variables: { input: { id: user.id } },
      ...mutationFeedback({
        result: ({ adminResendInvitation }) => ({
          userErrors: adminResendInvitation.userErrors,
          ok: !!adminResendInvitation.user,
        }),
        success: messages.adminInvitationSent(user.email),
        failure: messages.retryLater,
        onSuccess: refreshHistory,
      }),
    });

  const companies = user.companies.map((company) => ({
    id: company.id,
    databaseId: company.databaseId,
    label: company.name,
    detail: company.siret ? t('admin.siretOf', { siret: company.siret }) : '',
  }));
  const establishments = user.establishments.map((site) => ({
    id: site.id,
    databaseId: site.databaseId,
    label: establishmentLabel(site),
    detail: site.city ?? '',
  }));
  const chantiers = user.chantiers.map((chantier) => ({
    databaseId: chantier.databaseId,
    label: chantier.establishment
      ? `${establishmentLabel(chantier.establishment)} > ${chantier.name}`
      : chantier.name,
  }));
  const edit = () =>
    setEditing({
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      phone: user.phone,
      function: user.function,
      typologies: user.typologies,
      isAdmin: user.isAdmin,
      active: user.active,
      companies,
      establishments,
      chantiers,
    });
  // Only an account without a password has an invitation to send (SPEC: never a password here).
  const invited = user.invitationState !== 'ACCEPTED';
  const date = (value: string | null | undefined) =>
    value ? formatDateTime(value) : <Text color="fg.muted">{t('admin.notProvided')}</Text>;

  const profile: [string, ReactNode][] = [
    [labels.email, user.email],
    [labels.firstname, user.firstname || <Text color="fg.muted">{t('admin.notProvided')}</Text>],
    [labels.lastname, user.lastname || <Text color="fg.muted">{t('admin.notProvided')}</Text>],
    [labels.phone, user.phone || <Text color="fg.muted">{t('admin.notProvided')}</Text>],
    [labels.function, user.function || <Text color="fg.muted">{t('admin.notProvided')}</Text>],
    [
      labels.typologies,
      user.isAdmin
        ? t('admin.users.administrator')
        : typologyNames(user.typologies) || t('admin.notProvided'),
    ],
  ];
  const dates: [string, ReactNode][] = [
    [labels.createdAt, date(user.createdAt)],
    [labels.invitedAt, date(user.invitedAt)],
    ...(invited
      ? ([[labels.invitationExpiresAt, date(user.invitationExpiresAt)]] as [string, ReactNode][])
      : []),
    [labels.lastSignInAt, user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.users.never')],
  ];

  return (
    <Stack gap="6">
      <PageTitle title={user.fullName} />
      <Stack gap="2">
        <Link asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
          <RouterLink to={paths.adminUsers}>{t('admin.user.back')}</RouterLink>
        </Link>
        <Flex gap="4" wrap="wrap" align="center" justify="space-between">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              {user.fullName}
            </Heading>
            <UserStateBadge user={user} />
          </HStack>
          <Flex gap="2" wrap="wrap">
            <Button variant="outline" colorPalette="brand" size="sm" onClick={edit}>
              {t('admin.edit')}
            </Button>
            {invited && user.active && (
              <Button variant="outline" size="sm" loading={isResending} onClick={resend}>
                {t('admin.user.resend')}
              </Button>
            )}
            {user.active ? (
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
      </Stack>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <DetailCard title={t('admin.user.profile')} items={profile} />
        <DetailCard title={t('admin.user.dates')} items={dates} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Card.Root as="section" aria-label={t('admin.users.access')}>
          <Card.Header>
            <Heading as="h2" size="lg">
              {t('admin.users.access')}
            </Heading>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {user.limitedToEntities && (
                <Text color="orange.fg" fontSize="sm">
                  {t('admin.users.limitedAccess')}
                </Text>
              )}
              <AccessList
                title={labels.companies}
                items={companies.map((company) => ({
                  key: company.id,
                  label: company.label,
                  to: adminCompanyPath(company.databaseId),
                }))}
              />
              <AccessList
                title={labels.companySites}
                items={establishments.map((site) => ({ key: site.id, label: site.label }))}
              />
              <AccessList
                title={labels.entities}
                items={chantiers.map((chantier) => ({
                  key: String(chantier.databaseId),
                  label: chantier.label,
                }))}
              />
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-label={t('admin.user.permissions')}>
          <Card.Header>
            <Heading as="h2" size="lg">
              {t('admin.user.permissions')}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t('admin.user.permissionsHint')}
            </Text>
          </Card.Header>
          <Card.Body>
            {user.permissions.length === 0 ? (
              <Text color="fg.muted">{t('admin.user.noPermission')}</Text>
            ) : (
              <List.Root ps="5" gap="1" aria-label={t('admin.user.permissions')}>
                {user.permissions.map((permission) => (
                  <List.Item key={permission}>
                    {t(
                      `admin.permissionLabels.${permission.replace(':', '_')}` as 'admin.permissionLabels.admin_manage',
                      {
                        defaultValue: permission,
                      },
                    )}{' '}
                    <Text as="span" color="fg.muted" fontSize="xs">
                      ({permission})
                    </Text>
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <UserFormDialog
        target={editing ? { kind: 'edit', user: editing } : null}
        onClose={() => setEditing(null)}
        onSaved={refreshHistory}
      />
      <ConfirmDialog
        open={confirming}
        title={t('admin.user.deactivateTitle', { name: user.fullName })}
        description={t('admin.user.deactivateDescription')}
        confirmLabel={t('admin.deactivate')}
        loading={isSaving}
        onConfirm={() => setActive(false)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function DetailCard({ title, items }: { title: string; items: [string, ReactNode][] }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" gap="3">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function AccessList({
  title,
  items,
}: {
  title: string;
  items: readonly { key: string; label: string; to?: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{title}</Text>
      {items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('admin.users.noneChosen')}
        </Text>
      ) : (
        <List.Root ps="5" gap="1" aria-label={title}>
          {items.map((item) => (
            <List.Item key={item.key}>
              {item.to ? (
                <Link asChild colorPalette="brand">
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Link>
              ) : (
                item.label
              )}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}
