import { idFromIri, type Permission } from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { hasPermission, sideOf } from '../../loaders/site-lists.ts';
import type { RestSite, RestSkip, RestUser } from '../../rest/types.ts';

/**
 * What the api would allow on containers and deliveries, to hide what it would refuse (it decides again on
 * every write, docs/rest-api.md "Skips"). The viewer's permissions come from `domain/permissions.ts`.
 */

const ownEntitiesByUser = new WeakMap<RestUser, ReadonlySet<number>>();

/** The chantiers the viewer is linked to directly: a limited-entity user's own chantiers. */
function ownEntityIds(user: RestUser): ReadonlySet<number> {
  let ids = ownEntitiesByUser.get(user);
  if (ids === undefined) {
    ids = new Set(
      (user.companySiteEntities ?? []).map((iri) => idFromIri(iri)).filter((id): id is number => id !== null),
    );
    ownEntitiesByUser.set(user, ids);
  }
  return ids;
}

/** The chantier of a container, read only when the site alone does not decide. */
export type EntityOf = () => Promise<string | null | undefined> | string | null | undefined;

/**
 * The producer's side of a container or a delivery: the permission, and full access to the site or (for a
 * limited-entity user) the container on one of the viewer's chantiers. A linked site (a provider looking
 * at its client's containers) is never the producer's side, and costs no call.
 */
export async function mayAsProducer(
  context: GatewayContext,
  permission: Permission,
  siteIri: string | null | undefined,
  entityOf: EntityOf,
): Promise<boolean> {
  const user = await context.viewer();
  const siteId = idFromIri(siteIri);
  if (user === null || siteId === null || !hasPermission(user, permission)) return false;
  if (sideOf(user, siteId) !== 'own') return false;
  const site = await context.loaders.sites.load(siteId);
  if (site?.hasFullAccess === true) return true;
  const entityId = idFromIri(await entityOf());
  return entityId !== null && ownEntityIds(user).has(entityId);
}

/**
 * The provider's side: the permission and full access to the provider site (one of the viewer's own, read
 * through the site batch only once the permission and the side allow it).
 */
export async function mayAsProvider(
  context: GatewayContext,
  permission: Permission,
  providerIri: string | null | undefined,
): Promise<boolean> {
  const user = await context.viewer();
  const providerId = idFromIri(providerIri);
  if (user === null || providerId === null || !hasPermission(user, permission)) return false;
  if (sideOf(user, providerId) !== 'own') return false;
  return (await context.loaders.sites.load(providerId))?.hasFullAccess === true;
}

/** `Skip.canEdit`, `Skip.canDelete`: the producer's rights on the container. */
export function mayOnSkip(context: GatewayContext, skip: RestSkip, permission: Permission): Promise<boolean> {
  return mayAsProducer(context, permission, skip.companySite, () => skip.companySiteEntity);
}

/**
 * `Skip.canRequestRotation`: every mandatory field filled (SPEC 5), the container on site with nothing
 * planned or asked yet, and the producer's `operation:request` on it.
 */
export async function mayRequestRotation(context: GatewayContext, skip: RestSkip): Promise<boolean> {
  return (
    (skip.missingForRotation ?? []).length === 0 &&
    skip.state === 'AVAILABLE' &&
    !skip.plannedWork &&
    (await mayAsProducer(context, 'operation:request', skip.companySite, () => skip.companySiteEntity))
  );
}

/** `Skip.canComplete`: the provider of the container completes its own fields. */
export function mayCompleteSkip(context: GatewayContext, skip: RestSkip): Promise<boolean> {
  return mayAsProvider(context, 'skip:complete', skip.provider);
}

/**
 * `Establishment.canManageSkips`: create containers and order deliveries here. Full access to the site, or
 * an own site reached through chantiers (a limited-entity user creates containers on their chantiers).
 */
export async function mayManageSkips(context: GatewayContext, site: RestSite): Promise<boolean> {
  const user = await context.viewer();
  return (
    user !== null &&
    hasPermission(user, 'skip:create') &&
    hasPermission(user, 'skip:order') &&
    (site.hasFullAccess === true || sideOf(user, site.id) === 'own')
  );
}

/** The producer who ordered a delivery (cancel): `skip:order` on the delivery's site. */
export function mayAsOrderer(
  context: GatewayContext,
  siteIri: string | null | undefined,
  entityOf: EntityOf,
): Promise<boolean> {
  return mayAsProducer(context, 'skip:order', siteIri, entityOf);
}

/** The provider of a delivery (acknowledge, schedule, validate): `operation:schedule` on its provider site. */
export function mayAsDeliverer(
  context: GatewayContext,
  providerIri: string | null | undefined,
): Promise<boolean> {
  return mayAsProvider(context, 'operation:schedule', providerIri);
}
