import { isUserTypology, ownSiteTypology, type UserTypology } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import type { RestEntity, RestUser } from '../../rest/types.ts';
import { type CompanyRef, companyRef } from '../companies/resolvers.ts';
import { toGlobalId } from '../global-id.ts';
import { type EstablishmentListArgs, establishmentConnection } from '../sites/establishment-lists.ts';

function typologiesOf(user: RestUser): UserTypology[] {
  return (user.userTypologies ?? []).filter(isUserTypology);
}

function companyRefs(iris: readonly string[] | undefined): CompanyRef[] {
  return (iris ?? []).map(companyRef).filter((ref): ref is CompanyRef => ref !== null);
}

export const userResolvers = {
  Query: {
    viewer: (_root: unknown, _args: unknown, context: GatewayContext) => context.viewer(),
  },
  User: {
    id: (user: RestUser) => toGlobalId('User', user.id),
    databaseId: (user: RestUser) => user.id,
    userIdentifier: (user: RestUser) => user.userIdentifier ?? user.email,
    fullName: (user: RestUser) =>
      [user.firstname, user.lastname]
        .map((part) => part?.trim() ?? '')
        .filter(Boolean)
        .join(' ') || user.email,
    permissions: (user: RestUser) => user.permissions ?? [],
    hasAcceptedCGU: (user: RestUser) => user.hasAcceptedCGU === true,
    typologies: (user: RestUser) => typologiesOf(user).map((typology) => typology.toUpperCase()),
    isProducer: (user: RestUser) => typologiesOf(user).includes('producer'),
    isRetriever: (user: RestUser) => typologiesOf(user).includes('retriever'),
    isCarrier: (user: RestUser) => typologiesOf(user).includes('carrier'),
    limitedToEntities: (user: RestUser) => user.limitedToEntities === true,
    ownSiteTypology: (user: RestUser) => ownSiteTypology(typologiesOf(user)).toUpperCase(),
    companies: (user: RestUser) => companyRefs(user.companies),
    linkedCompanies: (user: RestUser) => companyRefs(user.linkedCompanies),
    establishments: (user: RestUser, args: EstablishmentListArgs, context: GatewayContext) =>
      establishmentConnection(context, user, 'own', args),
    /** The mirror view: a producer's providers (retriever sites), a retriever's clients (producer sites). */
    linkedEstablishments: (user: RestUser, args: EstablishmentListArgs, context: GatewayContext) =>
      establishmentConnection(context, user, 'linked', args),
    entities: async (user: RestUser, _args: unknown, context: GatewayContext) => {
      const entities = await context.loaders.entities.loadMany(user.companySiteEntities ?? []);
      return entities.filter((entity): entity is RestEntity => {
        if (entity instanceof Error) throw entity;
        return entity !== null;
      });
    },
  },
};
