/** Paths of SPEC 2 that the code links to. Matching is case-insensitive; these are the canonical spellings. */
export const paths = {
  dashboard: '/',
  details: '/details',
  login: '/customer/Login',
  forgotPassword: '/customer/Password',
  resetPassword: '/customer/Resetpassword',
  terms: '/cgu',
  establishments: '/mes-etablissements',
  providers: '/mes-prestataires',
  clients: '/mes-clients',
  operations: '/operations',
  operationRequests: '/operations/demandes',
  operationHistory: '/operations/historique',
  pickups: '/mes-enlevements',
  pickupsToValidate: '/mes-enlevements/operations-a-valider',
  costs: '/mes-couts',
} as const;

/** The query parameter carrying the page to return to after login. */
export const RETURN_TO_PARAM = 'redirect';

const PUBLIC_PATHS = [paths.login, paths.forgotPassword, paths.resetPassword].map((path) =>
  path.toLowerCase(),
);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '').toLowerCase());
}

/**
 * Only same-site paths outside the public pages and the terms page are followed, so the parameter cannot send
 * users elsewhere or in a loop.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.dashboard;
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

/** Set on the login page when the user was sent there because the session expired. */
export const SESSION_EXPIRED_PARAM = 'session';
export const SESSION_EXPIRED_VALUE = 'expiree';

export function loginPath(returnTo?: string, options: { sessionExpired?: boolean } = {}): string {
  const params = new URLSearchParams();
  const target = returnTo ? safeReturnPath(returnTo) : paths.dashboard;
  if (target !== paths.dashboard) params.set(RETURN_TO_PARAM, target);
  if (options.sessionExpired) params.set(SESSION_EXPIRED_PARAM, SESSION_EXPIRED_VALUE);
  const query = params.toString();
  return query ? `${paths.login}?${query}` : paths.login;
}
