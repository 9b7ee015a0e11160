import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * METRICS_TOKEN of the server tiers (node only: the web never imports it): `/metrics` exists only when it is
 * set, and answers only a request whose `Authorization: Bearer` header carries it.
 */

/** The refusal of a scrape without the token (401). */
export const METRICS_TOKEN_REFUSED = 'Jeton de métriques manquant ou invalide.';

/** Whether `authorization` carries the token; the comparison takes the same time whatever the header. */
export function metricsTokenAccepted(token: string, authorization: unknown): boolean {
  if (typeof authorization !== 'string') return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}
