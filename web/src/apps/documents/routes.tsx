import type { DocumentsPageQuery } from '../../__generated__/DocumentsPageQuery.graphql.ts';
import DocumentsPageQueryParameters from '../../__generated__/DocumentsPageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { ALL_ROLES, defineApp } from '../../routing/screens.ts';
import { documentsVariables } from './documentParams.ts';

/**
 * Documents (SPEC 2): import, list, versions and history; administrative documents; the supplier compliance file.
 * The tab, filters and sort live in the URL.
 */
export const documentsApp = defineApp({
  name: 'documents',
  screens: [
    {
      key: 'documents',
      path: '/documents',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: async ({ requireViewer, preload, searchParams }) => {
        await requireViewer();
        return preload<DocumentsPageQuery>(
          'documents',
          screenQuery(
            DocumentsPageQueryParameters,
            () => import('../../__generated__/DocumentsPageQuery.graphql.ts'),
          ),
          documentsVariables(searchParams),
        );
      },
      lazy: () => import('./DocumentsPage.tsx').then((module) => ({ Component: module.DocumentsPage })),
      navigation: { labelKey: 'nav.documents', audience: ALL_ROLES, order: 110 },
    },
  ],
});
