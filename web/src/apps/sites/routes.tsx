import type { EstablishmentListPageQuery } from '../../__generated__/EstablishmentListPageQuery.graphql.ts';
import EstablishmentListPageQueryParameters from '../../__generated__/EstablishmentListPageQuery$parameters.ts';
import type { EstablishmentPageQuery } from '../../__generated__/EstablishmentPageQuery.graphql.ts';
import EstablishmentPageQueryParameters from '../../__generated__/EstablishmentPageQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { ALL_ROLES, defineApp, type Screen } from '../../routing/screens.ts';
import { notFound, routeId } from '../errors/notFound.ts';
import { listVariables } from './listParams.ts';
import { type SiteView, siteViews } from './siteViews.ts';

/**
 * `/mes-etablissements`, `/mes-prestataires`, `/mes-clients` and their `/:id` (SPEC 2): the same two screens,
 * the view picks the connection and the labels. Search and sort come from the URL; the `:id` is numeric.
 */
const siteScreens = (view: SiteView) =>
  ({
    layout: 'dashboard',
    children: [
      {
        errors: 'screen',
        revalidate: 'unlessOnlySearchChanged',
        skeleton: 'list',
        loader: async ({ requireViewer, preload, searchParams }) => {
          await requireViewer();
          const variables = { linked: siteViews[view].linked, ...listVariables(searchParams) };
          return preload<EstablishmentListPageQuery>(
            `sites:${view}`,
            screenQuery(
              EstablishmentListPageQueryParameters,
              () => import('../../__generated__/EstablishmentListPageQuery.graphql.ts'),
            ),
            variables,
          );
        },
        lazy: () =>
          import('./EstablishmentListPage.tsx').then((module) => ({
            element: <module.EstablishmentListPage view={view} />,
          })),
      },
      {
        path: ':id',
        errors: 'screen',
        revalidate: 'unlessOnlySearchChanged',
        skeleton: 'detail',
        loader: async ({ requireViewer, preload, params }) => {
          await requireViewer();
          const databaseId = routeId(params.id);
          if (databaseId === null) throw notFound(`${view} ${params.id}`);
          return preload<EstablishmentPageQuery>(
            `site:${view}`,
            screenQuery(
              EstablishmentPageQueryParameters,
              () => import('../../__generated__/EstablishmentPageQuery.graphql.ts'),
            ),
            { databaseId },
          );
        },
        lazy: () =>
          import('./EstablishmentPage.tsx').then((module) => ({
            element: <module.EstablishmentPage view={view} />,
          })),
      },
    ],
  }) satisfies Screen;

/** The user's establishments and the mirror views of the sites linked to them (SPEC 1, 2). */
export const sitesApp = defineApp({
  name: 'sites',
  screens: [
    {
      key: 'establishments',
      path: '/mes-etablissements',
      ...siteScreens('establishments'),
      // A carrier's are its carrier sites.
      navigation: { labelKey: 'nav.establishments', audience: ALL_ROLES, order: 30 },
    },
    {
      key: 'providers',
      path: '/mes-prestataires',
      ...siteScreens('providers'),
      navigation: { labelKey: 'nav.providers', audience: { side: 'producer' }, order: 40 },
    },
    {
      key: 'clients',
      path: '/mes-clients',
      ...siteScreens('clients'),
      navigation: { labelKey: 'nav.clients', audience: { side: 'retriever' }, order: 50 },
    },
  ],
});
