import {
  idFromIri,
  isUserTypology,
  linkedSiteTypology,
  ownEstablishmentTypology,
  ownSiteTypology,
  type Permission,
  type UserTypology,
} from '@portal/domain';
import type { GatewayContext } from '../context.ts';
import { idsOfIris } from '../loaders/item-loader.ts';
import type { RestSite, RestUser } from '../rest/types.ts';

/**
 * The viewer's rights as the gateway reads them off the signed-in user: which side of the mirror a site is on,
 * which side of a container or an operation the viewer holds, and the permissions of `domain/permissions.ts`.
 * The api decides every access again; these only hide what it would refuse.
 */

/**
 * The two sides of the mirror views (SPEC 1), as seen by the viewer: `own` are my establishments, `linked`
 * the sites of the other typology linked to them (a producer's providers, a retriever's clients).
 */
export type SiteSide = 'own' | 'linked';

export function oppositeSide(side: SiteSide): SiteSide {
  return side === 'own' ? 'linked' : 'own';
}

/** What the gateway reads off the viewer for the mirror and for hiding what the api would refuse. */
export interface ViewerFacts {
  ownTypology: 'producer' | 'retriever';
  linkedTypology: 'producer' | 'retriever';
  /** The typology of the viewer's own establishments in its lists (a carrier's are carrier sites). */
  establishmentTypology: UserTypology;
  /** Every own site (through a company, directly or through an entity): `companySitesIdsFull`. */
  ownSiteIds: ReadonlySet<number>;
  /** The chantiers the viewer is linked to directly: a limited-entity user's own chantiers. */
  ownEntityIds: ReadonlySet<number>;
  permissions: ReadonlySet<string>;
}

const factsByUser = new WeakMap<RestUser, ViewerFacts>();

/** Computed once per user item (a screen asks it for each of its 2,000 rows). */
export function viewerFacts(user: RestUser): ViewerFacts {
  let facts = factsByUser.get(user);
  if (facts === undefined) {
    const typologies = (user.userTypologies ?? []).filter(isUserTypology);
    const ownTypology = ownSiteTypology(typologies);
    facts = {
      ownTypology,
      linkedTypology: linkedSiteTypology(ownTypology),
      establishmentTypology: ownEstablishmentTypology(typologies),
      ownSiteIds: new Set(user.companySitesIdsFull ?? []),
      ownEntityIds: new Set(idsOfIris(user.companySiteEntities)),
      permissions: new Set(user.permissions ?? []),
    };
    factsByUser.set(user, facts);
  }
  return facts;
}

export function hasPermission(user: RestUser, permission: Permission): boolean {
  return viewerFacts(user).permissions.has(permission);
}

export function sideOf(user: RestUser, siteId: number): SiteSide {
  return viewerFacts(user).ownSiteIds.has(siteId) ? 'own' : 'linked';
}

/** The site is one of the viewer's own establishments (false when signed out). */
export async function isOwnSite(context: GatewayContext, siteId: number): Promise<boolean> {
  const user = await context.viewer();
  return user !== null && sideOf(user, siteId) === 'own';
}

/** Full access to the site and the permission: what the api asks to edit a site's profile or add chantiers. */
export async function mayOnSite(
  context: GatewayContext,
  site: RestSite,
  permission: Permission,
): Promise<boolean> {
  if (site.hasFullAccess !== true) return false;
  const user = await context.viewer();
  return user !== null && hasPermission(user, permission);
}

/** The viewer and the site when the viewer holds the permission and the site is one of its own; else null. */
async function ownSiteWith(
  context: GatewayContext,
  permission: Permission,
  siteIri: string | null | undefined,
): Promise<{ user: RestUser; siteId: number } | null> {
  const user = await context.viewer();
  const siteId = idFromIri(siteIri);
  if (user === null || siteId === null || !hasPermission(user, permission)) return null;
  return sideOf(user, siteId) === 'own' ? { user, siteId } : null;
}

/** The permission on something that hangs off one of the viewer's own sites (a chantier), whatever its access. */
export async function mayOnOwnSite(
  context: GatewayContext,
  permission: Permission,
  siteIri: string | null | undefined,
): Promise<boolean> {
  return (await ownSiteWith(context, permission, siteIri)) !== null;
}

/** The chantier of a container, read only when the site alone does not decide. */
export type EntityOf = () => Promise<string | null | undefined> | string | null | undefined;

/**
 * The producer's side of a container, a delivery, an operation or a program: the permission, and full access to
 * the site or (for a limited-entity user) the record on one of the viewer's chantiers. A linked site (a provider
 * looking at its client's containers) is never the producer's side, and costs no call.
 */
export async function mayAsProducer(
  context: GatewayContext,
  permission: Permission,
  siteIri: string | null | undefined,
  entityOf: EntityOf,
): Promise<boolean> {
  const own = await ownSiteWith(context, permission, siteIri);
  if (own === null) return false;
  const site = await context.loaders.sites.load(own.siteId);
  if (site?.hasFullAccess === true) return true;
  const entityId = idFromIri(await entityOf());
  return entityId !== null && viewerFacts(own.user).ownEntityIds.has(entityId);
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
  const own = await ownSiteWith(context, permission, providerIri);
  return own !== null && (await context.loaders.sites.load(own.siteId))?.hasFullAccess === true;
}

/** A record between a producer's site (and perhaps chantier) and its provider: a container, an operation, a program. */
export interface SidedRecord {
  companySite: string | null;
  companySiteEntity?: string | null;
  provider: string | null;
}

/** The viewer's rights on a record as its producer or as its provider (`domain/operations.ts` actors). */
export function mayAs(
  context: GatewayContext,
  actor: 'producer' | 'provider',
  permission: Permission,
  record: SidedRecord,
): Promise<boolean> {
  return actor === 'provider'
    ? mayAsProvider(context, permission, record.provider)
    : mayAsProducer(context, permission, record.companySite, () => record.companySiteEntity);
}
