import type { OperationType, VariablesOf } from 'relay-runtime';
import type { AdminAuditPageQuery } from '../../__generated__/AdminAuditPageQuery.graphql.ts';
import AdminAuditPageQueryParameters from '../../__generated__/AdminAuditPageQuery$parameters.ts';
import type { AdminCompaniesPageQuery } from '../../__generated__/AdminCompaniesPageQuery.graphql.ts';
import AdminCompaniesPageQueryParameters from '../../__generated__/AdminCompaniesPageQuery$parameters.ts';
import AdminCompanyPageQueryParameters from '../../__generated__/AdminCompanyPageQuery$parameters.ts';
import AdminLegalTextsPageQueryParameters from '../../__generated__/AdminLegalTextsPageQuery$parameters.ts';
import type { AdminLinksPageQuery } from '../../__generated__/AdminLinksPageQuery.graphql.ts';
import AdminLinksPageQueryParameters from '../../__generated__/AdminLinksPageQuery$parameters.ts';
import AdminUserPageQueryParameters from '../../__generated__/AdminUserPageQuery$parameters.ts';
import type { AdminUsersPageQuery } from '../../__generated__/AdminUsersPageQuery.graphql.ts';
import AdminUsersPageQueryParameters from '../../__generated__/AdminUsersPageQuery$parameters.ts';
import DocumentCategoriesTabQueryParameters from '../../__generated__/DocumentCategoriesTabQuery$parameters.ts';
import HelpPagesTabQueryParameters from '../../__generated__/HelpPagesTabQuery$parameters.ts';
import SkipTypesTabQueryParameters from '../../__generated__/SkipTypesTabQuery$parameters.ts';
import { globalId } from '../../relay/globalId.ts';
import { type ScreenQuery, screenQuery } from '../../relay/preload.ts';
import { type AudienceRole, defineApp, type ScreenLoader, viewerQuery } from '../../routing/screens.ts';
import { notFound, routeId } from '../errors/notFound.ts';
import { auditFilterOf, linkFilterOf, searchOf } from './adminParams.ts';
import { ADMIN_HOME, ADMIN_USERS } from './adminPaths.ts';

/** The operator's administrators only: anyone else gets the 404 page, and the screen's query is not asked. */
const ADMINS: readonly AudienceRole[] = ['admin'];

/** A list's loader: its query, with the URL's filter. */
const listLoader =
  <TQuery extends OperationType>(
    routeKey: string,
    query: ScreenQuery<TQuery>,
    filterOf: (params: URLSearchParams) => VariablesOf<TQuery>,
  ): ScreenLoader =>
  async ({ requireViewer, preload, searchParams }) => {
    await requireViewer();
    return preload<TQuery>(routeKey, query, filterOf(searchParams));
  };

/**
 * One element's loader (`:id`, numeric, else the 404 page): its query takes its database id and, as `globalIdAs`,
 * its global id of that node type (for the lists about it: a company's users, a user's history).
 */
const elementLoader =
  (routeKey: string, query: ScreenQuery, node: string, globalIdAs: string): ScreenLoader =>
  async ({ requireViewer, preload, params }) => {
    await requireViewer();
    const databaseId = routeId(params.id);
    if (databaseId === null) throw notFound(`${node} ${params.id}`);
    return preload(routeKey, query, { databaseId, [globalIdAs]: globalId(node, databaseId) });
  };

const search = (params: URLSearchParams) => ({ search: searchOf(params) });

/**
 * The operator's back office (SPEC 6: the administrators of the portal's operator): companies, their
 * establishments and chantiers, users and their access, the links between producers and providers, the legal
 * texts, the reference contents (document categories, skip types, help pages) and the audit trail of every
 * change. The lists' searches and filters live in the URL.
 */
