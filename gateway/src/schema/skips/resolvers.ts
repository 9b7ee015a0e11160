import { canCancelDelivery, nextDeliveryStatuses, type SkipField, skipFieldLabels } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { unauthenticatedError } from '../../errors.ts';
import { nullOn404 } from '../../rest/errors.ts';
import type {
  RestEntity,
  RestSite,
  RestSkip,
  RestSkipDelivery,
  RestSkipDeliveryProgram,
  RestSkipType,
  RestUser,
} from '../../rest/types.ts';
import { hasPermission, mayAs, mayAsProducer, mayAsProvider, sideOf } from '../../viewer/rights.ts';
import type { ConnectionArgs } from '../connections.ts';
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
  type DeliveryListArgs,
  deliveriesOfSite,
  deliveriesOfSkip,
  incomingDeliveries,
  type SkipListArgs,
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

export const skipResolvers = {
  Query: {
    skipTypes: (_root: unknown, _args: unknown, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return context.loaders.skipTypes();
    },
    /** Through the batched item loader; a container the caller cannot see is null. */
    skip: (_root: unknown, { databaseId }: { databaseId: number }, context: GatewayContext) => {
      if (context.token === null) throw unauthenticatedError();
      return nullOn404(context.loaders.skips.load(databaseId));
    },
  },
  Establishment: {
    skips: (site: RestSite, args: SkipListArgs, context: GatewayContext) =>
      skipsOfSite(context, site.id, args),
    skipDeliveries: (site: RestSite, args: DeliveryListArgs, context: GatewayContext) =>
      deliveriesOfSite(context, site.id, args),
    canManageSkips: (site: RestSite, _args: unknown, context: GatewayContext) =>
      mayManageSkips(context, site),
  },
  Entity: {
    skips: (entity: RestEntity, args: SkipListArgs, context: GatewayContext) =>
      skipsOfEntity(context, entity.id, args),
  },
  User: {
    incomingSkipDeliveries: (user: RestUser, args: DeliveryListArgs, context: GatewayContext) =>
      incomingDeliveries(context, user, args),
  },
  SkipType: {
    id: (type: RestSkipType) => toGlobalId('SkipType', type.id),
    databaseId: (type: RestSkipType) => type.id,
  },
  Skip: {
    id: (skip: RestSkip) => toGlobalId('Skip', skip.id),
    databaseId: (skip: RestSkip) => skip.id,
    establishment: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      context.loaders.sites.load(skip.companySite),
    entity: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      skip.companySiteEntity ? context.loaders.entities.load(skip.companySiteEntity) : null,
    skipType: async (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      skip.skipType ? findById(await context.loaders.skipTypes(), skip.skipType) : null,
    firstLevelWaste: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      firstLevelWasteOf(context, skip.firstLevelWaste),
    secondLevelWaste: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      secondLevelWasteOf(context, skip.secondLevelWaste),
    thirdLevelWaste: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      thirdLevelWasteOf(context, skip.thirdLevelWaste),
    provider: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      skip.provider ? context.loaders.sites.load(skip.provider) : null,
    plannedTreatmentCode: (skip: RestSkip) => treatmentCodeValue(skip.plannedTreatmentCode),
    wasteCode: (skip: RestSkip) => wasteCodeValue(skip.wasteCode),
    dangerous: (skip: RestSkip) => skip.dangerous === true,
    persistentOrganicPollutants: (skip: RestSkip) => skip.persistentOrganicPollutants === true,
    /** The api's list (`domain/skips.ts` computes it), with the French label of each field. */
    missingForRotation: (skip: RestSkip) =>
      (skip.missingForRotation ?? []).map((field) => ({
        field,
        label: skipFieldLabels[field as SkipField] ?? field,
      })),
    canRequestRotation: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      mayRequestRotation(context, skip),
    canEdit: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'producer', 'skip:update', skip),
    canComplete: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'provider', 'skip:complete', skip),
    canDelete: (skip: RestSkip, _args: unknown, context: GatewayContext) =>
      mayAs(context, 'producer', 'skip:delete', skip),
    deliveries: (skip: RestSkip, args: ConnectionArgs, context: GatewayContext) =>
      deliveriesOfSkip(context, skip.id, args),
  },
  SkipDelivery: {
    id: (delivery: RestSkipDelivery) => toGlobalId('SkipDelivery', delivery.id),
    databaseId: (delivery: RestSkipDelivery) => delivery.id,
    skip: (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      context.loaders.skips.load(delivery.skip),
    establishment: (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      delivery.companySite ? context.loaders.sites.load(delivery.companySite) : null,
    provider: (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      delivery.provider ? context.loaders.sites.load(delivery.provider) : null,
    program: (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      delivery.program ? context.loaders.skipDeliveryPrograms.load(delivery.program) : null,
    /** The status table of `domain/deliveries.ts` has a move for the provider, and the viewer is it. */
    canAdvance: async (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      nextDeliveryStatuses(delivery.status, 'provider').length > 0 &&
      (await mayAsProvider(context, 'operation:schedule', delivery.provider)),
    /** Not yet scheduled (`domain/deliveries.ts`), and the viewer is the producer who may order here. */
    canCancel: async (delivery: RestSkipDelivery, _args: unknown, context: GatewayContext) =>
      canCancelDelivery(delivery.status, 'producer') &&
      (await mayAsProducer(
        context,
        'skip:order',
        delivery.companySite,
        async () => (await context.loaders.skips.load(delivery.skip))?.companySiteEntity,
      )),
  },
  SkipDeliveryProgram: {
    id: (program: RestSkipDeliveryProgram) => toGlobalId('SkipDeliveryProgram', program.id),
    databaseId: (program: RestSkipDeliveryProgram) => program.id,
    weekdays: (program: RestSkipDeliveryProgram) => program.weekdays ?? [],
  },
};
