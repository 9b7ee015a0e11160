import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { PickupsLayoutQuery } from '../../__generated__/PickupsLayoutQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { type RouteTab, TabsLayout } from '../../layouts/TabsLayout.tsx';
import { paths } from '../../paths.ts';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { audienceIncludes } from '../../routing/screens.ts';
import { TO_VALIDATE_AUDIENCE } from './operationListParams.ts';

/** `/operations` (SPEC 2: operations with three tabs): containers, requests in progress, history. */
export function OperationsLayout() {
  const { t } = useTranslation();
  const tabs: RouteTab[] = [
    { key: 'skips', label: t('operations.tabs.skips'), to: paths.operations, end: true },
    { key: 'requests', label: t('operations.tabs.requests'), to: paths.operationRequests },
    { key: 'history', label: t('operations.tabs.history'), to: paths.operationHistory },
  ];
  return (
    <>
      <PageTitle title={t('operations.title')} />
      <TabsLayout title={t('operations.title')} tabsLabel={t('operations.tabsLabel')} tabs={tabs} />
    </>
  );
}

export const pickupsLayoutQuery = graphql`
  query PickupsLayoutQuery @preloadable {
    viewer {
      typologies
    }
  }
`;

/**
 * `/mes-enlevements` (SPEC 2): the pick-up history and what waits for the viewer's validation; a carrier has
 * nothing to validate, and only its history.
 */
export function PickupsLayout() {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<PickupsLayoutQuery>(pickupsLayoutQuery);
  const typologies = typologiesFromGraph(viewer?.typologies ?? []);
  const tabs: RouteTab[] = [
    { key: 'history', label: t('operations.allPickupsTab'), to: paths.pickups, end: true },
    ...(audienceIncludes(TO_VALIDATE_AUDIENCE, typologies)
      ? [{ key: 'toValidate', label: t('operations.toValidateTab'), to: paths.pickupsToValidate }]
      : []),
  ];
  return (
    <>
      <PageTitle title={t('operations.pickupsTitle')} />
      <TabsLayout title={t('operations.pickupsTitle')} tabsLabel={t('operations.pickupsTitle')} tabs={tabs} />
    </>
  );
}
