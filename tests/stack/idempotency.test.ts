import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@portal/api';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../scripts/stack.ts';
import { stackTestEnv } from '../support/stack-env.ts';

/**
 * A write stored by the api whose answer the gateway never got (its REST time-out) is not repeated by a retry:
 * the retry, with the same `clientMutationId`, gets the first answer, and the row exists once.
 */

/** An answer of the api that the proxy kept from the gateway. */
interface LostAnswer {
  status: number;
  body: string;
  /** Settles when the gateway, waiting in vain, closes its connection. */
  abandoned: Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

const forwarded = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string | string[]] => entry[1] !== undefined && !HOP_BY_HOP.has(entry[0]),
    ),
  );

/**
 * What the gateway calls instead of the api: passes every exchange on, except the one it is told to lose, whose
 * answer it reads from the api (which has then committed the write) and never passes on.
 */
class LosingProxy {
  readonly #server: Server;
  readonly url: string;
  #lose: { method: string; path: RegExp; lost: (answer: LostAnswer) => void } | null = null;

  private constructor(server: Server, url: string) {
    this.#server = server;
    this.url = url;
  }

  static async start(apiUrl: string): Promise<LosingProxy> {
    let proxy: LosingProxy | null = null;
    const server = createServer((req, res) => {
      proxy?.relay(apiUrl, req, res).catch((error: unknown) => res.destroy(error as Error));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new LosingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /** The api's answer to the next `method` call on a path that matches `path`, kept from the gateway. */
  loseNextAnswer(method: string, path: RegExp): Promise<LostAnswer> {
    return new Promise((lost) => {
      this.#lose = { method, path, lost };
    });
  }

  async relay(apiUrl: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await request(`${apiUrl}${req.url}`, {
      method: req.method as 'GET',
      headers: forwarded(req.headers),
      body: chunks.length === 0 ? undefined : Buffer.concat(chunks),
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    const lose = this.#lose;
    if (lose !== null && lose.method === req.method && lose.path.test(req.url ?? '')) {
      this.#lose = null;
      const abandoned = new Promise<void>((resolve) => res.once('close', () => resolve()));
      lose.lost({ status: answer.statusCode, body: body.toString('utf8'), abandoned });
      return;
    }
    res.writeHead(answer.statusCode, forwarded(answer.headers));
    res.end(body);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

interface GraphAnswer<T> {
  data: T | null;
  errors?: { message: string; extensions: { code: string } }[];
}

let stack: Stack;
let proxy: LosingProxy | undefined;
let token: string;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-stack-'));

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await answer.body.json()) as T;
}

const graph = <T>(query: string, variables: Record<string, unknown> = {}) =>
  post<GraphAnswer<T>>(`${stack.url}/graphql`, { query, variables }, { authorization: `Bearer ${token}` });

beforeAll(async () => {
  stack = await startStack({
    env: {
      ...stackTestEnv(dataDir),
      // Short, so that the lost answer costs the test one second.
      REST_TIMEOUT_MS: '1000',
    },
    apiBaseUrl: async (apiUrl) => {
      proxy = await LosingProxy.start(apiUrl);
      return proxy.url;
    },
  });
  ({ token } = await post<{ token: string }>(`${stack.url}/auth/token`, {
    email: 'producteur@demo.fr',
    password: DEMO_PASSWORD,
  }));
});

afterAll(async () => {
  await stack?.close();
  await proxy?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface CreatedEntity {
  createEntity: { entity: { databaseId: number; name: string } | null; userErrors: unknown[] };
}

const CREATE_ENTITY = /* GraphQL */ `
  mutation Create($input: CreateEntityInput!) {
    createEntity(input: $input) {
      entity { databaseId name }
      userErrors { field message }
    }
  }
`;

describe('a write the gateway lost the answer of', () => {
  it('is answered with its first answer when retried with its key, and stored once', async () => {
    const demo = stack.api.demo;
    if (demo === null) throw new Error('the stack test needs the demo world');
    const site = await stack.api.db.one<{ id: number }>(
      'select id from company_sites where company_id = $1 order by id limit 1',
      [demo.producerCompanyId],
    );
    const { data } = await graph<{ establishment: { id: string } }>(
      `{ establishment(databaseId: ${site.id}) { id } }`,
    );
    if (data === null) throw new Error('the demo producer sees its first site');
    const name = `Chantier ${randomUUID()}`;
    const input = {
      establishmentId: data.establishment.id,
      name,
      startDate: '2026-03-02',
      clientMutationId: randomUUID(),
    };
    const stored = async () =>
      (
        await stack.api.db.query<{ id: number }>('select id from company_site_entities where name = $1', [
          name,
        ])
      ).map((row) => row.id);

    const lost = proxy!.loseNextAnswer('POST', /\/company_site_entities$/);
    const first = await graph<CreatedEntity>(CREATE_ENTITY, { input });
    // The gateway timed out: the user is told it failed...
    expect(first.errors?.map((error) => error.extensions.code)).toEqual(['UPSTREAM_ERROR']);
    // ...while the api had stored it and answered.
    const answer = await lost;
    await answer.abandoned;
    expect(answer.status).toBe(201);
    const [id] = await stored();
    expect(id).toBe((JSON.parse(answer.body) as { id: number }).id);

    const retried = await graph<CreatedEntity>(CREATE_ENTITY, { input });
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.createEntity).toEqual({ entity: { databaseId: id, name }, userErrors: [] });
    expect(await stored()).toEqual([id]);
  });
});
