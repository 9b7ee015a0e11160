import { messages } from '@portal/domain';
import type { LoginThrottle } from '../config.ts';
import type { Db } from '../db/index.ts';
import { tooManyRequests } from '../hydra/index.ts';

/**
 * Login throttling, kept in the database so that every api instance shares it: too many failures for an
 * account (the e-mail typed, known or not) or from an address within the window gives a 429.
 */
export class LoginThrottler {
  readonly #db: Db;
  readonly #settings: LoginThrottle;

  constructor(db: Db, settings: LoginThrottle) {
    this.#db = db;
    this.#settings = settings;
  }

  get #windowMs(): number {
    return this.#settings.windowMinutes * 60_000;
  }

  /** When `key` has reached `max` failures in the window: the time at which it drops below. */
  async #blockedUntil(
    column: 'email' | 'address',
    value: string,
    max: number,
    now: Date,
  ): Promise<Date | null> {
    const row = await this.#db.maybeOne<{ failedAt: Date }>(
      `select failed_at as "failedAt" from login_failures
       where ${column} = $1 and failed_at > $2
       order by failed_at desc offset $3 limit 1`,
      [value, new Date(now.getTime() - this.#windowMs), max - 1],
    );
    return row === null ? null : new Date(new Date(row.failedAt).getTime() + this.#windowMs);
  }

  /** Throws the 429 (with Retry-After) when the account or the address is blocked. */
  async assertAllowed(email: string, address: string, now: Date): Promise<void> {
    const blocked = await Promise.all([
      this.#blockedUntil('email', email, this.#settings.maxFailuresPerAccount, now),
      this.#blockedUntil('address', address, this.#settings.maxFailuresPerAddress, now),
    ]);
    const until = Math.max(...blocked.map((date) => date?.getTime() ?? 0));
    if (until > now.getTime()) {
      throw tooManyRequests(messages.tooManyAttempts, (until - now.getTime()) / 1000);
    }
  }

  async recordFailure(email: string, address: string, now: Date): Promise<void> {
    await this.#db.query('insert into login_failures (email, address, failed_at) values ($1, $2, $3)', [
      email,
      address,
      now,
    ]);
    await this.#db.query('delete from login_failures where failed_at <= $1', [
      new Date(now.getTime() - this.#windowMs),
    ]);
  }

  /** A successful login (or password reset) forgets the account's failures. */
  async clearAccount(email: string): Promise<void> {
    await this.#db.query('delete from login_failures where email = $1', [email]);
  }
}
