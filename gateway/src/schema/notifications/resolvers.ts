import type { NotificationKind, NotificationMode } from '@portal/domain';
import { userErrorsOfRest } from '../../errors.ts';
import { isRestError } from '../../rest/errors.ts';
import type { RestUser } from '../../rest/types.ts';
import { viewerId } from '../account/profile.ts';
import { authenticated } from '../authenticated.ts';
import type { Lazy, Resolvers } from '../domain.ts';

interface RestNotificationSetting {
  kind: NotificationKind;
  label: string;
  enabled: boolean;
  mode: NotificationMode;
}

interface RestNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  read: boolean;
}

const viewerAgain =
  (context: Parameters<typeof viewerId>[0]): Lazy<RestUser> =>
  () =>
    context.viewer();

export const notificationResolvers: Resolvers = {
  User: {
    notificationSettings: async (user, _args, context) => {
      if (user.id !== (await viewerId(context))) return [];
      const { settings } = await context.rest.get<{ settings: RestNotificationSetting[] }>(
        `/api/users/${user.id}/notification_settings`,
      );
      return settings;
    },
    notifications: async (user, { first }, context) => {
      if (user.id !== (await viewerId(context))) return { unreadCount: 0, items: [] };
      const limit = Math.min(Math.max(first ?? 10, 1), 50);
      const feed = await context.rest.get<{ unreadCount: number; notifications: RestNotification[] }>(
        `/api/users/${user.id}/notifications`,
        { limit },
      );
      return {
        unreadCount: feed.unreadCount,
        items: feed.notifications.map(({ id, ...notification }) => ({ databaseId: id, ...notification })),
      };
    },
  },
  Mutation: {
    updateNotificationSettings: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      try {
        await context.rest.put(`/api/users/${userId}/notification_settings`, { settings: input.settings });
      } catch (error) {
        if (isRestError(error, 422)) return { viewer: null, userErrors: userErrorsOfRest(error) };
        throw error;
      }
      return { viewer: viewerAgain(context), userErrors: [] };
    }),

    markNotificationsRead: authenticated(async (_root, { input }, context) => {
      const userId = await viewerId(context);
      await context.rest.post(`/api/users/${userId}/notifications/read`, input.ids ? { ids: input.ids } : {});
      return { viewer: viewerAgain(context) };
    }),

    sendContactRequest: authenticated(async (_root, { input }, context) => {
      try {
        await context.rest.post('/api/contact/send', input);
      } catch (error) {
        if (isRestError(error) && [422, 429, 503].includes(error.status ?? 0)) {
          return { ok: false, userErrors: userErrorsOfRest(error) };
        }
        throw error;
      }
      return { ok: true, userErrors: [] };
    }),
  },
};
