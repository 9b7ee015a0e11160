import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Gateway, type GatewayConfig, startGateway } from '../src/index.ts';
import type { LogFields, Logger } from '../src/logger.ts';

/** The mocked api: nock answers every call to it; an unmocked call fails as a network error. */
export const API = 'http://api.test';
/** A non-local host name the test requests may claim (nock lets it through to the gateway). */
export const REMOTE_HOST = 'portal.example.fr';

nock.disableNetConnect();
nock.enableNetConnect((host) => host.startsWith('127.0.0.1:') || host.startsWith(`${REMOTE_HOST}:`));

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields;
}

export function memoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const add =
    (level: LogEntry['level']) =>
    (message: string, fields: LogFields = {}) => {
      entries.push({ level, message, fields });
    };
  return { entries, info: add('info'), warn: add('warn'), error: add('error') };
}

export function testConfig(env: Record<string, string> = {}): GatewayConfig {
  return loadConfig({
    API_BASE_URL: API,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    GATEWAY_DEBUG: '1',
    WEB_DIST_DIR: join(tmpdir(), 'portal-gateway-no-web-dist'),
    PERSISTED_QUERIES_FILE: join(tmpdir(), 'portal-gateway-no-persisted-queries.json'),
    ...env,
  });
}

export interface TestGateway {
  url: string;
  logger: ReturnType<typeof memoryLogger>;
  /**
   * Forgets what the gateway process keeps between requests (the official lists, the calls each user's queries
   * asked last): each test, or each world a test builds, starts as a fresh process would.
   */
  forgetWhatTheProcessKeeps(): void;
  close(): Promise<void>;
}

export async function startTestGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  const logger = memoryLogger();
  const running = await startGateway(testConfig(env), { logger });
  return {
    url: running.url,
    logger,
    forgetWhatTheProcessKeeps: () => {
      running.contextDependencies.officialLists.clear();
      running.contextDependencies.rememberedCalls.clear();
    },
    close: running.close,
  };
}

/**
 * The file's gateway: started before its tests, closed after them, with the mocked api's interceptors cleared
 * after each test. Its fields are filled once the file's tests start.
 */
export function useTestGateway(env: Record<string, string> = {}): TestGateway {
  const gateway = {} as TestGateway;
  beforeAll(async () => {
    Object.assign(gateway, await startTestGateway(env));
  });
  afterAll(() => gateway.close());
  afterEach(() => {
    nock.cleanAll();
    gateway.forgetWhatTheProcessKeeps();
  });
  return gateway;
}

/**
 * The options of a test that builds and answers worlds of thousands of establishments: it counts calls, not time,
 * and its own building and parsing may take long on a busy machine.
 */
export const SCALE = { timeout: 60_000 };

export interface GraphQLResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  body: any;
  setCookies: string[];
  headers: Record<string, string | string[] | undefined>;
}

export interface PostOptions {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export async function post(url: string, body: unknown, options: PostOptions = {}): Promise<GraphQLResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.cookies !== undefined) {
    headers.cookie = Object.entries(options.cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
  }
  const response = await request(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.body.text();
  const setCookie = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    body: text === '' ? null : JSON.parse(text),
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    headers: response.headers,
  };
}

export function graphql(
  gateway: { url: string },
  query: string,
  variables: Record<string, unknown> = {},
  options: PostOptions = {},
): Promise<GraphQLResponse> {
  return post(`${gateway.url}/graphql`, { query, variables }, options);
}

/** A GET with the given Accept header; answers status, headers and text. */
export async function getText(url: string, accept = 'text/html,application/xhtml+xml') {
  const response = await request(url, { method: 'GET', headers: { accept } });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

/** A folder deleted at the end of the test file. */
export function tempDir(prefix: string): {
  path: string;
  write(name: string, content: string): string;
  remove(): void;
} {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    write(name, content) {
      const file = join(path, name);
      writeFileSync(file, content);
      return file;
    },
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}

/** Calls listed by GATEWAY_DEBUG, as 'METHOD path' with query parameters sorted (ids in numeric order). */
export function normalizedCalls(body: {
  extensions?: { restCalls?: { calls: { method: string; path: string }[] } };
}) {
  const calls = body.extensions?.restCalls?.calls ?? [];
  return calls.map(({ method, path }) => `${method} ${normalizePath(path)}`).sort();
}

export function normalizePath(path: string): string {
  const [pathname = '', search] = path.split('?', 2);
  if (search === undefined) return pathname;
  const params = search
    .split('&')
    .map((pair) => pair.split('=', 2) as [string, string])
    .sort(([ka, va], [kb, vb]) => ka.localeCompare(kb) || Number(va) - Number(vb) || va.localeCompare(vb));
  return `${pathname}?${params.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

export type { Gateway };
