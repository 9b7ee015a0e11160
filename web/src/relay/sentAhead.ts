import { GRAPHQL_ENDPOINT, type SentOperation, sendOperation } from './sendOperation.ts';

/**
 * Operations sent before the app has loaded (`headStart.ts`, on what this browser last knew of its user), each
 * taken up once by the network layer when Relay asks the same operation with the same variables: the first
 * queries of a page then travel while the app's scripts load and run instead of after. They serve the page's
 * first navigation only (`endSendingAhead`, once it has run its loaders), and within `SENT_AHEAD_TTL_MS`: what it
 * did not take was asked otherwise, and later asks (after accepting the terms, say) deserve fresh data.
 */
export const SENT_AHEAD_TTL_MS = 10_000;

const sentAhead = new Map<string, { operation: SentOperation; sentAt: number }>();
/**
 * The app has asked for itself: whatever it asked, it did not wait for what is sent ahead, which is then no longer
 * sent (the head start's script and the app's may run in either order).
 */
let appAsking = false;

export function sendAhead(id: string, variables: Record<string, unknown>): void {
  const key = operationKey(id, variables);
  if (appAsking || sentAhead.has(key)) return;
  const operation = sendOperation(id, variables, GRAPHQL_ENDPOINT);
  // A failure nobody takes up is not an error of the page's: whoever takes it up meets it.
  operation.response.catch(() => undefined);
  sentAhead.set(key, { operation, sentAt: Date.now() });
}

/** The operation sent ahead with this id and these variables, once, while it is fresh. */
export function takeSentAhead(id: string, variables: Record<string, unknown>): SentOperation | undefined {
  appAsking = true;
  const key = operationKey(id, variables);
  const entry = sentAhead.get(key);
  sentAhead.delete(key);
  if (entry === undefined || Date.now() - entry.sentAt > SENT_AHEAD_TTL_MS) return undefined;
  return entry.operation;
}

/** The page's first navigation has asked what it needed: the rest is dropped, and nothing more is sent ahead. */
export function endSendingAhead(): void {
  sentAhead.clear();
  appAsking = true;
}

/** Forgets what was sent ahead, and that the app has asked (tests). */
export function forgetSentAhead(): void {
  sentAhead.clear();
  appAsking = false;
}

/**
 * The same for the same operation and values: object keys in any order, and a variable left out the same as a
 * null one (Relay gives every variable of the operation, null when not set; the gateway reads both alike).
 */
function operationKey(id: string, variables: Record<string, unknown>): string {
  return `${id} ${JSON.stringify(canonical(variables))}`;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, entry]) => entry !== null && entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => [key, canonical(entry)]),
  );
}
