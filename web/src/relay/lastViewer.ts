import { readStored, readStoredJson, removeStored, writeStored } from '../browserStorage.ts';

/**
 * What this browser last knew of its signed-in user: enough for the dashboard's first queries (the layout's, the
 * home's, the figures' and the map's) to start together with the session's own instead of after it. A guess: the
 * loaders check it against the session's viewer once known and start again what it got wrong, so a stale or
 * altered entry costs a request, never a wrong screen. Kept in localStorage (a new tab gains too), written by the
 * login page and by each route guard, forgotten when the user leaves for the login page.
 */
export interface LastViewer {
  /** The viewer's global id (the key of its remembered dashboard selection). */
  id: string;
  typologies: readonly string[];
  ownSiteTypology: string | null;
}

const STORAGE_KEY = 'portail.lastViewer';

export function rememberLastViewer(viewer: LastViewer): void {
  const { id, typologies, ownSiteTypology } = viewer;
  const text = JSON.stringify({ id, typologies, ownSiteTypology });
  // Each route guard gives the same viewer again: what is kept already needs no new write.
  if (readStored(STORAGE_KEY) !== text) writeStored(STORAGE_KEY, text);
}

export function forgetLastViewer(): void {
  removeStored(STORAGE_KEY);
}

/** The last viewer, or null when none is kept or what is kept is not one (read as outside input). */
export function lastViewer(): LastViewer | null {
  const stored = readStoredJson(STORAGE_KEY);
  if (typeof stored !== 'object' || stored === null) return null;
  const { id, typologies, ownSiteTypology } = stored as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return null;
  if (!Array.isArray(typologies) || !typologies.every((typology) => typeof typology === 'string'))
    return null;
  if (ownSiteTypology !== null && typeof ownSiteTypology !== 'string') return null;
  return { id, typologies, ownSiteTypology };
}
