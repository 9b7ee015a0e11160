import { defineApp } from '../../routing/screens.ts';

/**
 * Hazardous waste on the national tracing platform (SPEC 2): the hazardous pick-ups and their slips, and the
 * return step of the account link. Not built yet: the side navigation shows the pick-ups disabled; give a
 * screen its `loader` and `lazy` component here and it gets its route.
 */
export const trackdechetsApp = defineApp({
  name: 'trackdechets',
  screens: [
    {
      key: 'hazardousPickups',
      path: '/mes-enlevements-dangereux',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.hazardousPickups', audience: ['producer'], order: 80 },
    },
    { key: 'trackdechetsReturn', path: '/customer/Validatetrackdechets', layout: 'dashboard' },
  ],
});
