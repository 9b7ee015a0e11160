import { canCancelDelivery, nextDeliveryStatuses, type SkipField, skipFieldLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type { RestSite, RestSkip } from '../../rest/types.ts';
import { hasPermission, mayAs, mayAsProducer, mayAsProvider, sideOf } from '../../viewer/rights.ts';
import { authenticated } from '../authenticated.ts';
import type { Resolvers } from '../domain.ts';
import { toGlobalId } from '../global-id.ts';
import { findById } from '../reference/lookups.ts';
import {
  firstLevelWasteOf,
  secondLevelWasteOf,
  thirdLevelWasteOf,
  treatmentCodeValue,
  wasteCodeValue,
} from '../reference/wastes.ts';
import {
  deliveriesOfSite,
  deliveriesOfSkip,
  incomingDeliveries,
  skipsOfEntity,
  skipsOfSite,
} from './lists.ts';

/**
 * `Skip.canRequestRotation`: every mandatory field filled (SPEC 5), the container on site with nothing
 * planned or asked yet, and the producer's `operation:request` on it.
 */
async function mayRequestRotation(context: GatewayContext, skip: RestSkip): Promise<boolean> {
  return (
    (skip.missingForRotation ?? []).length === 0 &&
    skip.state === 'AVAILABLE' &&
    !skip.plannedWork &&
    (await mayAs(context, 'producer', 'operation:request', skip))
  );
}

/**
 * `Establishment.canManageSkips`: create containers and order deliveries here. Full access to the site, or
 * an own site reached through chantiers (a limited-entity user creates containers on their chantiers).
 */
async function mayManageSkips(context: GatewayContext, site: RestSite): Promise<boolean> {
  const user = await context.viewer();
  return (
    user !== null &&
    hasPermission(user, 'skip:create') &&
    hasPermission(user, 'skip:order') &&
    (site.hasFullAccess === true || sideOf(user, site.id) === 'own')
  );
}

export const skipResolvers: Resolvers = {
  Query: {
    skipTypes: authenticated((_root, _args, context) => context.loaders.skipTypes()),
    /** Through the batched item loader; a container the caller cannot see is null. */
    skip: authenticated((_root, { databaseId }, context) =>
      nullOn404(context.loaders.skips.load(databaseId)),
    ),
  },
  Establishment: {
    skips: (site, args, context) => skipsOfSite(context, site.id, args),
    skipDeliveries: (site, args, context) => deliveriesOfSite(context, site.id, args),
    canManageSkips: (site, _args, context) => mayManageSkips(context, site),
  },
  Entity: {
    skips: (entity, args, context) => skipsOfEntity(context, entity.id, args),
  },
  User: {
    incomingSkipDeliveries: (user, args, context) => incomingDeliveries(context, user, args),
  },
  SkipType: {
    id: (type) => toGlobalId('SkipType', type.id),
    databaseId: (type) => type.id,
  },
  Skip: {
    id: (skip) => toGlobalId('Skip', skip.id),
    databaseId: (skip) => skip.id,
    establishment: (skip, _args, context) => context.loaders.sites.load(skip.companySite),
    entity: (skip, _args, context) =>
      skip.companySiteEntity ? context.loaders.entities.load(skip.companySiteEntity) : null,
    skipType: async (skip, _args, context) =>
      skip.skipType ? findById(await context.loaders.skipTypes(), skip.skipType) : null,
    firstLevelWaste: (skip, _args, context) => firstLevelWasteOf(context, skip.firstLevelWaste),
    secondLevelWaste: (skip, _args, context) => secondLevelWasteOf(context, skip.secondLevelWaste),
    thirdLevelWaste: (skip, _args, context) => thirdLevelWasteOf(context, skip.thirdLevelWaste),
    provider: (skip, _args, context) => (skip.provider ? context.loaders.sites.load(skip.provider) : null),
    plannedTreatmentCode: (skip) => treatmentCodeValue(skip.plannedTreatmentCode),
    wasteCode: (skip) => wasteCodeValue(skip.wasteCode),
    dangerous: (skip) => skip.dangerous === true,
    persistentOrganicPollutants: (skip) => skip.persistentOrganicPollutants === true,
    /** The api's list (`domain/skips.ts` computes it), with the French label of each field. */
    missingForRotation: (skip) =>
      (skip.missingForRotation ?? []).map((field) => ({
        field,
        label: skipFieldLabels[field as SkipField] ?? field,
      })),
    canRequestRotation: (skip, _args, context) => mayRequestRotation(context, skip),
    canEdit: (skip, _args, context) => mayAs(context, 'producer', 'skip:update', skip),
    canComplete: (skip, _args, context) => mayAs(context, 'provider', 'skip:complete', skip),
    canDelete: (skip, _args, context) => mayAs(context, 'producer', 'skip:delete', skip),
    deliveries: (skip, args, context) => deliveriesOfSkip(context, skip.id, args),
  },
  SkipDelivery: {
    id: (delivery) => toGlobalId('SkipDelivery', delivery.id),
    databaseId: (delivery) => delivery.id,
    orderedAt: (delivery) => delivery.createdAt,
    skip: (delivery, _args, context) => context.loaders.skips.load(delivery.skip),
    establishment: (delivery, _args, context) =>
      delivery.companySite ? context.loaders.sites.load(delivery.companySite) : null,
    provider: (delivery, _args, context) =>
      delivery.provider ? context.loaders.sites.load(delivery.provider) : null,
    program: (delivery, _args, context) =>
      delivery.program ? context.loaders.skipDeliveryPrograms.load(delivery.program) : null,
    /** The status table of `domain/deliveries.ts` has a move for the provider, and the viewer is it. */
    canAdvance: async (delivery, _args, context) =>
      nextDeliveryStatuses(delivery.status, 'provider').length > 0 &&
      (await mayAsProvider(context, 'operation:schedule', delivery.provider)),
    /** Not yet scheduled (`domain/deliveries.ts`), and the viewer is the producer who may order here. */
    canCancel: async (delivery, _args, context) =>
      canCancelDelivery(delivery.status, 'producer') &&
      (await mayAsProducer(
        context,
        'skip:order',
        delivery.companySite,
        async () => (await context.loaders.skips.load(delivery.skip))?.companySiteEntity,
      )),
  },
  SkipDeliveryProgram: {
    id: (program) => toGlobalId('SkipDeliveryProgram', program.id),
    databaseId: (program) => program.id,
    weekdays: (program) => program.weekdays ?? [],
  },
};
