import { ALL_ROLES, defineApp } from '../../routing/screens.ts';

/**
 * Documents (SPEC 2): import, history, administrative documents. Not built yet: the side navigation shows it
 * disabled; give the screen its `loader` and `lazy` component here and it gets its route and an active entry.
 */
export const documentsApp = defineApp({
  name: 'documents',
  screens: [
    {
      key: 'documents',
      path: '/documents',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.documents', audience: ALL_ROLES, order: 110 },
    },
  ],
});
