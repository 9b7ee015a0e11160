/** The address of a help page (`/aide/<path>`); SPEC 2: any path after /aide. */
export const helpPagePath = (path: string): string => `/aide/${path}`;

/** The search of the help, in the URL of any help page (`/aide/guide?recherche=rotation`). */
export const HELP_SEARCH_PARAM = 'recherche';

/**
 * The help page that explains each screen, by the start of its address (the longest that matches wins): the
 * help icon of a screen leads there. Screens not listed (the help itself, the login pages) have no icon.
 */
const screenHelp: readonly (readonly [prefix: string, page: string])[] = [
  ['/', 'tableau-de-bord'],
  ['/details', 'tableau-de-bord'],
  ['/mes-couts', 'tableau-de-bord'],
  ['/operations', 'operations/demander'],
  ['/operations/:id', 'operations/completer'],
  ['/mes-enlevements', 'operations/completer'],
  ['/mes-enlevements-dangereux', 'trackdechets'],
  ['/mes-etablissements', 'premiers-pas/producteur'],
  ['/mes-prestataires', 'premiers-pas/producteur'],
  ['/mes-clients', 'premiers-pas/prestataire'],
  ['/activite', 'premiers-pas/prestataire'],
  ['/suivi', 'registre'],
  ['/documents', 'documents'],
  ['/mon-profil', 'notifications'],
  ['/contact', 'guide'],
];

const matches = (prefix: string, pathname: string) => {
  if (prefix === '/') return pathname === '/';
  if (prefix.endsWith('/:id')) return new RegExp(`^${prefix.slice(0, -4)}/[0-9]+/?$`).test(pathname);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
};

/** The help page of the screen at `pathname`; null for a screen without one. */
export function helpPageOfScreen(pathname: string): string | null {
  let best: (typeof screenHelp)[number] | null = null;
  for (const entry of screenHelp) {
    if (matches(entry[0], pathname) && (best === null || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? null;
}
