import { apps } from './apps/registry.ts';
import {
  isSameSitePath,
  RETURN_TO_PARAM,
  SESSION_EXPIRED_PARAM,
  SESSION_EXPIRED_VALUE,
} from './returnPath.ts';
import { placedScreens, type ScreenKey } from './routing/screens.ts';

const screens = placedScreens(apps);

/**
 * Paths of SPEC 2 that the code links to, by screen key, from the apps' route files (`apps/<app>/routes.tsx`).
 * Matching is case-insensitive; these are the canonical spellings.
 */
export const paths = Object.fromEntries(
  screens.flatMap(({ screen, fullPath }) => (screen.key === undefined ? [] : [[screen.key, fullPath]])),
) as Record<ScreenKey<typeof apps>, string>;

/** The screens reachable without a session (the login pages). */
const PUBLIC_PATHS = screens
  .filter(({ screen }) => screen.public)
  .map(({ fullPath }) => fullPath.toLowerCase());

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '').toLowerCase());
}

/**
 * Only same-site paths outside the public pages and the terms page are followed, so the parameter cannot send
 * users elsewhere or in a loop.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!isSameSitePath(value)) return paths.dashboard;
  const pathname = value.split(/[?#]/)[0] ?? '';
  const isTerms = pathname.replace(/\/+$/, '').toLowerCase() === paths.terms;
  return isPublicPath(pathname) || isTerms ? paths.dashboard : value;
}

/** The terms page, remembering where the user was heading so they get there once the terms are accepted. */
export function termsPath(returnTo?: string): string {
  const target = returnTo ? safeReturnPath(returnTo) : paths.dashboard;
  return target === paths.dashboard
    ? paths.terms
    : `${paths.terms}?${RETURN_TO_PARAM}=${encodeURIComponent(target)}`;
}

export function loginPath(returnTo?: string, options: { sessionExpired?: boolean } = {}): string {
  const params = new URLSearchParams();
  const target = returnTo ? safeReturnPath(returnTo) : paths.dashboard;
  if (target !== paths.dashboard) params.set(RETURN_TO_PARAM, target);
  if (options.sessionExpired) params.set(SESSION_EXPIRED_PARAM, SESSION_EXPIRED_VALUE);
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}
