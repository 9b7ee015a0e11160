import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type Api, type ApiConfig, createApi, DEMO_PASSWORD, loadConfig } from '../src/index.ts';

/** The official lists the tests read: REFERENCE_DATA_DIR, as the api reads it, or its default. */
export const referenceDataDir = (): string =>
  loadConfig({ REFERENCE_DATA_DIR: process.env.REFERENCE_DATA_DIR }).referenceDataDir;

/** Cheap argon2id for tests only; production keeps OWASP_ARGON2. */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

export interface TestApi extends Api {
  clock: TestClock;
  /** Every JSON log line written by the api. */
  logs: string[];
  dataDir: string;
}

/** The migrated database each in-memory test api starts from (see global-setup.ts), read once per worker. */
let migratedImageRead: Promise<Blob | undefined> | undefined;
function migratedImage(): Promise<Blob | undefined> {
  migratedImageRead ??= (async () => {
    const file = inject('pgliteImageFile');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return migratedImageRead;
}

/**
 * An api on a fresh database: PGlite in memory, or, when DATABASE_URL is set, a schema of its own on that
 * server (dropped by close) so that test files run in parallel without seeing each other.
 */
export async function createTestApi(overrides: Partial<ApiConfig> = {}): Promise<TestApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-api-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `test_${randomUUID().replaceAll('-', '').slice(0, 20)}` : undefined;
  const clock: TestClock = {
    now: new Date('2026-03-02T09:00:00Z'),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const logs: string[] = [];
  const config = loadConfig(
    {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://portail.test',
      REFERENCE_DATA_DIR: process.env.REFERENCE_DATA_DIR,
    },
    {
      inMemoryDatabase: true,
      inMemoryImage: databaseUrl ? undefined : await migratedImage(),
      argon2: TEST_ARGON2,
      now: () => clock.now,
      logStream: { write: (line: string) => logs.push(line) },
      ...overrides,
    },
  );
  const dropSchema = async () => {
    if (!databaseUrl || !schema) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  };
  let api: Api;
  try {
    api = await createApi(config);
  } catch (error) {
    await dropSchema();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...api,
    clock,
    logs,
    dataDir,
    async close() {
      await api.close();
      await dropSchema();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Session {
  token: string;
  userId: number;
}

export async function login(api: Api, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await api.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json<Session>();
}

export function get(api: Api, url: string, session?: Session): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'GET',
    url,
    headers: session === undefined ? {} : { authorization: `Bearer ${session.token}` },
  });
}

export function mergePatch(
  api: Api,
  url: string,
  session: Session,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(body),
  });
}

export function postJson(
  api: Api,
  url: string,
  session: Session,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export interface HydraCollectionBody<T = Record<string, unknown>> {
  '@id': string;
  '@type': string;
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}

/** The mails the file transport wrote into DATA_DIR/mails, oldest first, decoded. */
export async function readMails(dataDir: string): Promise<string[]> {
  const folder = join(dataDir, 'mails');
  const files = (await readdir(folder).catch(() => [])).sort();
  return Promise.all(files.map(async (file) => decodeMail(await readFile(join(folder, file), 'utf8'))));
}

/** Headers plus the body with quoted-printable or base64 transfer encoding undone. */
function decodeMail(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
  }
  return raw;
}
