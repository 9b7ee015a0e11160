import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, Server as NetServer } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { Logger } from '../src/logger.ts';
import { RestCallLog, RestClient } from '../src/rest/client.ts';
import { RestPool } from '../src/rest/pool.ts';

/** Not the helpers' (they load nock, whose interception of sockets this test must not have). */
const logger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const TIMEOUT_MS = 300;

/**
 * A stand-in for one instance of the api, on a real socket: answers every call with its name. It holds its
 * first answers until `together` calls wait, so that the gateway opens that many connections. Silenced, it
 * dies as a vanished host does: it answers nothing more and stops listening, but never closes the
 * connections it has.
 */
class ApiInstance {
  readonly #server: Server;
  readonly #held: ServerResponse[] = [];
  #silent = false;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(name: string, port = 0, together = 1): Promise<ApiInstance> {
    let instance: ApiInstance | null = null;
    const server = createServer((_req, res) => {
      if (instance === null || instance.#silent) return;
      instance.#held.push(res);
      if (instance.#held.length < together) return;
      for (const held of instance.#held.splice(0)) {
        held.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ served: name }));
      }
      together = 1;
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    instance = new ApiInstance(server);
    return instance;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  silence(): void {
    this.#silent = true;
    // The listener only (an HTTP server's close would end its idle connections, and a vanished host does not),
    // without waiting for the connections to end: they never do.
    NetServer.prototype.close.call(this.#server);
  }

  stop(): Promise<void> {
    this.#silent = true;
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The gateway's pool and a REST client on it, wired as the gateway wires them; counts the renewals. */
function gatewayOf(api: ApiInstance) {
  const counted = { renewals: 0 };
  const pool = new RestPool(TIMEOUT_MS, () => counted.renewals++);
  const client = new RestClient({
    baseUrl: `http://127.0.0.1:${api.port}`,
    dispatcher: pool,
    timeoutMs: TIMEOUT_MS,
    token: null,
    log: new RestCallLog(),
    logger,
    onCallEnded: (call, failure) => pool.callEnded(call, failure),
  });
  cleanups.push(() => pool.destroy());
  const ping = () => client.get<{ served: string }>('/api/ping');
  return { counted, ping, three: () => Promise.all([ping(), ping(), ping()]) };
}

it("calls the api's next instance on new connections, never on those its silent predecessor left open", async () => {
  const first = await ApiInstance.start('first', 0, 3);
  const { port } = first;
  cleanups.push(() => first.stop());
  const gateway = gatewayOf(first);

  // Three connections kept alive to the first instance, free again a turn of the event loop after their answers.
  expect(await gateway.three()).toEqual(Array(3).fill({ served: 'first' }));
  await new Promise((resolve) => setImmediate(resolve));
  first.silence();
  // A call on one of them waits for its time-out, and the pool lets all of them go.
  await expect(gateway.ping()).rejects.toMatchObject({ kind: 'timeout' });
  expect(gateway.counted.renewals).toBe(1);
  const second = await ApiInstance.start('second', port);
  cleanups.push(() => second.stop());
  // Concurrent calls, which a pool keeping the old connections would send down the silent ones.
  expect(await gateway.three()).toEqual(Array(3).fill({ served: 'second' }));
});

it('keeps its connections while the api answers, and renews them once however many calls find it gone', async () => {
  const api = await ApiInstance.start('api');
  const gateway = gatewayOf(api);
  for (let i = 0; i < 3; i++) expect(await gateway.ping()).toEqual({ served: 'api' });
  expect(gateway.counted.renewals).toBe(0);
  await api.stop();
  await expect(gateway.three()).rejects.toMatchObject({ kind: 'network' });
  expect(gateway.counted.renewals).toBe(1);
});
