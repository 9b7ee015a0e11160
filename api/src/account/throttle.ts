import { isIP } from 'node:net';
import { messages } from '@portal/domain';
import { plainAddress } from '@portal/domain/trusted-proxies';
import type { LoginThrottle, ResetThrottle } from '../config.ts';
import type { Db } from '../db/index.ts';
import { tooManyRequests } from '../hydra/index.ts';

const MINUTE = 60_000;

/**
 * What the throttles count a client by: an IPv4 address, or the /64 of an IPv6 one (a single machine is
 * commonly given a whole /64, which would otherwise be as many fresh addresses as an attacker wants).
 */
export function addressKey(ip: string): string {
  const address = plainAddress(ip).split('%')[0] ?? '';
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * Serialises the decisions about one e-mail and one address across api instances (PostgreSQL), so that
 * parallel tries cannot all be allowed before any is counted; PGlite runs one transaction at a time anyway.
 */
async function lockKeys(tx: Db, scope: string, email: string, address: string): Promise<void> {
  if (tx.engine !== 'postgres') return;
  // Always the e-mail first, then the address: two tries never wait on each other in a circle.
  for (const [kind, value] of [
    ['email', email],
    ['address', address],
  ]) {
    await tx.query(`select pg_advisory_xact_lock(hashtext(current_schema() || $1), hashtext($2))`, [
      `.${scope}:${kind}`,
      value,
    ]);
  }
}

interface Counted {
  table: 'login_failures' | 'password_reset_requests';
  at: 'failed_at' | 'requested_at';
}
const LOGIN_FAILURES: Counted = { table: 'login_failures', at: 'failed_at' };
const RESET_REQUESTS: Counted = { table: 'password_reset_requests', at: 'requested_at' };

/** When `column = value` has `max` rows in the window: the time (ms) at which the oldest of them leaves it. */
async function windowFullUntil(
  db: Db,
  { table, at }: Counted,
  column: 'email' | 'address',
  value: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const row = await db.maybeOne<{ at: Date }>(
    `select ${at} as "at" from ${table} where ${column} = $1 and ${at} > $2
     order by ${at} desc offset $3 limit 1`,
    [value, new Date(now.getTime() - windowMs), max - 1],
  );
  return row === null ? 0 : new Date(row.at).getTime() + windowMs;
}

/** A login try being made: counted as a failure until `succeeded` says otherwise. */
export interface LoginAttempt {
  email: string;
  address: string;
}

/**
 * Login throttling, kept in the database so that every api instance shares it.
 *
 * - An address that has not failed on an account is always heard there, whatever other addresses did: failures
 *   elsewhere never refuse the owner's right password.
 * - An address that failed on the account waits on the account's delay (none for its first `freeFailures`
 *   failures, then `firstDelayMinutes` after the last one, doubled at each further failure): however many such
 *   addresses an attacker holds, they share one slow pace. An address where the account signed in before
 *   waits on its own failures only, so that an attacker cannot hold the owner's usual address either.
 * - An address with too many failures on any accounts is refused for a while.
 *
 * A try is counted when it starts (and forgotten if it succeeds), so parallel tries get no more than their
 * share. What an attacker gains beyond the shared pace is one try per new address per `failureMemoryHours`.
 */
export class LoginThrottler {
  readonly #db: Db;
  readonly #settings: LoginThrottle;
  readonly #refused: () => void;

  /** `refused` is told of each try refused (the metrics). */
  constructor(db: Db, settings: LoginThrottle, refused: () => void) {
    this.#db = db;
    this.#settings = settings;
    this.#refused = refused;
  }

  /** The wait after the last of `failures` failures. */
  #delayMs(failures: number): number {
    const { freeFailures, firstDelayMinutes, maxDelayMinutes } = this.#settings;
    if (failures < freeFailures) return 0;
    return Math.min(maxDelayMinutes, firstDelayMinutes * 2 ** (failures - freeFailures)) * MINUTE;
  }

  /** Throws the 429 (with Retry-After) when this try must wait; otherwise counts it and lets it go on. */
  async begin(email: string, ip: string, now: Date): Promise<LoginAttempt> {
    const attempt = { email, address: addressKey(ip) };
    const { maxFailuresPerAddress, addressWindowMinutes, failureMemoryHours } = this.#settings;
    const memoryStart = new Date(now.getTime() - failureMemoryHours * 3_600_000);
    await this.#db.transaction(async (tx) => {
      await lockKeys(tx, 'login', email, attempt.address);
      // The failures of the account within the memory, from this address only or from all.
      const failures = (address?: string) =>
        tx.one<{ count: number; last: Date | null }>(
          `select count(*)::int as count, max(failed_at) as "last" from login_failures
           where email = $1 and failed_at > $2${address === undefined ? '' : ' and address = $3'}`,
          address === undefined ? [email, memoryStart] : [email, memoryStart, address],
        );
      let until = await windowFullUntil(
        tx,
        LOGIN_FAILURES,
        'address',
        attempt.address,
        maxFailuresPerAddress,
        addressWindowMinutes * MINUTE,
        now,
      );
      const own = await failures(attempt.address);
      if (own.count > 0) {
        const known = await tx.maybeOne(
          'select 1 from login_addresses where email = $1 and address = $2 and succeeded_at > $3',
          [email, attempt.address, new Date(now.getTime() - this.#settings.knownAddressDays * 86_400_000)],
        );
        const pace = known === null ? await failures() : own;
        until = Math.max(until, new Date(pace.last ?? now).getTime() + this.#delayMs(pace.count));
      }
      if (until > now.getTime()) {
        this.#refused();
        throw tooManyRequests(messages.tooManyAttempts, (until - now.getTime()) / 1000);
      }
      await tx.query('insert into login_failures (email, address, failed_at) values ($1, $2, $3)', [
        email,
        attempt.address,
        now,
      ]);
    });
    await this.#db.query('delete from login_failures where failed_at <= $1', [memoryStart]);
    return attempt;
  }

  /** The right password: the address's failures on the account are forgotten and it becomes the owner's. */
  async succeeded({ email, address }: LoginAttempt, now: Date): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.query('delete from login_failures where email = $1 and address = $2', [email, address]);
      await tx.query(
        `insert into login_addresses (email, address, succeeded_at) values ($1, $2, $3)
         on conflict (email, address) do update set succeeded_at = excluded.succeeded_at`,
        [email, address, now],
      );
      await tx.query('delete from login_addresses where succeeded_at <= $1', [
        new Date(now.getTime() - this.#settings.knownAddressDays * 86_400_000),
      ]);
    });
  }
}

