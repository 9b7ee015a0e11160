import AccessTokensPageQueryParameters from '../../__generated__/AccessTokensPageQuery$parameters.ts';
import CguPageQueryParameters from '../../__generated__/CguPageQuery$parameters.ts';
import NotificationSettingsPageQueryParameters from '../../__generated__/NotificationSettingsPageQuery$parameters.ts';
import ProfilePageQueryParameters from '../../__generated__/ProfilePageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
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
      lazy: () => import('./LoginDocument.tsx').then((module) => ({ Component: module.LoginDocument })),
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
      key: 'invitation',
      path: '/customer/Invitation',
      layout: 'auth',
      public: true,
      lazy: () => import('./ResetPasswordPage.tsx').then((module) => ({ Component: module.InvitationPage })),
    },
    {
      key: 'terms',
      path: '/cgu',
      layout: 'authWide',
      loader: viewerQuery(
        'terms',
        screenQuery(CguPageQueryParameters, () => import('../../__generated__/CguPageQuery.graphql.ts')),
        {
          allowPendingTerms: true,
        },
      ),
      lazy: () => import('./CguPage.tsx').then((module) => ({ Component: module.CguPage })),
    },
    {
      key: 'profile',
      path: '/mon-profil',
      layout: 'dashboard',
      skeleton: 'detail',
      errors: 'screen',
      navigation: { labelKey: 'nav.profile', audience: 'everyone', order: 150 },
      loader: viewerQuery(
        'profile',
        screenQuery(
          ProfilePageQueryParameters,
          () => import('../../__generated__/ProfilePageQuery.graphql.ts'),
        ),
      ),
      lazy: () => import('./ProfilePage.tsx').then((module) => ({ Component: module.ProfilePage })),
    },
    {
      key: 'profileNotifications',
      path: '/mon-profil/notifications',
      layout: 'dashboard',
      skeleton: 'list',
      errors: 'screen',
      audience: 'everyone',
      loader: viewerQuery(
        'profileNotifications',
        screenQuery(
          NotificationSettingsPageQueryParameters,
          () => import('../../__generated__/NotificationSettingsPageQuery.graphql.ts'),
        ),
      ),
      lazy: () =>
        import('./NotificationSettingsPage.tsx').then((module) => ({
          Component: module.NotificationSettingsPage,
        })),
    },
    {
      key: 'accessTokens',
      path: '/mon-profil/acces',
      layout: 'dashboard',
      skeleton: 'list',
      errors: 'screen',
      audience: 'everyone',
      loader: viewerQuery(
        'accessTokens',
        screenQuery(
          AccessTokensPageQueryParameters,
          () => import('../../__generated__/AccessTokensPageQuery.graphql.ts'),
        ),
      ),
      lazy: () => import('./AccessTokensPage.tsx').then((module) => ({ Component: module.AccessTokensPage })),
    },
    {
      // The link mailed to a new login address: it works signed in or not.
      key: 'emailConfirm',
      path: '/mon-profil/email',
      layout: 'auth',
      public: true,
      lazy: () => import('./EmailConfirmPage.tsx').then((module) => ({ Component: module.EmailConfirmPage })),
    },
  ],
});
