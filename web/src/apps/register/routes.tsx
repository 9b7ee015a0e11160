import { defineApp } from '../../routing/screens.ts';

/**
 * Waste tracking (SPEC 2 `/suivi`): the regulatory register, its export and the declared flows. Not built yet:
 * the side navigation shows it disabled; give the screen its `loader` and `lazy` component here.
 */
export const registerApp = defineApp({
  name: 'register',
  screens: [
    {
      key: 'wasteTracking',
      path: '/suivi',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.wasteTracking', audience: ['producer'], order: 90 },
    },
  ],
});
