import { fileURLToPath } from 'node:url';

/** The repository root (gateway/src/ is two levels below it): default home of the web build and its queries. */
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

export type NodeEnv = 'production' | 'development' | 'test';

/** `auto`: Secure unless the request's host is localhost or 127.0.0.1 (a plain-HTTP local run). */
export type CookieSecure = 'auto' | 'always' | 'never';

export interface GatewayConfig {
  port: number;
  host: string;
  /** Where the REST api answers (`/api/...` is appended). */
  apiBaseUrl: string;
  /** The built web app; absent directory means the gateway serves only the graph. */
  webDistDir: string;
  /** relay-compiler's `{ "<id>": "<query text>" }`; missing file means no persisted queries. */
  persistedQueriesFile: string;
  nodeEnv: NodeEnv;
  /** Adds `extensions.restCalls` (count and list of calls) to every GraphQL response. */
  debug: boolean;
  /** Time limit of one REST call: connection, headers and body. */
  restTimeoutMs: number;
  cookieSecure: CookieSecure;
}

export type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got '${raw}'`);
  }
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? fallback : raw;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  return raw !== undefined && raw !== '' && raw !== '0' && raw !== 'false' && raw !== 'no';
}

function nodeEnv(raw: string | undefined): NodeEnv {
  return raw === 'development' || raw === 'test' ? raw : 'production';
}

function cookieSecure(raw: string | undefined): CookieSecure {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (['1', 'true', 'yes', 'always'].includes(value)) return 'always';
  if (['0', 'false', 'no', 'never'].includes(value)) return 'never';
  throw new Error(`COOKIE_SECURE must be auto, true or false, got '${raw}'`);
}

export function loadConfig(env: Env = process.env): GatewayConfig {
  const apiBaseUrl = text(env, 'API_BASE_URL', 'http://127.0.0.1:3001').replace(/\/+$/, '');
  try {
    new URL(apiBaseUrl);
  } catch {
    throw new Error(`API_BASE_URL must be an absolute URL, got '${apiBaseUrl}'`);
  }
  return {
    port: integer(env, 'PORT', 3000, 0),
    host: text(env, 'HOST', '0.0.0.0'),
    apiBaseUrl,
    webDistDir: text(env, 'WEB_DIST_DIR', `${repositoryRoot}web/dist`),
    persistedQueriesFile: text(env, 'PERSISTED_QUERIES_FILE', `${repositoryRoot}web/persisted-queries.json`),
    nodeEnv: nodeEnv(env.NODE_ENV),
    debug: flag(env, 'GATEWAY_DEBUG'),
    restTimeoutMs: integer(env, 'REST_TIMEOUT_MS', 10_000, 1),
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
  };
}
