import { Badge, Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { adminSiteLinkFields } from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { parisDate } from '@portal/domain/recurrence';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation, usePaginationFragment } from 'react-relay';
import type { AdminLinksPage_link$key } from '../../__generated__/AdminLinksPage_link.graphql.ts';
import type { AdminLinksPage_query$key } from '../../__generated__/AdminLinksPage_query.graphql.ts';
import type { AdminLinksPageDeleteMutation } from '../../__generated__/AdminLinksPageDeleteMutation.graphql.ts';
import type { AdminLinksPageEndMutation } from '../../__generated__/AdminLinksPageEndMutation.graphql.ts';
import type { AdminLinksPageQuery } from '../../__generated__/AdminLinksPageQuery.graphql.ts';
import type { AdminLinksPaginationQuery } from '../../__generated__/AdminLinksPaginationQuery.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateDialog } from '../../components/DateDialog.tsx';
import { ListSection } from '../../components/ListSection.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate } from '../../i18n/format.ts';
import { PAGE_SIZE, reportLoadMoreFailure } from '../../relay/pagination.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { Select } from '../documents/DocumentImport.tsx';
import { notFound } from '../errors/notFound.ts';
import { AdminFilters, AdminHeading, countChange, MoreButton, useSearchParam } from './AdminParts.tsx';
import { ADMIN_PARAMS } from './adminParams.ts';
import { SiteLinkDialog } from './SiteLinkDialog.tsx';

const labels = fieldLabels(adminSiteLinkFields);

export const adminLinksPageQuery = graphql`
  query AdminLinksPageQuery($search: String, $inForce: Boolean) @preloadable {
    admin {
      __typename
    }
    ...AdminLinksPage_query @arguments(search: $search, inForce: $inForce)
  }
`;

