import { defineDomain, itemNodes, type NodeReaders } from '../domain.ts';
import { adminLoaders } from './loaders.ts';
import { adminMutations } from './mutations.ts';
import { adminResolvers, viewerIsAdmin } from './resolvers.ts';

/** Read through their item loaders, for an administrator only: to anyone else they do not exist. */
const adminNodes: NodeReaders = Object.fromEntries(
  Object.entries(
    itemNodes({
      AdminCompany: 'adminCompanies',
      AdminEstablishment: 'adminEstablishments',
      AdminUser: 'adminUsers',
      AdminSiteLink: 'adminSiteLinks',
    }),
  ).map(([type, read]) => [
    type,
    async (context, id) => ((await viewerIsAdmin(context)) ? read(context, id) : null),
  ]),
);

/**
 * The operator's back office: companies and establishments (and their import), users and their invitations,
 * links between producers and providers, legal texts and the audit trail, for the portal's administrators.
 */
export const adminDomain = defineDomain({
  loaders: adminLoaders,
  resolvers: [adminResolvers, adminMutations],
  nodes: adminNodes,
});
