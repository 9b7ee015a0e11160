import { callerOf } from '../account/auth.ts';
import { defineDomain } from '../domain.ts';
import { auditEntries } from './audit.ts';
import { adminCompanies, adminEntities, adminSites, registerAdminCompanyRoutes } from './companies.ts';
import { registerAdminLegalRoutes } from './legal.ts';
import { adminSiteLinks, registerAdminLinkRoutes } from './links.ts';
import { registerAdminReferenceRoutes } from './references.ts';
import { adminUsers, registerAdminUserRoutes } from './users.ts';

/**
 * The operator's back office (`/api/admin/...`): companies, establishments and their import, users and their
 * invitations, links between producers and providers, legal texts, reference contents (document categories, skip
 * types, help pages), and the audit trail of every change. Every route
 * of it asks the policy first (`assertAdmin`): to a customer account, none of them exists.
 */
export const adminDomain = defineDomain({
  routes(app, context) {
    for (const resource of [
      adminCompanies,
      adminSites,
      adminEntities,
      adminUsers,
      adminSiteLinks,
      auditEntries,
    ]) {
      resource.registerSchema(app);
    }
    app.register(async (admin) => {
      // onRequest, before the body or the query is read: a customer learns nothing, not even what is malformed.
      admin.addHook('onRequest', async (request) => {
        await callerOf(request).policy.assertAdmin();
      });
      registerAdminCompanyRoutes(admin, context);
      registerAdminUserRoutes(admin, context);
      registerAdminLinkRoutes(admin, context);
      registerAdminLegalRoutes(admin, context);
      registerAdminReferenceRoutes(admin, context);
      auditEntries.registerCollection(admin, context, {
        summary: 'The audit trail of administrative changes',
      });
    });
  },
});
