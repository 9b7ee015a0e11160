import ContactPageQueryParameters from '../../__generated__/ContactPageQuery$parameters.ts';
import type { HelpArticleQuery } from '../../__generated__/HelpArticleQuery.graphql.ts';
import HelpArticleQueryParameters from '../../__generated__/HelpArticleQuery$parameters.ts';
import type { HelpSectionQuery } from '../../__generated__/HelpSectionQuery.graphql.ts';
import HelpSectionQueryParameters from '../../__generated__/HelpSectionQuery$parameters.ts';
import LegalNoticePageQueryParameters from '../../__generated__/LegalNoticePageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { defineApp, type Screen, viewerQuery } from '../../routing/screens.ts';
import { HELP_SEARCH_PARAM } from './helpPaths.ts';

/** A help page: `/aide` itself is the user guide's first page, any other path after /aide names one (SPEC 2). */
const helpPage = {
  errors: 'screen',
  skeleton: 'detail',
  revalidate: 'unlessOnlySearchChanged',
  loader: async ({ requireViewer, preload, params }) => {
    await requireViewer();
    return preload<HelpArticleQuery>(
      'help:page',
      screenQuery(
        HelpArticleQueryParameters,
        () => import('../../__generated__/HelpArticleQuery.graphql.ts'),
      ),
      { path: params['*'] ?? '' },
    );
  },
  lazy: () => import('./HelpArticle.tsx').then((module) => ({ Component: module.HelpArticle })),
} satisfies Screen;

/**
 * Help pages (`/aide/...`, drawn in `HelpLayout`: the user guide's pages as its table of contents, and a search),
 * the legal notice (`/mentions-legales`, public) and the contact form (`/contact`, `/contact/success`).
 */
export const helpApp = defineApp({
  name: 'help',
  screens: [
    {
      key: 'help',
      path: '/aide',
      layout: 'dashboard',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        const search = searchParams.get(HELP_SEARCH_PARAM)?.trim() ?? '';
        return preload<HelpSectionQuery>(
          'help',
          screenQuery(
            HelpSectionQueryParameters,
            () => import('../../__generated__/HelpSectionQuery.graphql.ts'),
          ),
          { search, searching: search !== '' },
        );
      },
      lazy: () => import('./HelpSection.tsx').then((module) => ({ Component: module.HelpSection })),
      children: [helpPage, { key: 'helpPage', path: '*', ...helpPage }],
      navigation: { labelKey: 'nav.help', audience: 'everyone', order: 130 },
    },
    {
      key: 'legalNotice',
      path: '/mentions-legales',
      layout: 'authWide',
      public: true,
      loader: ({ preload }) =>
        preload(
          'legalNotice',
          screenQuery(
            LegalNoticePageQueryParameters,
            () => import('../../__generated__/LegalNoticePageQuery.graphql.ts'),
          ),
          {},
        ),
      lazy: () => import('./LegalNoticePage.tsx').then((module) => ({ Component: module.LegalNoticePage })),
    },
    {
      key: 'contact',
      path: '/contact',
      layout: 'dashboard',
      skeleton: 'detail',
      errors: 'screen',
      navigation: { labelKey: 'nav.contact', audience: 'everyone', order: 140 },
      loader: viewerQuery(
        'contact',
        screenQuery(
          ContactPageQueryParameters,
          () => import('../../__generated__/ContactPageQuery.graphql.ts'),
        ),
      ),
      lazy: () => import('./ContactPage.tsx').then((module) => ({ Component: module.ContactPage })),
    },
    {
      key: 'contactSuccess',
      path: '/contact/success',
      layout: 'dashboard',
      audience: 'everyone',
      lazy: () =>
        import('./ContactSuccessPage.tsx').then((module) => ({ Component: module.ContactSuccessPage })),
    },
  ],
});
