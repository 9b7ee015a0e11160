import { Agent, Dispatcher } from 'undici';
import type { RestCall } from './client.ts';
import type { RestErrorKind } from './errors.ts';

/**
 * The one connection pool of the process to the api: keep-alive connections reused by every request, each
 * phase (connect, headers, body) bounded by the REST time-out (`RestClient` also bounds the whole call).
 *
 * When a call finds the api unreachable or silent (`callEnded`), the api instance it reached is taken for gone: the
 * pool is replaced, and the old one closes its kept-alive connections (those still in an exchange when it
 * ends). The api's next instance is then called on new connections, never on sockets its predecessor left
 * open and silent (a host or container gone without closing them, a frozen process killed later), each of
 * which would hold a request for the whole time-out.
 */
export class RestPool extends Dispatcher {
  readonly #options: Agent.Options;
  readonly #renewed: () => void;
  #agent: Agent;
  /** When the current connections were opened (`performance.now()`). */
  #since = performance.now();
  readonly #retired = new Set<Agent>();

  /** `renewed` is told of each replacement (the metrics). */
  constructor(timeoutMs: number, renewed: () => void = () => undefined) {
    super();
    this.#renewed = renewed;
    this.#options = {
      keepAliveTimeout: 10_000,
      connect: { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    this.#agent = new Agent(this.#options);
  }

  /**
   * A REST call ended (`RestClient`'s `onCallEnded`). One without an answer (its connection refused or reset,
   * or silent until the time-out) found the api lost: unless it went through connections already replaced,
   * new ones serve what comes, once per loss however many calls saw it.
   */
  callEnded(call: RestCall, failure: RestErrorKind | null): void {
    if (failure === null || performance.now() - call.durationMs < this.#since) return;
    const failed = this.#agent;
    this.#agent = new Agent(this.#options);
    this.#since = performance.now();
    this.#renewed();
    this.#retired.add(failed);
    const retire = () => this.#retired.delete(failed);
    failed.close().then(retire, retire);
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return this.#agent.dispatch(options, handler);
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const closed = Promise.all([this.#agent, ...this.#retired].map((agent) => agent.close())).then(
      () => undefined,
    );
    if (callback === undefined) return closed;
    closed.then(callback, callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const error = typeof first === 'function' ? null : (first ?? null);
    const callback = typeof first === 'function' ? first : second;
    const destroyed = Promise.all([this.#agent, ...this.#retired].map((agent) => agent.destroy(error))).then(
      () => undefined,
    );
    if (callback === undefined) return destroyed;
    destroyed.then(callback, callback);
  }
}
