import { isUserTypology, ownSiteTypology, type UserTypology } from '@portal/domain/typologies';
import type { TranslationResource } from './i18n/fr.ts';

/**
 * The side navigation, in one table: who sees each entry (its typologies, or everyone) and whether its screen
 * exists yet. Entries without a screen are shown disabled with a "Bientôt disponible" hint, never as links.
 */
export type NavigationLabelKey = `nav.${keyof TranslationResource['nav']}`;
/**
 * Who sees an entry: some typologies, everyone, or one side of the mirror views (SPEC 1): `{ side: 'producer' }`
 * for screens about my providers, `{ side: 'retriever' }` for screens about my clients. The side is the user's
 * own site typology, as in the graph, so a user with both typologies never gets an entry that leads to a 404.
 */
export type NavigationAudience = readonly UserTypology[] | 'everyone' | { side: 'producer' | 'retriever' };

export interface NavigationLink {
  key: string;
  labelKey: NavigationLabelKey;
  path: string;
  audience: NavigationAudience;
  available: boolean;
}

export interface NavigationGroup {
  key: string;
  labelKey: NavigationLabelKey;
  audience: NavigationAudience;
  children: readonly NavigationLink[];
}

export type NavigationEntry = NavigationLink | NavigationGroup;

const ALL_ROLES: readonly UserTypology[] = ['producer', 'retriever', 'carrier'];

export const navigationTable: readonly NavigationEntry[] = [
  { key: 'dashboard', labelKey: 'nav.dashboard', path: '/', audience: ALL_ROLES, available: true },
  { key: 'details', labelKey: 'nav.details', path: '/details', audience: ALL_ROLES, available: true },
  {
    key: 'establishments',
    labelKey: 'nav.establishments',
    path: '/mes-etablissements',
    audience: ['producer', 'retriever'],
    available: true,
  },
  {
    key: 'providers',
    labelKey: 'nav.providers',
    path: '/mes-prestataires',
    audience: { side: 'producer' },
    available: true,
  },
  {
    key: 'clients',
    labelKey: 'nav.clients',
    path: '/mes-clients',
    audience: { side: 'retriever' },
    available: true,
  },
  {
    key: 'operations',
    labelKey: 'nav.operations',
    path: '/operations',
    audience: ['producer', 'retriever'],
    available: true,
  },
  {
    key: 'pickups',
    labelKey: 'nav.pickups',
    path: '/mes-enlevements',
    audience: ALL_ROLES,
    available: true,
  },
  {
    key: 'hazardousPickups',
    labelKey: 'nav.hazardousPickups',
    path: '/mes-enlevements-dangereux',
    audience: ['producer'],
    available: false,
  },
  {
    key: 'wasteTracking',
    labelKey: 'nav.wasteTracking',
    path: '/suivi',
    audience: ['producer'],
    available: false,
  },
  {
    key: 'activity',
    labelKey: 'nav.activity',
    audience: ['retriever'],
    children: [
      {
        key: 'outlets',
        labelKey: 'nav.outlets',
        path: '/activite/mes-exutoires',
        audience: ['retriever'],
        available: false,
      },
      {
        key: 'activityCosts',
        labelKey: 'nav.activityCosts',
        path: '/activite/mes-couts-d-activite',
        audience: ['retriever'],
        available: false,
      },
      {
        key: 'defaultOutlets',
        labelKey: 'nav.defaultOutlets',
        path: '/activite/mes-exutoires-par-defaut',
        audience: ['retriever'],
        available: false,
      },
    ],
  },
  { key: 'documents', labelKey: 'nav.documents', path: '/documents', audience: ALL_ROLES, available: false },
  {
    key: 'costs',
    labelKey: 'nav.costs',
    path: '/mes-couts',
    audience: ['producer', 'retriever'],
    available: true,
  },
  { key: 'help', labelKey: 'nav.help', path: '/aide', audience: 'everyone', available: false },
  { key: 'contact', labelKey: 'nav.contact', path: '/contact', audience: 'everyone', available: false },
  { key: 'profile', labelKey: 'nav.profile', path: '/mon-profil', audience: 'everyone', available: false },
];

export function isNavigationGroup(entry: NavigationEntry): entry is NavigationGroup {
  return 'children' in entry;
}

function visibleTo(audience: NavigationAudience, typologies: readonly UserTypology[]): boolean {
  if (audience === 'everyone') return true;
  if ('side' in audience) {
    const hasSites = typologies.includes('producer') || typologies.includes('retriever');
    return hasSites && ownSiteTypology(typologies) === audience.side;
  }
  return audience.some((typology) => typologies.includes(typology));
}

/** The entries a user sees, in table order: the union over their typologies. */
export function navigationFor(typologies: readonly UserTypology[]): NavigationEntry[] {
  const entries: NavigationEntry[] = [];
  for (const entry of navigationTable) {
    if (!visibleTo(entry.audience, typologies)) continue;
    if (!isNavigationGroup(entry)) {
      entries.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => visibleTo(child.audience, typologies));
    if (children.length > 0) entries.push({ ...entry, children });
  }
  return entries;
}

/** The graph's `UserTypology` enum values (PRODUCER, ...) as the domain's typologies. */
export function typologiesFromGraph(values: readonly string[]): UserTypology[] {
  return values.map((value) => value.toLowerCase()).filter(isUserTypology);
}
