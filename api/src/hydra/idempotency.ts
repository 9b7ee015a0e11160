import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preParsingHookHandler,
  RouteOptions,
} from 'fastify';
import type { ApiConfig } from '../config.ts';
import { type HeldTransaction, holdTransaction, outsideAmbientDb, runWithAmbientDb } from '../db/ambient.ts';
import type { Db } from '../db/index.ts';
import { problems } from './openapi.ts';
import { ApiProblem, badRequest } from './problem.ts';

/**
 * Idempotent creating writes, after the IETF draft "The Idempotency-Key HTTP Header Field". Every POST that
 * answers 201 takes an optional `Idempotency-Key` header. With one, the handler's work runs in one transaction,
 * opened at its first query (once the body is read: an upload does not hold the database), which also stores
 * the answer (status, `location`, body) under the caller and the key, and commits both just before the answer
 * leaves: the write is never stored without its answer, nor the answer without the write. Then:
 * - a retry with the same key and the same request gets that answer again, without running anything, with
 *   `Idempotent-Replayed: true`;
 * - the same key with another request (method, path, media type or body) is refused (422);
 * - a retry while the first still runs waits for its end (the key's row is locked until then), then is answered
 *   as above;
 * - a refusal or a failure is not kept (it changed nothing): the same key may be sent again;
 * - keys are forgotten after 24 hours.
 * A route that reads its body itself (a multipart upload) reads it whole before its first query, whose
 * transaction starts with the key's fingerprint.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_HOURS = 24;
const MAX_KEY_LENGTH = 255;

/** An sf-string (`"..."`, the draft's form) or a bare token of visible ASCII characters. */
const KEY_PATTERN = /^(?:"([\x21\x23-\x5b\x5d-\x7e]{1,255})"|([\x21-\x7e]{1,255}))$/;

export const idempotencyMessages = {
  malformedKey: `La clé d'idempotence (en-tête Idempotency-Key) doit compter de 1 à ${MAX_KEY_LENGTH} caractères visibles, sans espace.`,
  keyReused:
    "Cette clé d'idempotence a déjà servi pour une autre requête : envoyez cette demande avec une nouvelle clé.",
} as const;

/** The first answer of a key, as stored. */
interface StoredAnswer {
  status: number;
  location: string | null;
  contentType: string | null;
  body: string;
}

/** Thrown at the handler's first query when the key was answered already: the wrapper sends that answer. */
class Replay extends Error {
  readonly answer: StoredAnswer;

  constructor(answer: StoredAnswer) {
    super('answered already');
    this.answer = answer;
  }
}

/** The key of a request, or undefined without the header; a malformed one is refused (400). */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  const match = typeof header === 'string' ? KEY_PATTERN.exec(header.trim()) : null;
  const key = match?.[1] ?? match?.[2];
  if (key === undefined) throw badRequest(idempotencyMessages.malformedKey);
  return key;
}

/** sha256 of a body's bytes, with every occurrence of `cut` (a multipart boundary) left out. */
class BodyHash {
  readonly #hash: Hash = createHash('sha256');
  readonly #cut: Buffer | null;
  #carry: Buffer = Buffer.alloc(0);

  constructor(cut: string | undefined) {
    this.#cut = cut === undefined || cut === '' ? null : Buffer.from(cut);
  }

