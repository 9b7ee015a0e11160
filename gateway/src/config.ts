import { fileURLToPath } from 'node:url';
import { parseTrustedProxies, type TrustedProxies } from '@portal/domain/trusted-proxies';

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
  /** KEPT_ANSWERS_MB: the memory the screens' answers kept under their data stamp may take; 0 keeps none. */
  keptAnswersBytes: number;
  cookieSecure: CookieSecure;
  /**
   * The proxies in front of the gateway (GATEWAY_TRUST_PROXY; none by default) whose X-Forwarded-For is read
   * to find the client's address, the one the api's throttles count. Not TRUST_PROXY, which names the api's
   * gateways: `npm start` runs both tiers on one environment.
   */
  trustProxy: TrustedProxies;
  /** The dashboard map's background. */
  mapTiles: MapTilesConfig;
  /** METRICS_TOKEN: `/metrics` exists only when set, for a bearer of it (Prometheus). */
  metricsToken: string | undefined;
}

/** A tile server: `url` an http(s) template with {z}, {x}, {y}; null when the map has no tiles (MAP_TILE_URL=none). */
export interface MapTilesConfig {
  url: string | null;
  /** Plain text (the web escapes it), and where it links to. */
  attribution: string;
  attributionUrl: string | null;
}

export const OSM_TILES: MapTilesConfig = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© les contributeurs d’OpenStreetMap',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
};

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

function httpUrl(raw: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got '${raw}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an absolute http(s) URL, got '${raw}'`);
  }
  return url;
}

/**
 * MAP_TILE_URL (`none`: no tiles, the markers on a plain background), MAP_TILE_ATTRIBUTION and
 * MAP_TILE_ATTRIBUTION_URL; OpenStreetMap's tiles and attribution by default.
 */
function mapTiles(env: Env): MapTilesConfig {
  const url = env.MAP_TILE_URL?.trim();
  if (url === undefined || url === '') {
    return {
      ...OSM_TILES,
      attribution: text(env, 'MAP_TILE_ATTRIBUTION', OSM_TILES.attribution),
      attributionUrl: optionalUrl(env, 'MAP_TILE_ATTRIBUTION_URL', OSM_TILES.attributionUrl),
    };
  }
  if (url.toLowerCase() === 'none') return { url: null, attribution: '', attributionUrl: null };
  // Leaflet's placeholders; `{s}` and `{r}` are optional.
  if (!['{z}', '{x}', '{y}'].every((placeholder) => url.includes(placeholder))) {
    throw new Error(`MAP_TILE_URL must contain {z}, {x} and {y} (or be 'none'), got '${url}'`);
  }
  httpUrl(url.replace(/\{[a-z]+\}/g, '0'), 'MAP_TILE_URL');
  return {
    url,
    attribution: text(env, 'MAP_TILE_ATTRIBUTION', ''),
    attributionUrl: optionalUrl(env, 'MAP_TILE_ATTRIBUTION_URL', null),
  };
}

function optionalUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  return httpUrl(raw, name).href;
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
    keptAnswersBytes: integer(env, 'KEPT_ANSWERS_MB', 64, 0) * 1024 * 1024,
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
    trustProxy: parseTrustedProxies(text(env, 'GATEWAY_TRUST_PROXY', 'none'), 'GATEWAY_TRUST_PROXY'),
    mapTiles: mapTiles(env),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
  };
}
