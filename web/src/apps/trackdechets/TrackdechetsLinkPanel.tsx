import { Alert, Badge, Button, Card, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useRevalidator } from 'react-router-dom';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type {
  TrackdechetsLinkPanel_link$data,
  TrackdechetsLinkPanel_link$key,
} from '../../__generated__/TrackdechetsLinkPanel_link.graphql.ts';
import type { TrackdechetsLinkPanel_viewer$key } from '../../__generated__/TrackdechetsLinkPanel_viewer.graphql.ts';
import type { TrackdechetsLinkPanelSyncMutation } from '../../__generated__/TrackdechetsLinkPanelSyncMutation.graphql.ts';
import type { TrackdechetsLinkPanelUnlinkMutation } from '../../__generated__/TrackdechetsLinkPanelUnlinkMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { StartLinkButton } from './StartLinkButton.tsx';

const syncMutation = graphql`
  mutation TrackdechetsLinkPanelSyncMutation($input: SyncTrackdechetsInput!) {
    syncTrackdechets(input: $input) {
      updatedSlips
      link {
        state
        ...TrackdechetsLinkPanel_link
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const unlinkMutation = graphql`
  mutation TrackdechetsLinkPanelUnlinkMutation($input: UnlinkTrackdechetsInput!) {
    unlinkTrackdechets(input: $input) {
      link {
        ...TrackdechetsLinkPanel_link
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The link has no id of its own: the viewer's `trackdechets` is pointed at the link a mutation answers with, so
 * the panel shows it at once (a sync that finds the link revoked shows the broken state).
 */
function showLinkOf(viewerId: string, field: 'syncTrackdechets' | 'unlinkTrackdechets') {
  return (store: RecordSourceSelectorProxy) => {
    const link = store.getRootField(field)?.getLinkedRecord('link');
    if (link) store.get(viewerId)?.setLinkedRecord(link, 'trackdechets');
  };
}

/**
 * The head of `/mes-enlevements-dangereux`: how the viewer's Trackdéchets account is linked (not configured on
 * this portal, not linked, linked, or refused by Trackdéchets), with what can be done in each case.
 */
export function TrackdechetsLinkPanel({ viewer: viewerKey }: { viewer: TrackdechetsLinkPanel_viewer$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const viewer = useFragment(
    graphql`
      fragment TrackdechetsLinkPanel_viewer on User {
        id
        trackdechets {
          ...TrackdechetsLinkPanel_link
        }
      }
    `,
    viewerKey,
  );
  const link = useFragment<TrackdechetsLinkPanel_link$key>(
    graphql`
      fragment TrackdechetsLinkPanel_link on TrackdechetsLink {
        configured
        sandbox
        state
        email
        name
        lastSyncAt
        companies {
          siret
          name
        }
      }
    `,
    viewer.trackdechets,
  );

  return (
    <Card.Root as="section" aria-labelledby={headingId} size="sm">
      <Card.Header>
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            {t('trackdechets.panelTitle')}
          </Heading>
          {link.configured && link.sandbox && (
            <Badge colorPalette="purple" variant="solid">
              {t('trackdechets.sandbox')}
            </Badge>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        {link.configured && link.sandbox && (
          <Text fontSize="sm" color="fg.muted">
            {t('trackdechets.sandboxHint')}
          </Text>
        )}
        {!link.configured ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{messages.trackdechetsNotConfigured}</Alert.Title>
          </Alert.Root>
        ) : link.state === 'ACTIVE' ? (
          <ActiveLink viewerId={viewer.id} link={link} />
        ) : link.state === 'BROKEN' ? (
          <Stack gap="3">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{messages.trackdechetsLinkBroken}</Alert.Title>
            </Alert.Root>
            <StartLinkButton label={t('trackdechets.relink')} />
          </Stack>
        ) : (
          <Stack gap="3">
            <Text>
              {messages.trackdechetsNotLinked} {t('trackdechets.linkHint')}
            </Text>
            <StartLinkButton label={t('trackdechets.link')} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A working link: whose account, the companies it reaches, its last sync, and the refresh and unlink actions. */
function ActiveLink({ viewerId, link }: { viewerId: string; link: TrackdechetsLinkPanel_link$data }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [commitSync, syncing] = useMutation<TrackdechetsLinkPanelSyncMutation>(syncMutation);
  const [commitUnlink, unlinking] = useMutation<TrackdechetsLinkPanelUnlinkMutation>(unlinkMutation);
  const [confirming, setConfirming] = useState(false);

  const sync = () => {
    const feedback = mutationFeedback<TrackdechetsLinkPanelSyncMutation['response']>({
      result: ({ syncTrackdechets }) => ({ userErrors: syncTrackdechets.userErrors, ok: true }),
      success: ({ syncTrackdechets }) => t('trackdechets.synced', { count: syncTrackdechets.updatedSlips }),
      failure: messages.trackdechetsUnavailable,
      // The list shows the slips' statuses: only a sync that changed some has anything new to show.
      onSuccess: ({ syncTrackdechets }) => {
        if (syncTrackdechets.updatedSlips > 0) revalidator.revalidate();
      },
    });
    commitSync({
      variables: { input: {} },
      updater: showLinkOf(viewerId, 'syncTrackdechets'),
      onCompleted: (response) => {
        // Access revoked: the panel's broken state says it, once.
        if (response.syncTrackdechets.link?.state !== 'BROKEN') feedback.onCompleted(response);
      },
      onError: feedback.onError,
    });
  };

  const unlink = () =>
    commitUnlink({
      variables: { input: {} },
      updater: showLinkOf(viewerId, 'unlinkTrackdechets'),
      ...mutationFeedback({
        result: ({ unlinkTrackdechets }) => ({
          userErrors: unlinkTrackdechets.userErrors,
          ok: !!unlinkTrackdechets.link,
        }),
        success: t('trackdechets.unlinked'),
        failure: messages.retryLater,
        onSettled: () => setConfirming(false),
        onSuccess: () => revalidator.revalidate(),
      }),
    });

  return (
    <Stack gap="3">
      <Text>{t('trackdechets.linkedTo', { name: link.name ?? '', email: link.email ?? '' })}</Text>
      {link.companies.length > 0 && (
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('trackdechets.companies', { count: link.companies.length })}
          </Text>
          <List.Root ps="5" fontSize="sm">
            {link.companies.map((company) => (
              <List.Item key={company.siret}>
                {company.name} — {company.siret}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {link.lastSyncAt
          ? t('trackdechets.lastSync', { date: formatDateTime(link.lastSyncAt) })
          : t('trackdechets.neverSynced')}
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="brand"
          size="sm"
          loading={syncing}
          loadingText={t('trackdechets.syncing')}
          onClick={sync}
        >
          {t('trackdechets.sync')}
        </Button>
        <Button variant="outline" size="sm" disabled={syncing} onClick={() => setConfirming(true)}>
          {t('trackdechets.unlink')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={t('trackdechets.unlinkTitle')}
        description={t('trackdechets.unlinkDescription')}
        confirmLabel={t('trackdechets.unlink')}
        loading={unlinking}
        onConfirm={unlink}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
