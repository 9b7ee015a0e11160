import { fileURLToPath } from 'node:url';
import { parseTrustedProxies } from '@portal/domain/trusted-proxies';

/** The repository root, two levels above this file (api/src/config.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's recommended argon2id setting (m=19 MiB, t=2, p=1). Tests may lower it; production never does. */
export const OWASP_ARGON2: Argon2Parameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Login throttling. An address new to an account is always heard; the addresses that failed on it wait, longer
 * at each failure, on the account's delay, or on their own when the owner signed in from them before.
 */
export interface LoginThrottle {
  /** Failures from one address, whatever the accounts, within `addressWindowMinutes`, before it is refused. */
  maxFailuresPerAddress: number;
  addressWindowMinutes: number;
  /** Failures before the delays start. */
  freeFailures: number;
  /** The delay after the next failure, doubled at each further one, up to `maxDelayMinutes`. */
  firstDelayMinutes: number;
  maxDelayMinutes: number;
  /** How long a failure counts (and keeps its address from being new to the account). */
  failureMemoryHours: number;
  /** How long an address where the account signed in stays the owner's. */
  knownAddressDays: number;
}

/** Password-reset requests allowed per e-mail and per client address within the window. */
export interface ResetThrottle {
  maxPerEmail: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/** Trackdéchets, the national tracing platform (DOMAIN.md): its two addresses and the portal's application. */
export interface TrackdechetsConfig {
  /** Its web interface: the authorisation page lives there. */
  uiUrl: string;
  /** Its API: GraphQL at this root, the token endpoint at `/oauth2/token`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The addresses are the portal's local stand-in (`npm start` without configuration), said so on screen. */
  sandbox: boolean;
  /** Minutes between two background syncs of the linked companies' slips; 0: only on demand. */
  syncIntervalMinutes: number;
  /** Time-out of one call to Trackdéchets (ms). */
  timeoutMs: number;
}

export interface ApiConfig {
  port: number;
  host: string;
  /** PostgreSQL server; unset means the embedded PGlite database in `dataDir/pgdata`. */
  databaseUrl: string | undefined;
  /** Schema used on the PostgreSQL server (created when missing); unset means `public`. */
  databaseSchema: string | undefined;
  /** PGlite without a folder: the data lives as long as the process (tests). */
  inMemoryDatabase: boolean;
  /** With `inMemoryDatabase`: the image (`pgliteImage`) it starts from, rather than a database created anew. */
  inMemoryImage: Blob | undefined;
  dataDir: string;
  referenceDataDir: string;
  /** HMAC key of token hashes; unset means `dataDir/secret`, generated on first start. */
  appSecret: string | undefined;
  sessionTtlHours: number;
  /**
   * SHARED_READS_MB: the memory the rows shared by the requests of one data stamp may take, and on the embedded
   * database those its reads keep until it next writes (as much again); 0 shares and keeps none.
   */
  sharedReadsBytes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** SUPPORT_EMAIL: where the contact form's requests go (the operator's support). */
  supportEmail: string;
  /**
   * How often the notifications' outbox is looked at (ms), a write request also waking it; 0: this api sends
   * nothing (another instance does, or a test runs the outbox itself).
   */
  outboxIntervalMs: number;
  /** Contact requests a user may send per hour. */
  contactPerHour: number;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Fastify's `trustProxy`: the client's address is the last X-Forwarded-For entry when the peer is one of
   * TRUST_PROXY (the gateways), and the peer's own address otherwise. One hop only: the gateway has already
   * resolved the proxies in front of it, and whatever lies further left was written by someone the api does
   * not know.
   */
  trustProxy: (address: string, hop: number) => boolean;
  argon2: Argon2Parameters;
  loginThrottle: LoginThrottle;
  resetThrottle: ResetThrottle;
  /** The clock of every expiry decision; tests move it instead of sleeping. */
  now: () => Date;
  /** Where the JSON logs go (stdout when unset); tests capture them. */
  logStream: { write(line: string): void } | undefined;
  /** METRICS_TOKEN: `/metrics` exists only when set, for a bearer of it (Prometheus). */
  metricsToken: string | undefined;
  /**
   * Where files go: unset means the filesystem under `dataDir/files`; `s3://bucket?endpoint=http://host:9000` an
   * S3-compatible object store (credentials from the AWS SDK's usual environment).
   */
  fileStoreUrl: string | undefined;
  /** Unset when TRACKDECHETS_* are not given: the screens say the link is not configured. */
  trackdechets: TrackdechetsConfig | undefined;
  /**
   * TRACKDECHETS_TOKEN_KEY: the key (32 bytes, base64) sealing the Trackdéchets tokens at rest; unset means a key
   * derived from the app secret.
   */
  trackdechetsTokenKey: string | undefined;
}

