import { defineDomain } from '../domain.ts';
import { notificationResolvers } from './resolvers.ts';

/** The bell, the notification settings and the contact form. */
export const notificationsDomain = defineDomain({
  loaders: () => ({}),
  resolvers: [notificationResolvers],
  nodes: {},
});
