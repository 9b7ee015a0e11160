/**
 * Recovery: the api killed (SIGKILL) under a bounded load through the gateway and restarted at once on its
 * database, as a supervisor restarts a dead process; the api and the gateway run as separate processes, as in
 * docker compose. Each round reports how long the api takes from its start to listening and to ready (on an
 * existing database), what the gateway answers while the api is away, and how soon after the api's return it
 * serves again. Every creating write carries a clientMutationId and is sent again with it until it is
 * acknowledged; the round then counts the rows of its writes: each acknowledged write must be stored once.
 * `FAULT_USERS` (default 8) sets the load: users each sending one request after the other.
 */
import { createEntityUntilAcknowledged, type GraphAnswer } from '../support/keyed-writes.ts';
import { freePort } from '../support/ports.ts';
import { crash, startServer, untilAnswers } from '../support/processes.ts';
import { bearerToken, json, ms, percentile, printTable, seedDatabase } from './lib.ts';

const USERS = Number(process.env.FAULT_USERS ?? 8);
/** How long the load runs before the kill, and after the api is ready again. */
const STEADY_MS = 3_000;
/** A failed request's user waits this long before its next one (a client does not hammer a failing server). */
const BACKOFF_MS = 50;
const EMAIL = 'producteur@demo.fr';

const wait = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** One answer the load got: when it was asked and answered (ms on the bench's clock), and whether it was good. */
interface Answer {
  kind: 'read' | 'write';
  started: number;
  ended: number;
  ok: boolean;
  /** The graph's error code, or `NO_ANSWER` when the gateway itself did not answer. */
  code: string | null;
}

const READ = '{ viewer { establishments(first: 5) { totalCount edges { node { name entityCount } } } } }';

/** The answers other than UPSTREAM_ERROR, counted by code (`ok` for a good one), e.g. `ok 3`. */
function othersOf(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { code } of answers) {
    if (code !== 'UPSTREAM_ERROR') counts.set(code ?? 'ok', (counts.get(code ?? 'ok') ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => `${code} ${count}`).join(', ') || 'none';
}

export async function benchFault(iterations: number): Promise<void> {
  const rounds = Math.max(1, Math.min(iterations, 3));
  const database = await seedDatabase({ companies: 40, sitesPerCompany: 10, entitiesPerSite: 3, years: 1 });
  const [apiPort, gatewayPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const env = {
    ...database.env,
    API_PORT: String(apiPort),
    API_BASE_URL: apiUrl,
    PORT: String(gatewayPort),
    HOST: '127.0.0.1',
  };
  const apiEnv = { ...env, LOG_LEVEL: 'info' };
  let api = startServer('api/src/main.ts', apiEnv);
  const gateway = startServer('gateway/src/main.ts', env);
  try {
    await untilAnswers(`${apiUrl}/readyz`, api);
    await untilAnswers(`${gatewayUrl}/readyz`, gateway);
    const token = await bearerToken(gatewayUrl, EMAIL);
    const graph = async (query: string, variables: object = {}): Promise<GraphAnswer> => {
      const response = await fetch(`${gatewayUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphAnswer;
    };
    const first = await graph('{ viewer { establishments(first: 1) { edges { node { id databaseId } } } } }');
    const establishment = (
      first.data as { viewer: { establishments: { edges: { node: { id: string; databaseId: number } }[] } } }
    ).viewer.establishments.edges[0]?.node;
    if (establishment === undefined) throw new Error(`${EMAIL} has no establishment`);

    const rows: string[][] = [
      [
        'round',
        'api listening',
        'api ready',
        'gateway serving again',
        'failed after return',
        'answers while away',
        'of them UPSTREAM_ERROR',
        'others',
        'slowest of them',
        'writes acknowledged',
        'stored once',
      ],
    ];
    /** The restarted api's own account of its start: its steps, and its time from the process's start. */
    const starts: string[][] = [];
    for (let round = 1; round <= rounds; round++) {
      const log: Answer[] = [];
      const acknowledged = new Map<string, number>();
      let stopped = false;
      let written = 0;
      const ask = async (kind: Answer['kind'], query: string, variables: object = {}) => {
        const started = performance.now();
        const answer = await graph(query, variables).catch(
          (): GraphAnswer => ({ errors: [{ message: 'no answer', extensions: { code: 'NO_ANSWER' } }] }),
        );
        const code = answer.errors?.[0]?.extensions?.code ?? null;
        log.push({ kind, started, ended: performance.now(), ok: code === null, code });
        if (code !== null) await wait(BACKOFF_MS);
        return answer;
      };
      const user = async (index: number) => {
        for (let turn = 0; !stopped; turn++) {
          if (turn % 4 !== 0) {
            await ask('read', READ);
            continue;
          }
          const name = `panne-${round}-${index}-${written++}`;
          const id = await createEntityUntilAcknowledged(
            (query, variables) => ask('write', query, variables),
            establishment.id,
            name,
            () => stopped,
          );
          if (id !== null) acknowledged.set(name, id);
        }
      };
      const load = Array.from({ length: USERS }, (_, index) => user(index));

      await wait(STEADY_MS);
      await crash(api);
      const spawnedAt = performance.now();
      api = startServer('api/src/main.ts', apiEnv);
      const listeningAt = await untilAnswers(`${apiUrl}/healthz`, api);
      const readyAt = await untilAnswers(`${apiUrl}/readyz`, api);
      await wait(STEADY_MS);
      stopped = true;
      await Promise.all(load);

      const away = log.filter((answer) => answer.started >= spawnedAt && answer.started < listeningAt);
      const afterReturn = log.filter((answer) => answer.started >= listeningAt);
      const servingAgain = afterReturn.find((answer) => answer.ok);
      const stored = await json<{ 'hydra:member': { name: string }[] }>(
        await fetch(
          `${apiUrl}/api/company_sites/${establishment.databaseId}/company_site_entities?pagination=false`,
          { headers: { authorization: `Bearer ${token}` } },
        ),
      );
      const copies = new Map<string, number>();
      for (const { name } of stored['hydra:member']) copies.set(name, (copies.get(name) ?? 0) + 1);
      const once = [...acknowledged.keys()].filter((name) => copies.get(name) === 1).length;
      const ready = api.lines.find((line) => line.msg === 'api ready');
      const listening = api.lines.find((line) => line.msg === 'api listening');
      const phases = (ready?.phases ?? {}) as Record<string, number>;
      if (starts.length === 0) starts.push(['round', 'process start to listening', ...Object.keys(phases)]);
      starts.push([
        String(round),
        ms(Number(listening?.sinceProcessStartMs)),
        ...Object.values(phases).map((value) => ms(value)),
      ]);
      rows.push([
        String(round),
        ms(listeningAt - spawnedAt),
        ms(readyAt - spawnedAt),
        servingAgain === undefined ? 'never' : `${ms(servingAgain.ended - listeningAt)} after`,
        String(afterReturn.filter((answer) => !answer.ok).length),
        String(away.length),
        String(away.filter((answer) => answer.code === 'UPSTREAM_ERROR').length),
        othersOf(away),
        ms(
          percentile(
            away.map((answer) => answer.ended - answer.started),
            100,
          ),
        ),
        String(acknowledged.size),
        `${once} of ${acknowledged.size}`,
      ]);
    }
    printTable(
      `Recovery: the api killed under ${USERS} users through the gateway, restarted at once on its database (${rounds} rounds)`,
      rows,
    );
    printTable(
      "The restarted api's start, by its own clock (node and its modules come before the first step)",
      starts,
    );
  } finally {
    const running = [api.process, gateway.process].filter((child) => child.exitCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    database.remove();
  }
}
