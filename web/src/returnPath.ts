/**
 * The parameters of the login page's address, and the one check of where it may send a user once signed in.
 * Free of the app's route table, as the login page (login.html) loads nothing of the app.
 */

/** The query parameter carrying the page to return to after login. */
export const RETURN_TO_PARAM = 'redirect';

/** Set on the login page when the user was sent there because the session expired. */
export const SESSION_EXPIRED_PARAM = 'session';
export const SESSION_EXPIRED_VALUE = 'expiree';

/** A path of this site only (`/x`, not `//host` nor `/\host`, which browsers read as another site). */
export function isSameSitePath(value: string | null | undefined): value is string {
  return !!value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
