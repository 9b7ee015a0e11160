/**
 * Where the api's start spends its time, logged when it is ready: a slow restart says which step was slow
 * (the database's opening, its migrations, a domain's preparation, the routes).
 */
export class StartTimer {
  readonly #started = performance.now();
  #last = this.#started;
  /** Milliseconds of each step, in order. */
  readonly phases: Record<string, number> = {};

  /** Ends step `name`, which began where the previous one ended. */
  lap(name: string): void {
    const now = performance.now();
    this.phases[name] = Math.round(now - this.#last);
    this.#last = now;
  }

  get totalMs(): number {
    return Math.round(performance.now() - this.#started);
  }
}
