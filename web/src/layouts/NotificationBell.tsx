import { Badge, Box, Button, IconButton, Link, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { NotificationBell_viewer$key } from '../__generated__/NotificationBell_viewer.graphql.ts';
import type { NotificationBellReadMutation } from '../__generated__/NotificationBellReadMutation.graphql.ts';
import { formatDateTime } from '../i18n/format.ts';
import { paths } from '../paths.ts';

const readMutation = graphql`
  mutation NotificationBellReadMutation($input: MarkNotificationsReadInput!) {
    markNotificationsRead(input: $input) {
      viewer {
        id
        ...NotificationBell_viewer
      }
    }
  }
`;

/** The header's bell: how many notifications are unread, and the latest ones, marked read when opened. */
export function NotificationBell({ viewer }: { viewer: NotificationBell_viewer$key }) {
  const { t } = useTranslation();
  const { notifications } = useFragment(
    graphql`
      fragment NotificationBell_viewer on User {
        notifications(first: 8) {
          unreadCount
          items {
            databaseId
            title
            body
            link
            createdAt
            read
          }
        }
      }
    `,
    viewer,
  );
  const [open, setOpen] = useState(false);
  // What was unread when the bell was opened stays marked so while it is open.
  const [unreadShown, setUnreadShown] = useState<readonly number[]>([]);
  const [commitRead] = useMutation<NotificationBellReadMutation>(readMutation);
  const { unreadCount, items } = notifications;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    const unread = items.filter((item) => !item.read).map((item) => item.databaseId);
    setUnreadShown(unread);
    if (unread.length > 0) commitRead({ variables: { input: { ids: unread } } });
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      positioning={{ placement: 'bottom-end' }}
      // The list exists while open only: mounted with every page, it cost the header's first draw a third.
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          position="relative"
          aria-label={unreadCount > 0 ? t('bell.openUnread', { count: unreadCount }) : t('bell.open')}
        >
          <BellIcon />
          {unreadCount > 0 && (
            <Badge
              position="absolute"
              top="0.5"
              right="0.5"
              colorPalette="red"
              variant="solid"
              borderRadius="full"
              fontSize="2xs"
              minW="4"
              justifyContent="center"
              aria-hidden="true"
            >
              {unreadCount > 99 ? '99+' : unreadCount}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 1.5rem)', sm: 'sm' }}>
            <Popover.Header>
              <Popover.Title fontWeight="semibold">{t('bell.title')}</Popover.Title>
            </Popover.Header>
            <Popover.Body px="0" py="0" maxH="min(28rem, 70vh)" overflowY="auto">
              {items.length === 0 ? (
                <Text px="4" py="3" color="fg.muted">
                  {t('bell.empty')}
                </Text>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none" aria-label={t('bell.title')}>
                  {items.map((item) => {
                    const unread = unreadShown.includes(item.databaseId);
                    return (
                      <Box
                        as="li"
                        key={item.databaseId}
                        borderTopWidth="1px"
                        bg={unread ? 'brand.subtle' : undefined}
                      >
                        <Link
                          asChild
                          display="block"
                          px="4"
                          py="3"
                          textDecoration="none"
                          _hover={{ bg: 'bg.muted' }}
                          onClick={() => setOpen(false)}
                        >
                          <RouterLink to={item.link}>
                            <Stack gap="1">
                              <Text fontWeight="semibold" fontSize="sm">
                                {item.title}
                                {unread && <Box srOnly>{` (${t('bell.unread')})`}</Box>}
                              </Text>
                              <Text fontSize="sm" color="fg.muted">
                                {item.body}
                              </Text>
                              <Text fontSize="xs" color="fg.subtle">
                                {formatDateTime(item.createdAt)}
                              </Text>
                            </Stack>
                          </RouterLink>
                        </Link>
                      </Box>
                    );
                  })}
                </Stack>
              )}
            </Popover.Body>
            <Popover.Footer borderTopWidth="1px" py="2">
              <Button asChild variant="ghost" size="sm" colorPalette="brand" onClick={() => setOpen(false)}>
                <RouterLink to={paths.profileNotifications}>{t('bell.settings')}</RouterLink>
              </Button>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
