import { isUserTypology } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { unauthenticatedError } from '../../errors.ts';
import { isRestError } from '../../rest/errors.ts';
import type { RestSite } from '../../rest/types.ts';
import { isOwnSite, mayOnSite } from '../../viewer/rights.ts';
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
  Query: {
    /** Through the batched item loader; an establishment the caller cannot see is null. */
    establishment: async (
      _root: unknown,
      { databaseId }: { databaseId: number },
      context: GatewayContext,
    ) => {
      if (context.token === null) throw unauthenticatedError();
      try {
        return await context.loaders.sites.load(databaseId);
      } catch (error) {
        if (isRestError(error, 404)) return null;
        throw error;
      }
    },
  },
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
    isOwn: (site: RestSite, _args: unknown, context: GatewayContext) => isOwnSite(context, site.id),
    canEdit: (site: RestSite, _args: unknown, context: GatewayContext) =>
      mayOnSite(context, site, 'site:update'),
    canAddEntity: (site: RestSite, _args: unknown, context: GatewayContext) =>
      mayOnSite(context, site, 'entity:create'),
    entityCount: (site: RestSite) => site.entityCount ?? site.companySiteEntities?.length ?? 0,
    entities: async (site: RestSite, args: ConnectionArgs, context: GatewayContext) => {
      // The site item lists the chantiers the caller sees: none listed, nothing to fetch.
      if (site.companySiteEntities?.length === 0) return connectionFromList([], args);
      return connectionFromList(await context.loaders.entitiesBySite.load(site.id), args);
    },
    /** Providers of a producer site, clients of a retriever site (see the linkedSites loader). */
    linkedEstablishments: async (site: RestSite, args: ConnectionArgs, context: GatewayContext) =>
      connectionFromList(await context.loaders.linkedSites.load(site), args),
  },
};
