/**
 * A deployment replaces the hashed chunks: a tab still running the old version fails to import them. The page
 * is reloaded to fetch the new version, at most once in 10 seconds so that a real outage does not loop (SPEC 8).
 */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const STORAGE_KEY = 'portal:chunk-reload-at';

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_MESSAGES.some((message) => error.message.includes(message));
}

export function canReloadAfterChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_WINDOW_MS);
}

function lastReloadAt(storage: Storage): number | null {
  const stored = Number(storage.getItem(STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Whether a reload is allowed now: none happened for this reason within the window. */
export function chunkReloadAllowed(storage: Storage = window.sessionStorage): boolean {
  return canReloadAfterChunkError(Date.now(), lastReloadAt(storage));
}

export function reloadForChunkError(storage: Storage = window.sessionStorage): void {
  storage.setItem(STORAGE_KEY, String(Date.now()));
  window.location.reload();
}
