import { defineApp } from '../../routing/screens.ts';

/**
 * Help pages (`/aide/...`, drawn in `HelpLayout`: its pages become this screen's `children`) and the contact
 * form (`/contact`, `/contact/success`). Not built yet: the side navigation shows them disabled; give a
 * screen its `loader` and `lazy` component here and it gets its route and an active entry.
 */
export const helpApp = defineApp({
  name: 'help',
  screens: [
    {
      key: 'help',
      path: '/aide',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.help', audience: 'everyone', order: 130 },
    },
    {
      key: 'contact',
      path: '/contact',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.contact', audience: 'everyone', order: 140 },
    },
  ],
});
