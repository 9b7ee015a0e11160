/**
 * What the portal keeps in the browser's localStorage (a selection, the last viewer, a notice already given): a
 * memory, never needed. Storage may be unavailable or refuse a write (disabled, a private window, full): reading
 * then finds nothing and writing keeps nothing, and the screen goes on. What is read is outside input: its reader
 * checks its shape.
 */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The value kept as JSON under `key`; undefined when there is none or it is not JSON. */
export function readStoredJson(key: string): unknown {
  const text = readStored(key);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // A refused or full storage only loses the memory.
  }
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}
