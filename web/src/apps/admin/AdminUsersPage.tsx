import { Button, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { AdminUsersPageQuery } from '../../__generated__/AdminUsersPageQuery.graphql.ts';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { notFound } from '../errors/notFound.ts';
import { AdminFilters, AdminHeading, useSearchParam } from './AdminParts.tsx';
import { ADMIN_PARAMS } from './adminParams.ts';
import { UserFormDialog, type UserFormTarget } from './UserFormDialog.tsx';
import { UserList } from './UserTable.tsx';

export const adminUsersPageQuery = graphql`
  query AdminUsersPageQuery($search: String) @preloadable {
    admin {
      __typename
    }
    ...UserTable_users @arguments(search: $search)
  }
`;

/**
 * `/admin/utilisateurs`: every account, searched by e-mail or name (`?q=`), a page at a time, with its typologies,
 * its state (invitation pending or expired, active, deactivated) and its last sign-in; « Inviter un utilisateur »
 * creates one and mails its invitation.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<AdminUsersPageQuery>(adminUsersPageQuery);
  const [inviting, setInviting] = useState<UserFormTarget | null>(null);
  const [search] = useSearchParam(ADMIN_PARAMS.search);
  if (!data.admin) throw notFound('admin');
  return (
    <Stack gap="6">
      <AdminHeading title={t('admin.users.title')} intro={t('admin.users.intro')}>
        <Button colorPalette="brand" onClick={() => setInviting({ kind: 'invite' })}>
          {t('admin.users.invite')}
        </Button>
      </AdminHeading>
      <AdminFilters
        label={t('admin.users.filters')}
        searchLabel={t('admin.users.search')}
        placeholder={t('admin.users.searchPlaceholder')}
      />
      <UpdatingRegion busy={loading}>
        <UserList
          query={data}
          title={(count) => t('admin.users.count', { count })}
          emptyText={search ? t('admin.noMatch') : t('admin.users.empty')}
        />
      </UpdatingRegion>
      <UserFormDialog target={inviting} onClose={() => setInviting(null)} />
    </Stack>
  );
}
