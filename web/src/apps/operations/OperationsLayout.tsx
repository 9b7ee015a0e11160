import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle.tsx';
import { type RouteTab, TabsLayout } from '../../layouts/TabsLayout.tsx';
import { paths } from '../../paths.ts';

/**
 * `/operations` (SPEC 2: operations with three tabs). The containers tab is the screen itself; requests and
 * history come with the operations and are shown disabled until then, never as links to a 404.
 */
export function OperationsLayout() {
  const { t } = useTranslation();
  const tabs: RouteTab[] = [
    { key: 'skips', label: t('operations.tabs.skips'), to: paths.operations, end: true },
    {
      key: 'requests',
      label: t('operations.tabs.requests'),
      to: `${paths.operations}/demandes`,
      available: false,
    },
    {
      key: 'history',
      label: t('operations.tabs.history'),
      to: `${paths.operations}/historique`,
      available: false,
    },
  ];
  return (
    <>
      <PageTitle title={t('operations.title')} />
      <TabsLayout title={t('operations.title')} tabsLabel={t('operations.tabsLabel')} tabs={tabs} />
    </>
  );
}
