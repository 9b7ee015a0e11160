import type { Request, Response } from 'express';
import type { GatewayConfig } from './config.ts';
import type { LoginResult } from './rest/types.ts';

/** The browser session: the api's opaque token, httpOnly so that scripts of the page never read it. */
export const SESSION_COOKIE = 'portal_session';
/** The signed-in user's id, so that the graph need not ask the api who the token belongs to. */
export const USER_ID_COOKIE = 'portal_uid';

// Plain-HTTP local addresses, where a Secure cookie would be dropped and login would silently fail.
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/**
 * Whether the browser reached the portal over HTTPS, as far as the gateway can tell (TLS ends at a proxy in
 * front of it): COOKIE_SECURE=always says so; `auto` takes every host but a local address to be served over
 * HTTPS. The session cookie is Secure, and HSTS sent, on that judgement.
 */
export function servedOverHttps(req: Request, config: Pick<GatewayConfig, 'cookieSecure'>): boolean {
  return config.cookieSecure === 'always' || (config.cookieSecure === 'auto' && !isLocalHost(req.hostname));
}

/** Sets and clears the session cookies of one HTTP exchange. */
export interface SessionCookies {
  set(login: LoginResult): void;
  clear(): void;
}

export function expressSessionCookies(
  req: Request,
  res: Response,
  config: Pick<GatewayConfig, 'cookieSecure'>,
): SessionCookies {
  // Secure cookies are dropped by browsers on plain-HTTP local runs.
  const secure = servedOverHttps(req, config);
  const base = { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
  return {
    set(login) {
      const lifetime = Date.parse(login.expiresAt) - Date.now();
      const options = Number.isFinite(lifetime) && lifetime > 0 ? { ...base, maxAge: lifetime } : base;
      res.cookie(SESSION_COOKIE, login.token, options);
      res.cookie(USER_ID_COOKIE, String(login.userId), options);
    },
    clear() {
      res.clearCookie(SESSION_COOKIE, base);
      res.clearCookie(USER_ID_COOKIE, base);
    },
  };
}