const endMutation = graphql`
  mutation AdminLinksPageEndMutation($input: AdminUpdateSiteLinkInput!) {
    adminUpdateSiteLink(input: $input) {
      link {
        id
        ...AdminLinksPage_link
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation AdminLinksPageDeleteMutation($input: AdminDeleteSiteLinkInput!, $connections: [ID!]!) {
    adminDeleteSiteLink(input: $input) {
      deletedId @deleteEdge(connections: $connections)
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * `/admin/liens`: the links between producers' establishments and their providers', searched (`?q=`) and
 * filtered on whether they are in force (`?vigueur=oui|non`); a link is created, ended on a day, or removed
 * when entered by mistake (after a confirmation).
 */
export function AdminLinksPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<AdminLinksPageQuery>(adminLinksPageQuery);
  const [inForce, setInForce] = useSearchParam(ADMIN_PARAMS.inForce);
  const [search] = useSearchParam(ADMIN_PARAMS.search);
  const [creating, setCreating] = useState(false);
  const [connectionId, setConnectionId] = useState<string | null>(null);
  if (!data.admin) throw notFound('admin');
  return (
    <Stack gap="6">
      <AdminHeading title={t('admin.links.title')} intro={t('admin.links.intro')}>
        <Button colorPalette="brand" disabled={connectionId === null} onClick={() => setCreating(true)}>
          {t('admin.links.create')}
        </Button>
      </AdminHeading>
      <AdminFilters
        label={t('admin.links.filters')}
        searchLabel={t('admin.links.search')}
        placeholder={t('admin.links.searchPlaceholder')}
      >
        <Select label={labels.inForce} value={inForce ?? ''} onChange={(value) => setInForce(value || null)}>
          <option value="">{t('admin.links.all')}</option>
          <option value="oui">{t('admin.links.inForce')}</option>
          <option value="non">{t('admin.links.notInForce')}</option>
        </Select>
      </AdminFilters>
      <UpdatingRegion busy={loading}>
        <LinkList query={data} searching={!!(search || inForce)} onConnection={setConnectionId} />
      </UpdatingRegion>
      <SiteLinkDialog connectionId={connectionId} open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function LinkList({
  query,
  searching,
  onConnection,
}: {
  query: AdminLinksPage_query$key;
  searching: boolean;
  /** The list's connection, where a new link is added. */
  onConnection: (connectionId: string) => void;
}) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    AdminLinksPaginationQuery,
    AdminLinksPage_query$key
  >(
    graphql`
      fragment AdminLinksPage_query on Query
      @refetchable(queryName: "AdminLinksPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        search: { type: "String" }
        inForce: { type: "Boolean" }
      ) {
        admin {
          siteLinks(first: $count, after: $cursor, search: $search, inForce: $inForce)
            @connection(key: "AdminLinksPage_siteLinks", filters: ["search", "inForce"]) {
            __id
            totalCount
            edges {
              node {
                id
                ...AdminLinksPage_link
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connection = data.admin?.siteLinks;
  const links = connection?.edges.map((edge) => edge.node) ?? [];
  const connectionId = connection?.__id ?? null;
  useEffect(() => {
    if (connectionId !== null) onConnection(connectionId);
  }, [connectionId, onConnection]);
  const columns = [
    { label: labels.producerSiteName },
    { label: labels.retrieverSiteName },
    { label: labels.startDate, nowrap: true },
    { label: labels.endDate, nowrap: true },
    { label: t('admin.state') },
    { label: t('admin.actions'), actions: true },
  ];
  return (
    <ListSection
      title={t('admin.links.count', { count: connection?.totalCount ?? 0 })}
      emptyText={searching ? t('admin.noMatch') : t('admin.links.empty')}
      isEmpty={links.length === 0}
      gap="3"
    >
      {(headingId) => (
        <>
          <ResponsiveTable columns={columns} labelledBy={headingId} cardsBelow="52rem">
            {links.map((link) => (
              <LinkRow key={link.id} link={link} connectionId={connectionId} />
            ))}
          </ResponsiveTable>
          <MoreButton
            hasNext={hasNext}
            loading={isLoadingNext}
            label={t('admin.links.more')}
            onClick={() => loadNext(PAGE_SIZE, { onComplete: reportLoadMoreFailure })}
          />
        </>
      )}
    </ListSection>
  );
}

function LinkRow({
  link: key,
  connectionId,
}: {
  link: AdminLinksPage_link$key;
  connectionId: string | null;
}) {
  const { t } = useTranslation();
  const link = useFragment(
    graphql`
      fragment AdminLinksPage_link on AdminSiteLink {
        id
        producerEstablishmentName
        retrieverEstablishmentName
        startDate
        endDate
        inForce
      }
    `,
    key,
  );
  const [ending, setEnding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [commitEnd, isEnding] = useMutation<AdminLinksPageEndMutation>(endMutation);
  const [commitDelete, isDeleting] = useMutation<AdminLinksPageDeleteMutation>(deleteMutation);
  const today = parisDate(new Date());
  const upcoming = !link.inForce && link.startDate > today;
  const ended = !link.inForce && !upcoming;
  const name = t('admin.links.name', {
    producer: link.producerEstablishmentName,
    provider: link.retrieverEstablishmentName,
  });
  const remove = () =>
    commitDelete({
      variables: { input: { id: link.id }, connections: connectionId ? [connectionId] : [] },
      ...(connectionId && { updater: countChange(connectionId, -1) }),
      ...mutationFeedback({
        result: ({ adminDeleteSiteLink }) => ({
          userErrors: adminDeleteSiteLink.userErrors,
          ok: !!adminDeleteSiteLink.deletedId,
        }),
        success: t('admin.links.deleted'),
        failure: messages.retryLater,
        onSettled: () => setDeleting(false),
      }),
    });

  return (
    <Table.Row>
      <Table.Cell>{link.producerEstablishmentName}</Table.Cell>
      <Table.Cell>{link.retrieverEstablishmentName}</Table.Cell>
      <Table.Cell>{formatDate(link.startDate)}</Table.Cell>
      <Table.Cell>{link.endDate ? formatDate(link.endDate) : <Text color="fg.muted">—</Text>}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={link.inForce ? 'green' : upcoming ? 'blue' : 'gray'}>
          {link.inForce
            ? t('admin.links.inForceBadge')
            : upcoming
              ? t('admin.links.upcoming')
              : t('admin.links.ended')}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify={{ md: 'end' }} wrap="wrap">
          {!ended && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t('admin.links.endLabel', { name })}
              onClick={() => setEnding(true)}
            >
              {t('admin.links.end')}
            </Button>
          )}
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={t('admin.links.deleteLabel', { name })}
            onClick={() => setDeleting(true)}
          >
            {t('admin.links.delete')}
          </Button>
        </Flex>
        <DateDialog
          open={ending}
          title={t('admin.links.endTitle', { name })}
          submitLabel={t('admin.links.end')}
          dateLabel={labels.endDate}
          inputField="endDate"
          initialDate={link.startDate > today ? link.startDate : today}
          earliest={{ date: link.startDate, message: messages.adminLinkEndBeforeStart }}
          loading={isEnding}
          onSubmit={(endDate, outcome) =>
            commitEnd({
              variables: { input: { id: link.id, endDate } },
              ...outcome({
                result: ({ adminUpdateSiteLink }) => ({
                  userErrors: adminUpdateSiteLink.userErrors,
                  ok: !!adminUpdateSiteLink.link,
                }),
                success: t('admin.links.endedToast'),
                failure: messages.retryLater,
                onSuccess: () => setEnding(false),
              }),
            })
          }
          onClose={() => setEnding(false)}
        />
        <ConfirmDialog
          open={deleting}
          title={t('admin.links.deleteTitle')}
          description={t('admin.links.deleteDescription', { name })}
          confirmLabel={t('admin.links.delete')}
          loading={isDeleting}
          onConfirm={remove}
          onClose={() => setDeleting(false)}
        />
      </Table.Cell>
    </Table.Row>
  );
}
