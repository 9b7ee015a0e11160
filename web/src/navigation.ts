import type { UserTypology } from '@portal/domain/typologies';
import { apps } from './apps/registry.ts';
import {
  type App,
  audienceIncludes,
  isAdministrator,
  isBuilt,
  type NavigationAudience,
  type NavigationLabelKey,
  placedScreens,
  type ScreenNavigation,
} from './routing/screens.ts';

export type { NavigationAudience, NavigationLabelKey };
export { isAdministrator };

/**
 * The side navigation, from the apps' screens (their `navigation` entries): who sees each entry (its typologies,
 * or everyone) and whether its screen exists yet. Entries without a screen are shown disabled with a
 * "Bientôt disponible" hint, never as links.
 */
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

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

function buildNavigationTable(): NavigationEntry[] {
  const links = placedScreens(apps).flatMap(({ screen, fullPath }) => {
    const navigation: ScreenNavigation | undefined = screen.navigation;
    if (navigation === undefined) return [];
    const link: NavigationLink = {
      key: screen.key ?? fullPath,
      labelKey: navigation.labelKey,
      path: fullPath,
      audience: navigation.audience,
      available: isBuilt(screen),
    };
    return [{ ...navigation, link }];
  });
  const groups = (apps as readonly App[]).flatMap((app) => app.navigationGroups ?? []);
  const top = [
    ...links
      .filter((entry) => entry.group === undefined)
      .map((entry) => ({ order: entry.order, entry: entry.link })),
    ...groups.map(({ order, ...group }) => ({
      order,
      entry: {
        ...group,
        children: links
          .filter((entry) => entry.group === group.key)
          .sort(byOrder)
          .map((entry) => entry.link),
      } satisfies NavigationGroup,
    })),
  ];
  return top.sort(byOrder).map(({ entry }) => entry);
}

export const navigationTable: readonly NavigationEntry[] = buildNavigationTable();

export function isNavigationGroup(entry: NavigationEntry): entry is NavigationGroup {
  return 'children' in entry;
}

/** The entries a user sees, in table order: the union over their typologies, and the back office for administrators. */
export function navigationFor(
  typologies: readonly UserTypology[],
  { admin = false }: { admin?: boolean } = {},
): NavigationEntry[] {
  const entries: NavigationEntry[] = [];
  for (const entry of navigationTable) {
    if (!audienceIncludes(entry.audience, typologies, admin)) continue;
    if (!isNavigationGroup(entry)) {
      entries.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => audienceIncludes(child.audience, typologies, admin));
    if (children.length > 0) entries.push({ ...entry, children });
  }
  return entries;
}