/**
 * Password-reset requests per e-mail and per client address: the route tells whether an account exists, so an
 * address may ask only a few times an hour, and an e-mail receives only a few mails.
 */
export class ResetRequestThrottler {
  readonly #db: Db;
  readonly #settings: ResetThrottle;
  readonly #refused: () => void;

  /** `refused` is told of each request refused (the metrics). */
  constructor(db: Db, settings: ResetThrottle, refused: () => void) {
    this.#db = db;
    this.#settings = settings;
    this.#refused = refused;
  }

  /** Throws the 429 (with Retry-After) when the e-mail or the address has asked enough; otherwise counts it. */
  async record(email: string, ip: string, now: Date): Promise<void> {
    const address = addressKey(ip);
    const { maxPerEmail, maxPerAddress, windowMinutes } = this.#settings;
    const windowMs = windowMinutes * MINUTE;
    await this.#db.transaction(async (tx) => {
      await lockKeys(tx, 'reset', email, address);
      const until = Math.max(
        await windowFullUntil(tx, RESET_REQUESTS, 'email', email, maxPerEmail, windowMs, now),
        await windowFullUntil(tx, RESET_REQUESTS, 'address', address, maxPerAddress, windowMs, now),
      );
      if (until > now.getTime()) {
        this.#refused();
        throw tooManyRequests(messages.tooManyResetRequests, (until - now.getTime()) / 1000);
      }
      await tx.query(
        'insert into password_reset_requests (email, address, requested_at) values ($1, $2, $3)',
        [email, address, now],
      );
    });
    await this.#db.query('delete from password_reset_requests where requested_at <= $1', [
      new Date(now.getTime() - windowMs),
    ]);
  }
}