export type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** All of TRACKDECHETS_UI_URL, _API_URL, _CLIENT_ID and _CLIENT_SECRET, or none (a half configuration stops the start). */
function trackdechets(env: Env): TrackdechetsConfig | undefined {
  const names = [
    'TRACKDECHETS_UI_URL',
    'TRACKDECHETS_API_URL',
    'TRACKDECHETS_CLIENT_ID',
    'TRACKDECHETS_CLIENT_SECRET',
  ] as const;
  const [uiUrl, apiUrl, clientId, clientSecret] = names.map((name) => text(env, name));
  if (uiUrl === undefined && apiUrl === undefined && clientId === undefined && clientSecret === undefined) {
    return undefined;
  }
  if (uiUrl === undefined || apiUrl === undefined || clientId === undefined || clientSecret === undefined) {
    throw new Error(`Trackdéchets needs all of ${names.join(', ')}, or none of them`);
  }
  for (const [name, url] of [
    ['TRACKDECHETS_UI_URL', uiUrl],
    ['TRACKDECHETS_API_URL', apiUrl],
  ] as const) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new Error(`${name} must be an http(s) address, got "${url}"`);
    }
  }
  return {
    uiUrl: uiUrl.replace(/\/+$/, ''),
    apiUrl: apiUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    sandbox: boolean(env, 'TRACKDECHETS_SANDBOX', false),
    syncIntervalMinutes: integer(env, 'TRACKDECHETS_SYNC_MINUTES', 15),
    timeoutMs: 10_000,
  };
}

function trustProxy(raw: string | undefined): ApiConfig['trustProxy'] {
  const gateways = parseTrustedProxies(raw ?? 'loopback');
  return (address, hop) => hop === 0 && gateways(address);
}

/**
 * Reads the configuration from the environment (see the README of api/ for every variable), then applies
 * `overrides`, which callers (the start script, tests) use to set fields directly.
 */
export function loadConfig(env: Env = process.env, overrides: Partial<ApiConfig> = {}): ApiConfig {
  const dataDir = text(env, 'DATA_DIR') ?? `${REPO_ROOT}.data`;
  const config: ApiConfig = {
    port: integer(env, 'API_PORT', 3001),
    host: text(env, 'API_HOST') ?? '127.0.0.1',
    databaseUrl: text(env, 'DATABASE_URL'),
    databaseSchema: text(env, 'DATABASE_SCHEMA'),
    inMemoryDatabase: false,
    inMemoryImage: undefined,
    dataDir,
    referenceDataDir: text(env, 'REFERENCE_DATA_DIR') ?? `${REPO_ROOT}../shared/data`,
    appSecret: text(env, 'APP_SECRET'),
    sessionTtlHours: positiveNumber(env, 'SESSION_TTL_HOURS', 12),
    sharedReadsBytes: integer(env, 'SHARED_READS_MB', 64) * 1024 * 1024,
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Portail déchets <ne-pas-repondre@localhost>',
    publicUrl: (text(env, 'PUBLIC_URL') ?? 'http://localhost:3000').replace(/\/+$/, ''),
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? 'support@localhost',
    outboxIntervalMs: integer(env, 'OUTBOX_INTERVAL_MS', 30_000),
    contactPerHour: 5,
    seedDemo: boolean(env, 'SEED_DEMO', true),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    argon2: OWASP_ARGON2,
    // Never faster than the lockout it replaces (5 tries per account in 15 minutes), from any number of
    // addresses that already failed.
    loginThrottle: {
      maxFailuresPerAddress: 20,
      addressWindowMinutes: 15,
      freeFailures: 5,
      firstDelayMinutes: 15,
      maxDelayMinutes: 240,
      failureMemoryHours: 24,
      knownAddressDays: 30,
    },
    resetThrottle: { maxPerEmail: 5, maxPerAddress: 10, windowMinutes: 60 },
    now: () => new Date(),
    logStream: undefined,
    metricsToken: text(env, 'METRICS_TOKEN'),
    fileStoreUrl: text(env, 'FILE_STORE_URL'),
    trackdechets: trackdechets(env),
    trackdechetsTokenKey: text(env, 'TRACKDECHETS_TOKEN_KEY'),
  };
  return { ...config, ...overrides };
}
