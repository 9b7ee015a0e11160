import { Badge, Button, DataList, Link, Stack, Table, Text } from '@chakra-ui/react';
import { auditEntryFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type {
  AuditTrail_query$data,
  AuditTrail_query$key,
} from '../../__generated__/AuditTrail_query.graphql.ts';
import type { AuditTrailPaginationQuery } from '../../__generated__/AuditTrailPaginationQuery.graphql.ts';
import { ListSection } from '../../components/ListSection.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { MoreButton } from './AdminParts.tsx';
import { adminCompanyPath, adminUserPath } from './adminPaths.ts';
import { auditDiff } from './auditDiff.ts';

const labels = fieldLabels(auditEntryFields);

type Entry = NonNullable<AuditTrail_query$data['admin']>['auditEntries']['edges'][number]['node'];

/**
 * The audit trail (the journal's, or one element's history), newest first, a page at a time: who changed what and
 * when; each entry opens on its fields before and after the change.
 */
export function AuditTrail({
  query,
  title,
  emptyText,
  showTarget = true,
}: {
  query: AuditTrail_query$key;
  /** The list's heading, given how many entries there are. */
  title: (count: number) => string;
  emptyText: string;
  /** The element changed: in the journal, not in an element's own history. */
  showTarget?: boolean;
}) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AuditTrailPaginationQuery,
    AuditTrail_query$key
  >(
    graphql`
      fragment AuditTrail_query on Query
      @refetchable(queryName: "AuditTrailPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
        targetType: { type: "AuditTargetType" }
        targetId: { type: "ID" }
        actions: { type: "[AuditAction!]" }
        from: { type: "Date" }
        to: { type: "Date" }
      ) {
        admin {
          auditEntries(
            first: $count
            after: $cursor
            search: $search
            targetType: $targetType
            targetId: $targetId
            actions: $actions
            from: $from
            to: $to
          ) @connection(key: "AuditTrail_auditEntries", filters: ["search", "targetType", "targetId", "actions", "from", "to"]) {
            totalCount
            edges {
              node {
                databaseId
                at
                actorEmail
                action
                actionLabel
                targetType
                targetDatabaseId
                targetLabel
                before
                after
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.admin?.auditEntries;
  const entries = connection?.edges.map((edge) => edge.node) ?? [];
  const columns = [
    { label: labels.at },
    { label: labels.actorEmail },
    { label: labels.action },
    ...(showTarget ? [{ label: labels.targetLabel }] : []),
    { label: t('admin.audit.detail'), actions: true },
  ];
  return (
    <ListSection
      title={title(connection?.totalCount ?? 0)}
      emptyText={emptyText}
      isEmpty={entries.length === 0}
      gap="3"
    >
      {(headingId) => (
        <>
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="48rem">
            {entries.map((entry) => (
              <AuditRow
                key={entry.databaseId}
                entry={entry}
                showTarget={showTarget}
                columnCount={columns.length}
              />
            ))}
          </ResponsiveTable>
          <MoreButton
            hasNext={hasNext}
            loading={isLoadingNext}
            label={t('admin.audit.more')}
            onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
          />
        </>
      )}
    </ListSection>
  );
}

/** Where an element of the trail is seen: a company's or a user's page. */
function targetPath(entry: Entry): string | null {
  if (entry.targetDatabaseId === null || entry.targetDatabaseId === undefined) return null;
  if (entry.targetType === 'COMPANY') return adminCompanyPath(entry.targetDatabaseId);
  if (entry.targetType === 'USER') return adminUserPath(entry.targetDatabaseId);
  return null;
}

function AuditRow({
  entry,
  showTarget,
  columnCount,
}: {
  entry: Entry;
  showTarget: boolean;
  columnCount: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const path = targetPath(entry);
  return (
    <>
      <Table.Row>
        <Table.Cell>
          <Text whiteSpace="nowrap">{formatDateTime(entry.at)}</Text>
        </Table.Cell>
        <Table.Cell>
          <Text wordBreak="break-all">{entry.actorEmail}</Text>
        </Table.Cell>
        <Table.Cell>{entry.actionLabel}</Table.Cell>
        {showTarget && (
          <Table.Cell>
            <Badge variant="outline" size="sm" me="2">
              {t(`admin.audit.targetTypes.${entry.targetType as 'COMPANY'}`, {
                defaultValue: entry.targetType,
              })}
            </Badge>
            {path ? (
              <Link asChild colorPalette="brand">
                <RouterLink to={path}>{entry.targetLabel}</RouterLink>
              </Link>
            ) : (
              entry.targetLabel
            )}
          </Table.Cell>
        )}
        <Table.Cell>
          <Button
            size="xs"
            variant="outline"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={t(open ? 'admin.audit.hideLabel' : 'admin.audit.showLabel', {
              action: entry.actionLabel,
              target: entry.targetLabel,
            })}
            onClick={() => setOpen(!open)}
          >
            {open ? t('admin.audit.hide') : t('admin.audit.show')}
          </Button>
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row>
          <Table.Cell colSpan={columnCount} id={detailId} bg="bg.subtle">
            <AuditDiff entry={entry} />
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}

/** An entry's fields before and after its change, one line a field. */
function AuditDiff({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const rows = auditDiff(entry.targetType, entry.before, entry.after);
  if (rows.length === 0) return <Text color="fg.muted">{t('admin.audit.noField')}</Text>;
  // A creation has nothing before, a removal nothing after: only the other side is said.
  const created = entry.before === null || entry.before === undefined;
  const removed = entry.after === null || entry.after === undefined;
  return (
    <DataList.Root
      orientation="horizontal"
      gap="2"
      aria-label={t('admin.audit.diffLabel', { action: entry.actionLabel, target: entry.targetLabel })}
    >
      {rows.map((row) => (
        <DataList.Item key={row.field}>
          <DataList.ItemLabel minW="44">{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Stack gap="0.5">
              {!created && (
                <Text color={removed ? undefined : 'fg.muted'}>
                  {removed ? row.before : t('admin.audit.before', { value: row.before })}
                </Text>
              )}
              {!removed && (
                <Text fontWeight={created ? undefined : 'medium'}>
                  {created ? row.after : t('admin.audit.after', { value: row.after })}
                </Text>
              )}
            </Stack>
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
