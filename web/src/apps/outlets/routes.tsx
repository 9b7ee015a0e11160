import { defineApp } from '../../routing/screens.ts';

/**
 * My activity (SPEC 2, retrievers): final outlets, activity costs, and the default outlets and treatments per
 * establishment. Not built yet: the side navigation shows them disabled; give a screen its `loader` and `lazy`
 * component here and it gets its route and an active entry.
 */
export const outletsApp = defineApp({
  name: 'outlets',
  navigationGroups: [{ key: 'activity', labelKey: 'nav.activity', audience: ['retriever'], order: 100 }],
  screens: [
    {
      key: 'outlets',
      path: '/activite/mes-exutoires',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.outlets', audience: ['retriever'], order: 1, group: 'activity' },
    },
    {
      key: 'activityCosts',
      path: '/activite/mes-couts-d-activite',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.activityCosts', audience: ['retriever'], order: 2, group: 'activity' },
    },
    {
      key: 'defaultOutlets',
      path: '/activite/mes-exutoires-par-defaut',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.defaultOutlets', audience: ['retriever'], order: 3, group: 'activity' },
    },
  ],
});
