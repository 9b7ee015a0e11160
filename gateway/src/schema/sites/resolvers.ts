import { isUserTypology } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestSite } from '../../rest/types.ts';
import { companyName, companyRef } from '../companies/resolvers.ts';
import { type ConnectionArgs, connectionFromList } from '../connections.ts';
import { toGlobalId } from '../global-id.ts';

/** The api computes `companyName` on the site; without it, the company loader (and its fallback) decides. */
async function establishmentCompanyName(site: RestSite, context: GatewayContext): Promise<string> {
  if (site.companyName) return site.companyName;
  const company = companyRef(site.company);
  return company === null ? '' : companyName(context, company.companyId);
}

export const siteResolvers = {
  Establishment: {
    id: (site: RestSite) => toGlobalId('Establishment', site.id),
    databaseId: (site: RestSite) => site.id,
    company: (site: RestSite) => companyRef(site.company),
    companyName: (site: RestSite, _args: unknown, context: GatewayContext) =>
      establishmentCompanyName(site, context),
    /** 'company name > site name' (SPEC 3). */
    displayName: async (site: RestSite, _args: unknown, context: GatewayContext) => {
      const company = await establishmentCompanyName(site, context);
      return company === '' ? site.name : `${company} > ${site.name}`;
    },
    typologies: (site: RestSite) =>
      (site.siteTypologies ?? []).filter(isUserTypology).map((typology) => typology.toUpperCase()),
    hasFullAccess: (site: RestSite) => site.hasFullAccess === true,
    entities: async (site: RestSite, args: ConnectionArgs, context: GatewayContext) =>
      connectionFromList(await context.loaders.entitiesBySite.load(site.id), args),
  },
};
