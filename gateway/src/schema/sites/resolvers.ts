import { isUserTypology } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { isRestError } from '../../rest/errors.ts';
import type { RestSite } from '../../rest/types.ts';
import { isOwnSite, mayOnSite } from '../../viewer/rights.ts';
import { authenticated } from '../authenticated.ts';
import { companyName, companyRef } from '../companies/resolvers.ts';
import { connectionFromList } from '../connections.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import { graphTypology } from '../typologies.ts';

/** The api computes `companyName` on the site; without it, the company loader (and its fallback) decides. */
async function establishmentCompanyName(site: RestSite, context: GatewayContext): Promise<string> {
  if (site.companyName) return site.companyName;
  const company = companyRef(site.company);
  return company === null ? '' : companyName(context, company.companyId);
}

export const siteResolvers: Resolvers = {
  Query: {
    /** Through the batched item loader; an establishment the caller cannot see is null. */
    establishment: authenticated(async (_root, { databaseId }, context) => {
      try {
        return await context.loaders.sites.load(databaseId);
      } catch (error) {
        if (isRestError(error, 404)) return null;
        throw error;
      }
    }),
  },
  Establishment: {
    id: (site) => toGlobalId('Establishment', site.id),
    databaseId: (site) => site.id,
    company: (site) => companyRef(site.company),
    companyName: (site, _args, context) => establishmentCompanyName(site, context),
    /** 'company name > site name' (SPEC 3). */
    displayName: async (site, _args, context) => {
      const company = await establishmentCompanyName(site, context);
      return company === '' ? site.name : `${company} > ${site.name}`;
    },
    typologies: (site) => (site.siteTypologies ?? []).filter(isUserTypology).map(graphTypology),
    hasFullAccess: (site) => site.hasFullAccess === true,
    isOwn: (site, _args, context) => isOwnSite(context, site.id),
    canEdit: (site, _args, context) => mayOnSite(context, site, 'site:update'),
    canAddEntity: (site, _args, context) => mayOnSite(context, site, 'entity:create'),
    canDeclareFlow: (site, _args, context) => mayOnSite(context, site, 'flow:declare'),
    entityCount: (site) => site.entityCount ?? site.companySiteEntities?.length ?? 0,
    entities: async (site, args, context) => {
      // The site item lists the chantiers the caller sees: none listed, nothing to fetch.
      if (site.companySiteEntities?.length === 0) return connectionFromList([], args);
      return connectionFromList(await context.loaders.entitiesBySite.load(site.id), args);
    },
    /** Providers of a producer site, clients of a retriever site (see the linkedSites loader). */
    linkedEstablishments: async (site, args, context) =>
      connectionFromList(await context.loaders.linkedSites.load(site), args),
  },
};
