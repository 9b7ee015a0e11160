import type { UserTypology } from './typologies.ts';

/**
 * The one role-to-permission table (SPEC 6). The api's policy layer decides with it; the gateway and web
 * only read the resulting `permissions` list to hide what would be refused.
 */
export const PERMISSIONS = [
  'dashboard:read',
  'site:read',
  'site:update',
  'entity:create',
  'entity:update',
  'skip:create',
  'skip:update',
  'skip:delete',
  'skip:order',
  'skip:complete',
  'operation:request',
  'operation:validate',
  'operation:cancel',
  'operation:schedule',
  'operation:complete',
  'incident:declare',
  'cost:update',
  'outlet:manage',
  'document:manage',
  'register:read',
  'flow:declare',
  'trackdechets:link',
  'admin:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const rolePermissions: Record<UserTypology, readonly Permission[]> = {
  producer: [
    'dashboard:read',
    'site:read',
    'site:update',
    'entity:create',
    'entity:update',
    'skip:create',
    'skip:update',
    'skip:delete',
    'skip:order',
    'operation:request',
    'operation:validate',
    'operation:cancel',
    'incident:declare',
    'document:manage',
    'register:read',
    'flow:declare',
    'trackdechets:link',
  ],
  retriever: [
    'dashboard:read',
    'site:read',
    'site:update',
    'skip:complete',
    'operation:schedule',
    'operation:complete',
    'operation:validate',
    'cost:update',
    'outlet:manage',
    'document:manage',
    'register:read',
    'flow:declare',
    'trackdechets:link',
  ],
  carrier: ['dashboard:read', 'site:read', 'operation:schedule', 'operation:complete', 'document:manage'],
};

/**
 * Permissions a limited-entity user loses (SPEC 6: access limited to their entities, never full access): they may
 * not change the establishment, its profile or its chantiers, which its full-access users define. They work on
 * their chantiers (containers, requests, incidents) and consult the rest.
 */
const establishmentWidePermissions: readonly Permission[] = [
  'site:update',
  'entity:create',
  'entity:update',
  'cost:update',
  'outlet:manage',
  // A flow is declared for a whole establishment: its register, not one chantier's.
  'flow:declare',
];

/**
 * The operator's administrators (`users.is_admin`, a role no customer account has): the back office under
 * `/admin`, whatever their typologies.
 */
export const adminPermissions: readonly Permission[] = ['admin:manage'];

export function permissionsFor(
  typologies: readonly UserTypology[],
  limitedToEntities: boolean,
  admin = false,
): Permission[] {
  const granted = new Set<Permission>();
  for (const typology of typologies) for (const p of rolePermissions[typology]) granted.add(p);
  if (limitedToEntities) for (const p of establishmentWidePermissions) granted.delete(p);
  if (admin) for (const p of adminPermissions) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}
