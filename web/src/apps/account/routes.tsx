import CguPageQueryNode from '../../__generated__/CguPageQuery.graphql.ts';
import { defineApp, viewerQuery } from '../../routing/screens.ts';

/** Signing in, the password pages, the terms of use, and the user's profile (SPEC 2). */
export const accountApp = defineApp({
  name: 'account',
  screens: [
    {
      key: 'login',
      path: '/customer/Login',
      layout: 'auth',
      public: true,
      loader: ({ redirectSignedIn }) => redirectSignedIn(),
      lazy: () => import('./LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
    },
    {
      key: 'forgotPassword',
      path: '/customer/Password',
      layout: 'auth',
      public: true,
      lazy: () =>
        import('./ForgotPasswordPage.tsx').then((module) => ({ Component: module.ForgotPasswordPage })),
    },
    {
      key: 'resetPassword',
      path: '/customer/Resetpassword',
      layout: 'auth',
      public: true,
      lazy: () =>
        import('./ResetPasswordPage.tsx').then((module) => ({ Component: module.ResetPasswordPage })),
    },
    {
      key: 'terms',
      path: '/cgu',
      layout: 'authWide',
      loader: viewerQuery('terms', CguPageQueryNode, { allowPendingTerms: true }),
      lazy: () => import('./CguPage.tsx').then((module) => ({ Component: module.CguPage })),
    },
    {
      // SPEC 2: the profile and its notification settings (/mon-profil/notifications); not built yet.
      key: 'profile',
      path: '/mon-profil',
      layout: 'dashboard',
      navigation: { labelKey: 'nav.profile', audience: 'everyone', order: 150 },
    },
  ],
});
