import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { AdminAuditPageQuery } from '../../__generated__/AdminAuditPageQuery.graphql.ts';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { DateFilter } from '../../forms/DateFilter.tsx';
import { FilterField } from '../../forms/FilterField.tsx';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { Select } from '../documents/DocumentImport.tsx';
import { notFound } from '../errors/notFound.ts';
import { AdminFilters, AdminHeading, useSearchParam } from './AdminParts.tsx';
import { AuditTrail } from './AuditTrail.tsx';
import { AUDIT_ACTION_OPTIONS } from './adminLabels.ts';
import { ADMIN_PARAMS, AUDIT_TARGET_TYPES } from './adminParams.ts';

export const adminAuditPageQuery = graphql`
  query AdminAuditPageQuery(
    $search: String
    $targetType: AuditTargetType
    $actions: [AuditAction!]
    $from: Date
    $to: Date
  ) @preloadable {
    admin {
      __typename
    }
    ...AuditTrail_query
      @arguments(search: $search, targetType: $targetType, actions: $actions, from: $from, to: $to)
  }
`;

/**
 * `/admin/journal`: every change made in the back office, newest first, a page at a time; searched by author,
 * action or element, and filtered by the element's type, the action and a period, all kept in the URL. Each entry
 * opens on the fields it changed, before and after.
 */
export function AdminAuditPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<AdminAuditPageQuery>(adminAuditPageQuery);
  const [targetType, setTargetType] = useSearchParam(ADMIN_PARAMS.targetType);
  const [action, setAction] = useSearchParam(ADMIN_PARAMS.action);
  const [from, setFrom] = useSearchParam(ADMIN_PARAMS.from);
  const [to, setTo] = useSearchParam(ADMIN_PARAMS.to);
  const [search] = useSearchParam(ADMIN_PARAMS.search);
  if (!data.admin) throw notFound('admin');
  const filtered = !!(search || targetType || action || from || to);
  return (
    <Stack gap="6">
      <AdminHeading title={t('admin.audit.title')} intro={t('admin.audit.intro')} />
      <AdminFilters
        label={t('admin.audit.filters')}
        searchLabel={t('admin.audit.search')}
        placeholder={t('admin.audit.searchPlaceholder')}
      >
        <Select
          label={t('admin.audit.targetType')}
          value={targetType ?? ''}
          onChange={(value) => setTargetType(value || null)}
        >
          <option value="">{t('admin.audit.allTypes')}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.audit.targetTypes.${type}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('admin.audit.action')}
          value={action ?? ''}
          onChange={(value) => setAction(value || null)}
        >
          <option value="">{t('admin.audit.allActions')}</option>
          {AUDIT_ACTION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <FilterField label={t('admin.audit.from')}>
          {(id) => <DateFilter id={id} value={from} onChange={setFrom} />}
        </FilterField>
        <FilterField label={t('admin.audit.to')}>
          {(id) => <DateFilter id={id} value={to} onChange={setTo} />}
        </FilterField>
      </AdminFilters>
      <UpdatingRegion busy={loading}>
        <AuditTrail
          query={data}
          title={(count) => t('admin.audit.count', { count })}
          emptyText={filtered ? t('admin.noMatch') : t('admin.audit.empty')}
        />
      </UpdatingRegion>
    </Stack>
  );
}
