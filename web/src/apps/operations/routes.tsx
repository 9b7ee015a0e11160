import type { OperationListPageQuery } from '../../__generated__/OperationListPageQuery.graphql.ts';
import OperationListPageQueryParameters from '../../__generated__/OperationListPageQuery$parameters.ts';
import type { OperationPageQuery } from '../../__generated__/OperationPageQuery.graphql.ts';
import OperationPageQueryParameters from '../../__generated__/OperationPageQuery$parameters.ts';
import PickupsLayoutQueryParameters from '../../__generated__/PickupsLayoutQuery$parameters.ts';
import type { SkipsTabQuery } from '../../__generated__/SkipsTabQuery.graphql.ts';
import SkipsTabQueryParameters from '../../__generated__/SkipsTabQuery$parameters.ts';
import { screenQuery } from '../../relay/preload.ts';
import { ALL_ROLES, defineApp, type Screen, viewerQuery } from '../../routing/screens.ts';
import { notFound, routeId } from '../errors/notFound.ts';
import { skipsTabVariables } from '../skips/skipsTabParams.ts';
import {
  type OperationListMode,
  operationListVariables,
  TO_VALIDATE_AUDIENCE,
} from './operationListParams.ts';

/**
 * The lists of operations (SPEC 2, 4): one screen, its mode picking the statuses; the filter and the
 * establishment come from the URL, so a change of either loads the list again.
 */
const operationList = (mode: OperationListMode) =>
  ({
    errors: 'screen',
    skeleton: 'list',
    loader: async ({ requireViewer, preload, searchParams }) => {
      const viewer = await requireViewer();
      const variables = operationListVariables(mode, viewer, searchParams);
      return preload<OperationListPageQuery>(
        `operations:${mode}`,
        screenQuery(
          OperationListPageQueryParameters,
          () => import('../../__generated__/OperationListPageQuery.graphql.ts'),
        ),
        variables,
      );
    },
    lazy: () =>
      import('./OperationListPage.tsx').then((module) => ({
        element: <module.OperationListPage mode={mode} />,
      })),
  }) satisfies Screen;

/** Operations (SPEC 2, 4): the three tabs of `/operations`, the pick-ups, and one operation. */
export const operationsApp = defineApp({
  name: 'operations',
  screens: [
    {
      // SPEC 2: operation detail and summary (a numeric id, as every :id of SPEC 2).
      path: '/operations/:id',
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'detail',
      loader: async ({ requireViewer, preload, params }) => {
        await requireViewer();
        const databaseId = routeId(params.id);
        if (databaseId === null) throw notFound(`operation ${params.id}`);
        return preload<OperationPageQuery>(
          'operation',
          screenQuery(
            OperationPageQueryParameters,
            () => import('../../__generated__/OperationPageQuery.graphql.ts'),
          ),
          { databaseId },
        );
      },
      lazy: () => import('./OperationPage.tsx').then((module) => ({ Component: module.OperationPage })),
    },
    {
      // SPEC 2: pick-up history and the operations waiting for the viewer's validation (a carrier validates
      // nothing: it reads what it carries).
      key: 'pickups',
      path: '/mes-enlevements',
      layout: 'dashboard',
      loader: viewerQuery(
        'pickupsLayout',
        screenQuery(
          PickupsLayoutQueryParameters,
          () => import('../../__generated__/PickupsLayoutQuery.graphql.ts'),
        ),
      ),
      lazy: () => import('./OperationsLayout.tsx').then((module) => ({ Component: module.PickupsLayout })),
      children: [
        operationList('pickups'),
        {
          key: 'pickupsToValidate',
          path: 'operations-a-valider',
          audience: TO_VALIDATE_AUDIENCE,
          ...operationList('toValidate'),
        },
      ],
      navigation: { labelKey: 'nav.pickups', audience: ALL_ROLES, order: 70 },
    },
    {
      // SPEC 2: operations with three tabs: containers, requests and history (OperationsLayout).
      key: 'operations',
      path: '/operations',
      layout: 'dashboard',
      lazy: () => import('./OperationsLayout.tsx').then((module) => ({ Component: module.OperationsLayout })),
      children: [
        {
          errors: 'screen',
          skeleton: 'list',
          // The list depends on the selection and the state filter of the URL: a change loads it again.
          loader: async ({ requireViewer, preload, searchParams }) => {
            const viewer = await requireViewer();
            const variables = skipsTabVariables(viewer, searchParams);
            return preload<SkipsTabQuery>(
              'operations:skips',
              screenQuery(
                SkipsTabQueryParameters,
                () => import('../../__generated__/SkipsTabQuery.graphql.ts'),
              ),
              variables,
            );
          },
          lazy: () => import('../skips/SkipsTab.tsx').then((module) => ({ Component: module.SkipsTab })),
        },
        { key: 'operationRequests', path: 'demandes', ...operationList('requests') },
        { key: 'operationHistory', path: 'historique', ...operationList('history') },
      ],
      navigation: { labelKey: 'nav.operations', audience: ['producer', 'retriever'], order: 60 },
    },
  ],
});
