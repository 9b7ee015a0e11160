import { isUserTypology, ownSiteTypology, type UserTypology } from '@portal/domain';
import type { RestEntity, RestUser } from '../../rest/types.ts';
import { type CompanyRef, companyRef } from '../companies/resolvers.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import { establishmentConnection } from '../sites/establishment-lists.ts';
import { graphTypology } from '../typologies.ts';

function typologiesOf(user: RestUser): UserTypology[] {
  return (user.userTypologies ?? []).filter(isUserTypology);
}

function companyRefs(iris: readonly string[] | undefined): CompanyRef[] {
  return (iris ?? []).map(companyRef).filter((ref): ref is CompanyRef => ref !== null);
}

/** First name then last name, or the e-mail when both are empty. */
export function fullNameOf(user: {
  firstname: string | null;
  lastname: string | null;
  email: string;
}): string {
  return (
    [user.firstname, user.lastname]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ') || user.email
  );
}

export const userResolvers: Resolvers = {
  Query: {
    viewer: (_root, _args, context) => context.viewer(),
  },
  User: {
    id: (user) => toGlobalId('User', user.id),
    databaseId: (user) => user.id,
    userIdentifier: (user) => user.userIdentifier ?? user.email,
    fullName: fullNameOf,
    permissions: (user) => user.permissions ?? [],
    hasAcceptedCGU: (user) => user.hasAcceptedCGU === true,
    acceptedTermsVersion: (user) => user.cguAcceptedVersion ?? null,
    typologies: (user) => typologiesOf(user).map(graphTypology),
    isProducer: (user) => typologiesOf(user).includes('producer'),
    isRetriever: (user) => typologiesOf(user).includes('retriever'),
    isCarrier: (user) => typologiesOf(user).includes('carrier'),
    limitedToEntities: (user) => user.limitedToEntities === true,
    ownSiteTypology: (user) => graphTypology(ownSiteTypology(typologiesOf(user))),
    companies: (user) => companyRefs(user.companies),
    linkedCompanies: (user) => companyRefs(user.linkedCompanies),
    establishments: (user, args, context) => establishmentConnection(context, user, 'own', args),
    /** The mirror view: a producer's providers (retriever sites), a retriever's clients (producer sites). */
    linkedEstablishments: (user, args, context) => establishmentConnection(context, user, 'linked', args),
    entities: async (user, _args, context) => {
      const entities = await context.loaders.entities.loadMany(user.companySiteEntities ?? []);
      return entities.filter((entity): entity is RestEntity => {
        if (entity instanceof Error) throw entity;
        return entity !== null;
      });
    },
  },
};
