import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle.tsx';
import { type RouteTab, TabsLayout } from '../../layouts/TabsLayout.tsx';
import { paths } from '../../paths.ts';

/**
 * `/admin/references`: the reference contents the operator keeps, a tab each: the document categories, the skip
 * types of the collectors' catalogue and the help pages.
 */
export function AdminReferencesPage() {
  const { t } = useTranslation();
  const tabs: RouteTab[] = [
    {
      key: 'categories',
      label: t('admin.references.tabs.categories'),
      to: paths.adminReferences,
      end: true,
    },
    { key: 'skipTypes', label: t('admin.references.tabs.skipTypes'), to: paths.adminSkipTypes },
    { key: 'helpPages', label: t('admin.references.tabs.helpPages'), to: paths.adminHelpPages },
  ];
  return (
    <>
      <PageTitle title={t('admin.references.title')} />
      <TabsLayout
        title={t('admin.references.title')}
        tabsLabel={t('admin.references.tabsLabel')}
        tabs={tabs}
      />
    </>
  );
}
