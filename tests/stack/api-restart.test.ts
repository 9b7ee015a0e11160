import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@portal/api';
import { type Logger, loadConfig, type RunningGateway, startGateway } from '@portal/gateway';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEntityUntilAcknowledged, type GraphAnswer } from '../support/keyed-writes.ts';
import { freePort } from '../support/ports.ts';
import { crash, type ServerProcess, startServer, untilAnswers } from '../support/processes.ts';

/**
 * The api crashes under a load of creating writes through the gateway and a supervisor restarts it on its
 * database: meanwhile the gateway answers UPSTREAM_ERROR; from the api's return on, it serves every request;
 * each write, sent again with its clientMutationId until acknowledged, is stored once. (How fast each step
 * is: `npm run bench -- fault`.)
 */

const USERS = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
let apiUrl: string;
let apiEnv: NodeJS.ProcessEnv;
let api: ServerProcess;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  apiUrl = `http://127.0.0.1:${await freePort()}`;
  apiEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    API_PORT: new URL(apiUrl).port,
    LOG_LEVEL: 'warn',
  };
  api = startServer('api/src/main.ts', apiEnv);
  await untilAnswers(`${apiUrl}/readyz`, api);
  // The failed calls while the api is away are expected: not written to the test's output.
  const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  gateway = await startGateway(
    loadConfig({ ...apiEnv, API_BASE_URL: apiUrl, HOST: '127.0.0.1', PORT: '0', REST_TIMEOUT_MS: '2000' }),
    { logger: quiet },
  );
  const answer = await fetch(`${gateway.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'producteur@demo.fr', password: DEMO_PASSWORD }),
  });
  ({ token } = (await answer.json()) as { token: string });
});

afterAll(async () => {
  await gateway?.close();
  if (api !== undefined) await crash(api);
  rmSync(dataDir, { recursive: true, force: true });
});

async function graph(query: string, variables: object = {}): Promise<GraphAnswer> {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphAnswer;
}

/** Resolves once `condition` holds, checking it at each turn of the load. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('answers UPSTREAM_ERROR while the api is away, serves again once it is back, and stores every acknowledged write once', async () => {
  const first = await graph('{ viewer { establishments(first: 1) { edges { node { id databaseId } } } } }');
  const viewer = first.data?.viewer as
    | { establishments: { edges: { node: { id: string; databaseId: number } }[] } }
    | undefined;
  const establishment = viewer?.establishments.edges[0]?.node;
  if (establishment === undefined) throw new Error('the demo producer has an establishment');

  /** Every answer: when it was asked (the bench's clock) and its error code, null when it went through. */
  const answers: { started: number; code: string | null }[] = [];
  const acknowledged = new Map<string, number>();
  let stopped = false;
  const user = async (index: number) => {
    for (let turn = 0; !stopped; turn++) {
      const name = `Reprise ${index}-${turn}`;
      const id = await createEntityUntilAcknowledged(
        async (query, variables) => {
          const started = performance.now();
          const answer = await graph(query, variables).catch(
            (): GraphAnswer => ({ errors: [{ extensions: { code: 'NO_ANSWER' } }] }),
          );
          answers.push({ started, code: answer.errors?.[0]?.extensions?.code ?? null });
          return answer;
        },
        establishment.id,
        name,
        () => stopped,
      );
      if (id !== null) acknowledged.set(name, id);
    }
  };
  const load = Array.from({ length: USERS }, (_, index) => user(index));
  try {
    await until(() => acknowledged.size >= USERS);
    await crash(api);
    const crashedAt = performance.now();
    await until(() => answers.some((answer) => answer.started > crashedAt && answer.code !== null));
    api = startServer('api/src/main.ts', apiEnv);
    const readyAt = await untilAnswers(`${apiUrl}/readyz`, api);
    const before = acknowledged.size;
    await until(() => acknowledged.size >= before + USERS);
    stopped = true;
    await Promise.all(load);

    const away = answers.filter((answer) => answer.started > crashedAt && answer.started < readyAt);
    expect(new Set(away.map((answer) => answer.code))).toContain('UPSTREAM_ERROR');
    expect(
      away.map((answer) => answer.code).filter((code) => code !== null && code !== 'UPSTREAM_ERROR'),
    ).toEqual([]);
    const back = answers.filter((answer) => answer.started >= readyAt);
    expect(back.length).toBeGreaterThanOrEqual(USERS);
    expect(back.filter((answer) => answer.code !== null)).toEqual([]);
  } finally {
    stopped = true;
    await Promise.all(load);
  }

  const listed = await fetch(
    `${apiUrl}/api/company_sites/${establishment.databaseId}/company_site_entities?pagination=false`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { 'hydra:member': members } = (await listed.json()) as {
    'hydra:member': { id: number; name: string }[];
  };
  const stored = new Map<string, number[]>();
  for (const { id, name } of members) stored.set(name, [...(stored.get(name) ?? []), id]);
  for (const [name, id] of acknowledged) expect(stored.get(name), name).toEqual([id]);
});
