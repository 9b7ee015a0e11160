import { readStoredJson, writeStored } from '../../browserStorage.ts';
import { type DashboardSelection, EMPTY_SELECTION, hasSelectionParams, writeSelection } from './selection.ts';

/**
 * The last dashboard selection of each user, kept in the browser (localStorage, keyed by the user's id) so that a
 * page opened from a bookmark or a mail link, whose URL names no selection, shows what the user last chose. Only
 * the establishment and client choices are kept: the filters belong to the dashboard. A stored selection is read
 * as outside input (another version may have written it, the user may no longer see its sites): what is not a
 * selection is ignored, and the selection rules check the rest once it is back in the URL.
 */
const STORAGE_PREFIX = 'portail.selection.';

type RememberedSelection = Pick<
  DashboardSelection,
  'establishmentId' | 'entityId' | 'clientId' | 'clientEntityId'
>;

const REMEMBERED_KEYS = ['establishmentId', 'entityId', 'clientId', 'clientEntityId'] as const;

const storageKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Keeps the selection in force as the user's last one (an empty one too: a cleared choice stays cleared). */
export function rememberSelection(userId: string, selection: DashboardSelection): void {
  const remembered: RememberedSelection = {
    establishmentId: selection.establishmentId,
    entityId: selection.entityId,
    clientId: selection.clientId,
    clientEntityId: selection.clientEntityId,
  };
  writeStored(storageKey(userId), JSON.stringify(remembered));
}

/** The user's last selection, or null when none is kept (or what is kept is not a selection). */
export function rememberedSelection(userId: string): DashboardSelection | null {
  const stored = readStoredJson(storageKey(userId));
  if (typeof stored !== 'object' || stored === null) return null;
  const values = stored as Record<string, unknown>;
  const selection: DashboardSelection = { ...EMPTY_SELECTION };
  for (const key of REMEMBERED_KEYS) {
    const value = values[key];
    selection[key] = isId(value) ? value : null;
  }
  // A chantier without its site means nothing.
  if (selection.establishmentId === null) selection.entityId = null;
  if (selection.clientId === null) selection.clientEntityId = null;
  return selection.establishmentId === null && selection.clientId === null ? null : selection;
}

/**
 * Where a page opened without a selection in its URL should go instead: the same page with the user's last
 * selection; null when the URL names one (even none: 'etablissement=all') or nothing is remembered.
 */
export function urlWithRememberedSelection(url: URL, userId: string): string | null {
  if (hasSelectionParams(url.searchParams)) return null;
  const remembered = rememberedSelection(userId);
  if (remembered === null) return null;
  const search = writeSelection(url.searchParams, remembered).toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