export const adminApp = defineApp({
  name: 'admin',
  navigationGroups: [{ key: 'admin', labelKey: 'nav.admin', audience: ADMINS, order: 160 }],
  screens: [
    {
      key: 'adminCompanies',
      path: ADMIN_HOME,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: listLoader<AdminCompaniesPageQuery>(
        'admin:companies',
        screenQuery(
          AdminCompaniesPageQueryParameters,
          () => import('../../__generated__/AdminCompaniesPageQuery.graphql.ts'),
        ),
        search,
      ),
      lazy: () =>
        import('./AdminCompaniesPage.tsx').then((module) => ({ Component: module.AdminCompaniesPage })),
      navigation: { labelKey: 'nav.adminCompanies', audience: ADMINS, order: 10, group: 'admin' },
    },
    {
      key: 'adminCompany',
      path: `${ADMIN_HOME}/societes/:id`,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'detail',
      audience: ADMINS,
      loader: elementLoader(
        'admin:company',
        screenQuery(
          AdminCompanyPageQueryParameters,
          () => import('../../__generated__/AdminCompanyPageQuery.graphql.ts'),
        ),
        'AdminCompany',
        'companyId',
      ),
      lazy: () => import('./AdminCompanyPage.tsx').then((module) => ({ Component: module.AdminCompanyPage })),
    },
    {
      key: 'adminUsers',
      path: ADMIN_USERS,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: listLoader<AdminUsersPageQuery>(
        'admin:users',
        screenQuery(
          AdminUsersPageQueryParameters,
          () => import('../../__generated__/AdminUsersPageQuery.graphql.ts'),
        ),
        search,
      ),
      lazy: () => import('./AdminUsersPage.tsx').then((module) => ({ Component: module.AdminUsersPage })),
      navigation: { labelKey: 'nav.adminUsers', audience: ADMINS, order: 20, group: 'admin' },
    },
    {
      key: 'adminUser',
      path: `${ADMIN_USERS}/:id`,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'detail',
      audience: ADMINS,
      loader: elementLoader(
        'admin:user',
        screenQuery(
          AdminUserPageQueryParameters,
          () => import('../../__generated__/AdminUserPageQuery.graphql.ts'),
        ),
        'AdminUser',
        'userId',
      ),
      lazy: () => import('./AdminUserPage.tsx').then((module) => ({ Component: module.AdminUserPage })),
    },
    {
      key: 'adminLinks',
      path: `${ADMIN_HOME}/liens`,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: listLoader<AdminLinksPageQuery>(
        'admin:links',
        screenQuery(
          AdminLinksPageQueryParameters,
          () => import('../../__generated__/AdminLinksPageQuery.graphql.ts'),
        ),
        linkFilterOf,
      ),
      lazy: () => import('./AdminLinksPage.tsx').then((module) => ({ Component: module.AdminLinksPage })),
      navigation: { labelKey: 'nav.adminLinks', audience: ADMINS, order: 30, group: 'admin' },
    },
    {
      key: 'adminLegalTexts',
      path: `${ADMIN_HOME}/textes`,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'detail',
      loader: viewerQuery(
        'admin:legalTexts',
        screenQuery(
          AdminLegalTextsPageQueryParameters,
          () => import('../../__generated__/AdminLegalTextsPageQuery.graphql.ts'),
        ),
      ),
      lazy: () =>
        import('./AdminLegalTextsPage.tsx').then((module) => ({ Component: module.AdminLegalTextsPage })),
      navigation: { labelKey: 'nav.adminLegalTexts', audience: ADMINS, order: 40, group: 'admin' },
    },
    {
      // Three tabs (AdminReferencesPage), each a whole list of its own.
      key: 'adminReferences',
      path: `${ADMIN_HOME}/references`,
      layout: 'dashboard',
      errors: 'screen',
      lazy: () =>
        import('./AdminReferencesPage.tsx').then((module) => ({ Component: module.AdminReferencesPage })),
      children: [
        {
          errors: 'screen',
          skeleton: 'list',
          loader: viewerQuery(
            'admin:documentCategories',
            screenQuery(
              DocumentCategoriesTabQueryParameters,
              () => import('../../__generated__/DocumentCategoriesTabQuery.graphql.ts'),
            ),
          ),
          lazy: () =>
            import('./DocumentCategoriesTab.tsx').then((module) => ({
              Component: module.DocumentCategoriesTab,
            })),
        },
        {
          key: 'adminSkipTypes',
          path: 'contenants',
          errors: 'screen',
          skeleton: 'list',
          loader: viewerQuery(
            'admin:skipTypes',
            screenQuery(
              SkipTypesTabQueryParameters,
              () => import('../../__generated__/SkipTypesTabQuery.graphql.ts'),
            ),
          ),
          lazy: () => import('./SkipTypesTab.tsx').then((module) => ({ Component: module.SkipTypesTab })),
        },
        {
          key: 'adminHelpPages',
          path: 'aide',
          errors: 'screen',
          skeleton: 'list',
          loader: viewerQuery(
            'admin:helpPages',
            screenQuery(
              HelpPagesTabQueryParameters,
              () => import('../../__generated__/HelpPagesTabQuery.graphql.ts'),
            ),
          ),
          lazy: () => import('./HelpPagesTab.tsx').then((module) => ({ Component: module.HelpPagesTab })),
        },
      ],
      navigation: { labelKey: 'nav.adminReferences', audience: ADMINS, order: 45, group: 'admin' },
    },
    {
      key: 'adminAudit',
      path: `${ADMIN_HOME}/journal`,
      layout: 'dashboard',
      errors: 'screen',
      skeleton: 'list',
      loader: listLoader<AdminAuditPageQuery>(
        'admin:audit',
        screenQuery(
          AdminAuditPageQueryParameters,
          () => import('../../__generated__/AdminAuditPageQuery.graphql.ts'),
        ),
        auditFilterOf,
      ),
      lazy: () => import('./AdminAuditPage.tsx').then((module) => ({ Component: module.AdminAuditPage })),
      navigation: { labelKey: 'nav.adminAudit', audience: ADMINS, order: 50, group: 'admin' },
    },
  ],
});
