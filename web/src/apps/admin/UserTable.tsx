import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { adminUserFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { UserTable_user$key } from '../../__generated__/UserTable_user.graphql.ts';
import type { UserTable_users$key } from '../../__generated__/UserTable_users.graphql.ts';
import type { UserTableUsersPaginationQuery } from '../../__generated__/UserTableUsersPaginationQuery.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { AdminSection, MoreButton } from './AdminParts.tsx';
import { typologyNames, USER_STATE_PALETTES, userStateOf } from './adminLabels.ts';
import { adminUserPath } from './adminPaths.ts';

const labels = fieldLabels(adminUserFields);

/**
 * Accounts (every one, those searched, or those reaching a company), a page at a time, in their section: its
 * heading says how many, with what may be done beside it (« Inviter un utilisateur »).
 */
export function UserList({
  query,
  title,
  emptyText,
  actions,
}: {
  query: UserTable_users$key;
  title: (count: number) => string;
  emptyText: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    UserTableUsersPaginationQuery,
    UserTable_users$key
  >(
    graphql`
      fragment UserTable_users on Query
      @refetchable(queryName: "UserTableUsersPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
        companyId: { type: "ID" }
      ) {
        admin {
          users(first: $count, after: $cursor, search: $search, companyId: $companyId)
            @connection(key: "UserTable_users", filters: ["search", "companyId"]) {
            totalCount
            edges {
              node {
                id
                ...UserTable_user
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.admin?.users;
  const users = connection?.edges.map((edge) => edge.node) ?? [];
  return (
    <AdminSection
      title={title(connection?.totalCount ?? 0)}
      actions={actions}
      isEmpty={users.length === 0}
      emptyText={emptyText}
    >
      {(headingId) => (
        <Stack gap="3">
          <UserTable users={users} labelledBy={headingId} />
          <MoreButton
            hasNext={hasNext}
            loading={isLoadingNext}
            label={t('admin.users.more')}
            onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
          />
        </Stack>
      )}
    </AdminSection>
  );
}

/** Accounts as the back office lists them: name (to their page), e-mail, typologies, state and last sign-in. */
function UserTable({
  users,
  labelledBy,
}: {
  /** The rows' nodes: their id (the row's key) and the row's fragment. */
  users: readonly (UserTable_user$key & { readonly id: string })[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const columns = [
    { label: t('admin.users.name') },
    { label: labels.email },
    { label: labels.typologies },
    { label: t('admin.state') },
    { label: labels.lastSignInAt },
  ];
  return (
    <ResponsiveTable columns={columns} labelledBy={labelledBy} cardsBelow="48rem">
      {users.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </ResponsiveTable>
  );
}

/** The state of an account, as a badge: active, invitation pending or expired, deactivated. */
export function UserStateBadge({ user }: { user: { active: boolean; invitationState: string } }) {
  const { t } = useTranslation();
  const state = userStateOf(user);
  return <Badge colorPalette={USER_STATE_PALETTES[state]}>{t(`admin.users.states.${state}`)}</Badge>;
}

function UserRow({ user: key }: { user: UserTable_user$key }) {
  const { t } = useTranslation();
  const user = useFragment(
    graphql`
      fragment UserTable_user on AdminUser {
        id
        databaseId
        fullName
        email
        typologies
        isAdmin
        active
        invitationState
        lastSignInAt
      }
    `,
    key,
  );
  return (
    <Table.Row>
      <Table.Cell>
        <Link asChild colorPalette="brand" fontWeight="medium">
          <RouterLink to={adminUserPath(user.databaseId)}>{user.fullName}</RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Text wordBreak="break-all">{user.email}</Text>
      </Table.Cell>
      <Table.Cell>
        {user.isAdmin ? t('admin.users.administrator') : typologyNames(user.typologies) || '—'}
      </Table.Cell>
      <Table.Cell>
        <UserStateBadge user={user} />
      </Table.Cell>
      <Table.Cell>
        {user.lastSignInAt ? (
          formatDateTime(user.lastSignInAt)
        ) : (
          <Text color="fg.muted">{t('admin.users.never')}</Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
