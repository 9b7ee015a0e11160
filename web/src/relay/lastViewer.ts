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

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberLastViewer(viewer: LastViewer): void {
  const { id, typologies, ownSiteTypology } = viewer;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ id, typologies, ownSiteTypology }));
  } catch {
    // A full or refused storage only loses the head start.
  }
}

export function forgetLastViewer(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The last viewer, or null when none is kept or what is kept is not one (read as outside input). */
export function lastViewer(): LastViewer | null {
  let stored: unknown;
  try {
    const text = storage()?.getItem(STORAGE_KEY);
    if (!text) return null;
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { id, typologies, ownSiteTypology } = stored as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') return null;
  if (!Array.isArray(typologies) || !typologies.every((typology) => typeof typology === 'string'))
    return null;
  if (ownSiteTypology !== null && typeof ownSiteTypology !== 'string') return null;
  return { id, typologies, ownSiteTypology };
}
