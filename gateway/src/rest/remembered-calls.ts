import { LRUCache } from 'lru-cache';

/**
 * A screen's query reaches the api in rounds: the viewer's record before the lists its typology picks, a page
 * before the records its rows name. The same user sending the same query with the same variables mostly asks
 * the same GETs again (a reload, a screen visited again, the dashboard after login). So the gateway remembers,
 * per user, query and variables, the GET paths the last answered run asked for, and sends them all as the next
 * run starts: its resolvers then find their answers on the way instead of waiting round after round.
 *
 * Only paths are remembered, never answers: every answer is fetched in the request that uses it, with its
 * caller's token, and the api decides access as always. A path the run no longer asks for (the data changed)
 * costs one call whose answer is dropped. Kept in the process, least recently used first out.
 */
export class RememberedCalls {
  readonly #runs: LRUCache<string, readonly string[]>;
  readonly #maxPaths: number;

  constructor({ maxRuns = 5_000, maxPaths = 30 }: { maxRuns?: number; maxPaths?: number } = {}) {
    this.#runs = new LRUCache({ max: maxRuns });
    this.#maxPaths = maxPaths;
  }

  get size(): number {
    return this.#runs.size;
  }

  clear(): void {
    this.#runs.clear();
  }

  recall(key: string): readonly string[] | undefined {
    return this.#runs.get(key);
  }

  remember(key: string, paths: readonly string[]): void {
    if (paths.length === 0) this.#runs.delete(key);
    else this.#runs.set(key, paths.slice(0, this.#maxPaths));
  }
}