  update(chunk: Buffer): void {
    const cut = this.#cut;
    if (cut === null) {
      this.#hash.update(chunk);
      return;
    }
    // A boundary may straddle two chunks: the tail that could start one waits for the next chunk.
    const data = Buffer.concat([this.#carry, chunk]);
    let from = 0;
    for (let at = data.indexOf(cut, from); at !== -1; at = data.indexOf(cut, from)) {
      this.#hash.update(data.subarray(from, at));
      from = at + cut.length;
    }
    const keep = Math.max(from, data.length - cut.length + 1);
    this.#hash.update(data.subarray(from, keep));
    this.#carry = Buffer.from(data.subarray(keep));
  }

  digest(): string {
    this.#hash.update(this.#carry);
    return this.#hash.digest('hex');
  }
}

/**
 * The digest of the request's body as it arrives, whoever reads it (Fastify's JSON parser, or a multipart
 * route's parts). The stream is paused first: the reader resumes it, so a listener added now misses nothing.
 */
function bodyDigest(raw: IncomingMessage, boundary: string | undefined): Promise<string> {
  const hash = new BodyHash(boundary);
  const length = raw.headers['content-length'];
  if (raw.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
    return Promise.resolve(hash.digest());
  }
  raw.pause();
  raw.on('data', (chunk: Buffer) => hash.update(chunk));
  return new Promise((resolve, reject) => {
    raw.once('end', () => resolve(hash.digest()));
    raw.once('error', reject);
    // After 'end' this does nothing; before, the body was cut short.
    raw.once('close', () => reject(new Error('request body cut short')));
  });
}

/** What tells two requests apart: method, path and query, media type, body (a multipart boundary aside). */
async function fingerprintOf(request: FastifyRequest): Promise<string> {
  const [mediaType = '', ...parameters] = (request.headers['content-type'] ?? '').split(';');
  const boundary = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.toLowerCase().startsWith('boundary='))
    ?.slice('boundary='.length)
    .replace(/^"(.*)"$/, '$1');
  const body = await bodyDigest(request.raw, boundary);
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${mediaType.trim().toLowerCase()}\n${body}`)
    .digest('hex');
}

interface IdempotencyContext {
  db: Db;
  now: ApiConfig['now'];
}

/** One request sent with a key: its transaction, opened at its first query, and its end. */
class KeyedWrite {
  readonly #context: IdempotencyContext;
  readonly #userId: number;
  readonly #key: string;
  readonly #fingerprint: Promise<string>;
  /** Rejected (every query then throws) when the write must not run: a replay or a refusal. */
  #held: Promise<HeldTransaction> | undefined;
  #ended = false;

  constructor(context: IdempotencyContext, userId: number, key: string, fingerprint: Promise<string>) {
    this.#context = context;
    this.#userId = userId;
    this.#key = key;
    this.#fingerprint = fingerprint;
    // Read at the first query; a body cut short fails that query, not the process.
    fingerprint.catch(() => undefined);
  }

  /** The ambient Db of the handler: the held transaction, opened when first asked; the pool's once ended. */
  db(): Promise<Db> | undefined {
    if (this.#ended) return undefined;
    this.#held ??= this.#open();
    return this.#held.then((held) => held.db);
  }

  async #open(): Promise<HeldTransaction> {
    const { db, now } = this.#context;
    const fingerprint = await this.#fingerprint;
    const started = now();
    const forgotten = new Date(started.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000);
    await outsideAmbientDb(() =>
      db.query('delete from idempotency_keys where created_at <= $1', [forgotten]),
    );
    const held = await holdTransaction(db);
    try {
      // A key still being answered is locked by its transaction: this waits for it, then finds it answered.
      const claimed = await held.db.maybeOne<{ claimed: boolean }>(
        `insert into idempotency_keys (user_id, key, fingerprint, created_at) values ($1, $2, $3, $4)
         on conflict (user_id, key) do update
           set fingerprint = excluded.fingerprint, created_at = excluded.created_at,
             status = null, location = null, content_type = null, body = null
           where idempotency_keys.created_at <= $5
         returning true as claimed`,
        [this.#userId, this.#key, fingerprint, started, forgotten],
      );
      if (claimed !== null) return held;
      const first = await held.db.one<StoredAnswer & { fingerprint: string }>(
        `select fingerprint, status, location, content_type as "contentType", body
         from idempotency_keys where user_id = $1 and key = $2`,
        [this.#userId, this.#key],
      );
      if (first.fingerprint !== fingerprint) {
        throw new ApiProblem(422, undefined, { detail: idempotencyMessages.keyReused });
      }
      throw new Replay(first);
    } catch (error) {
      await held.end(false).catch(() => undefined);
      throw error;
    }
  }

  /**
   * At the answer: a success is stored with the write and committed, then sent; anything else rolls the write
   * back. A failed commit fails the answer (500): the client learns it was not stored.
   */
  async end(reply: FastifyReply, payload: unknown): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    const opened = this.#held;
    if (opened === undefined) return;
    const held = await opened.catch(() => null);
    // Not run (a replay, a refusal): its transaction is closed already.
    if (held === null) return;
    const status = reply.statusCode;
    if (status < 200 || status >= 300) {
      await held.end(false);
      return;
    }
    try {
      if (typeof payload !== 'string') throw new Error('an idempotent answer must be serialized text');
      const location = reply.getHeader('location');
      const contentType = reply.getHeader('content-type');
      await held.db.query(
        `update idempotency_keys set status = $3, location = $4, content_type = $5, body = $6
         where user_id = $1 and key = $2`,
        [
          this.#userId,
          this.#key,
          status,
          typeof location === 'string' ? location : null,
          typeof contentType === 'string' ? contentType : null,
          payload,
        ],
      );
    } catch (error) {
      await held.end(false).catch(() => undefined);
      reply.removeHeader('location');
      throw error;
    }
    try {
      await held.end(true);
    } catch (error) {
      reply.removeHeader('location');
      throw error;
    }
  }
}

const writes = new WeakMap<FastifyRequest, KeyedWrite>();

/** A POST documented with a 201: it creates, so it takes a key. */
function isCreating(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  return methods.includes('POST') && response !== undefined && Object.hasOwn(response, '201');
}

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** The key's header and its refusals, in the route's OpenAPI operation. */
function documented(schema: Record<string, unknown>): Record<string, unknown> {
  const response = schema.response as Record<string, unknown>;
  const headers = schema.headers as { properties?: Record<string, unknown> } | undefined;
  return {
    ...schema,
    headers: {
      ...headers,
      type: 'object',
      properties: {
        ...headers?.properties,
        'Idempotency-Key': {
          type: 'string',
          minLength: 1,
          maxLength: MAX_KEY_LENGTH,
          description:
            'Optional, one per intended write (a UUID): a retry with the same key and the same request gets ' +
            'the first answer again (with `Idempotent-Replayed: true`) instead of creating twice; the same key ' +
            `with another request is a 422. Kept ${IDEMPOTENCY_KEY_HOURS} hours per caller`,
        },
      },
    },
    response: { ...problems(400, 422), ...response },
  };
}

/**
 * Makes every creating POST registered after it idempotent with a key (see above). Install on the root
 * instance before the routes; `db` is the api's database, whose queries follow the held transaction.
 */
export function setupIdempotency(app: FastifyInstance, { db, config }: { db: Db; config: ApiConfig }): void {
  const context: IdempotencyContext = { db, now: config.now };

  const takeKey: preParsingHookHandler = async (request, _reply, payload) => {
    const key = keyOf(request);
    // Behind authentication: an anonymous request has no caller to key it by.
    if (key !== undefined && request.caller) {
      writes.set(request, new KeyedWrite(context, request.caller.userId, key, fingerprintOf(request)));
    }
    return payload;
  };

  const storeAnswer: onSendHookHandler = async (request, reply, payload) => {
    await writes.get(request)?.end(reply, payload);
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isCreating(route)) return;
    const handler = route.handler;
    route.schema = documented(route.schema as Record<string, unknown>);
    route.preParsing = [...hooksOf(route.preParsing), takeKey];
    route.onSend = [...hooksOf(route.onSend), storeAnswer];
    route.handler = async function idempotent(this: FastifyInstance, request, reply) {
      const write = writes.get(request);
      if (write === undefined) return handler.call(this, request, reply);
      try {
        return await runWithAmbientDb(
          () => write.db(),
          () => handler.call(this, request, reply),
        );
      } catch (error) {
        if (!(error instanceof Replay)) throw error;
        const { answer } = error;
        request.log.info({ status: answer.status }, 'idempotent write answered again');
        reply.status(answer.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (answer.location !== null) reply.header('location', answer.location);
        if (answer.contentType !== null) reply.type(answer.contentType);
        return reply.send(answer.body);
      }
    };
  });
}
