import {
  createOperationDescriptor,
  Environment,
  Network,
  Observable,
  PreloadableQueryRegistry,
  RecordSource,
  Store,
} from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import contactPageQueryNode from '../__generated__/ContactPageQuery.graphql.ts';
import contactPageQueryParameters from '../__generated__/ContactPageQuery$parameters.ts';
import viewerSessionQueryNode from '../__generated__/viewerSessionQuery.graphql.ts';
import {
  createQueryWarmer,
  createRoutePreloader,
  heldQuery,
  NAVIGATION_DATA_WAIT_MS,
  screenQuery,
  WARM_RETENTION_MS,
} from './preload.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sent = (environment: ReturnType<typeof createMockEnvironment>) =>
  environment.mock.getAllOperations().length;

function answerAll(environment: ReturnType<typeof createMockEnvironment>) {
  for (const operation of environment.mock.getAllOperations()) {
    environment.mock.resolve(operation, MockPayloadGenerator.generate(operation));
  }
}

/** The session query, its artifact at hand. */
const sessionQuery = heldQuery(viewerSessionQueryNode);

describe('route preloader', () => {
  it('keeps the reference the screen being left still renders, and disposes older ones', async () => {
    const preload = createRoutePreloader(createMockEnvironment());
    const first = await preload('screen', sessionQuery, {});
    const second = await preload('screen', sessionQuery, {});
    expect(first.isDisposed).toBe(false);
    const third = await preload('screen', sessionQuery, {});
    expect(first.isDisposed).toBe(true);
    expect(second.isDisposed).toBe(false);
    expect(third.isDisposed).toBe(false);
    // Routes do not share their references.
    await preload('other', sessionQuery, {});
    await preload('other', sessionQuery, {});
    expect(second.isDisposed).toBe(false);
  });

  it('asks the network again for data already in the store, except offline', async () => {
    const environment = createMockEnvironment();
    const preload = createRoutePreloader(environment);
    await preload('screen', sessionQuery, {});
    answerAll(environment);
    await preload('screen', sessionQuery, {});
    expect(sent(environment)).toBe(1);
    answerAll(environment);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await preload('screen', sessionQuery, {});
    expect(sent(environment)).toBe(0);
  });
});

describe('route preloader, a @preloadable query whose artifact is not imported yet', () => {
  it('sends the query at once, and reads its answer into the store once the artifact has come', async () => {
    // A query whose artifact this page has not imported yet: the registry lacks it until its module runs (an id of
    // its own, since the registry is shared with the other tests, which have imported the real one).
    const id = 'ContactPageQuery, not yet imported';
    const parameters = {
      ...contactPageQueryParameters,
      params: { ...contactPageQueryParameters.params, id } as typeof contactPageQueryParameters.params,
    };
    const requests: string[] = [];
    const answers: { next(value: unknown): void; complete(): void }[] = [];
    const environment = new Environment({
      network: Network.create((params) => {
        requests.push(params.name);
        return Observable.create((sink) => {
          answers.push(sink);
        });
      }),
      store: new Store(new RecordSource()),
    });
    let artifactCame: () => void = () => {};
    const artifactComing = new Promise<void>((resolve) => {
      artifactCame = resolve;
    });
    const query = screenQuery(parameters, async () => {
      await artifactComing;
      PreloadableQueryRegistry.set(id, contactPageQueryNode);
      return { default: contactPageQueryNode };
    });

    let opened = false;
    const preloaded = createRoutePreloader(environment)('contact', query, {}).then((reference) => {
      opened = true;
      return reference;
    });
    // Sent before the artifact is there.
    expect(requests).toEqual(['ContactPageQuery']);
    const viewer = { id: 'VXNlcjox', email: 'claire@demo.fr', phone: null, __typename: 'User' };
    for (const sink of answers) {
      sink.next({ data: { viewer } });
      sink.complete();
    }
    await Promise.resolve();
    expect(opened).toBe(false);

    artifactCame();
    await preloaded;
    expect(environment.check(createOperationDescriptor(contactPageQueryNode, {})).status).toBe('available');
    expect(requests).toEqual(['ContactPageQuery']);
  });
});

describe('route preloader, leaving a screen for another', () => {
  /** Whether the promise has settled once the pending callbacks have run. */
  async function isSettled(promise: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return settled;
  }

  it('waits for the data, or for its failure, before the screen is drawn', async () => {
    vi.useFakeTimers();
    const environment = createMockEnvironment();
    const preload = createRoutePreloader(environment);
    const answered = preload('screen', sessionQuery, {}, NAVIGATION_DATA_WAIT_MS);
    expect(await isSettled(answered)).toBe(false);
    answerAll(environment);
    expect(await isSettled(answered)).toBe(true);
    expect(environment.check(createOperationDescriptor(viewerSessionQueryNode, {})).status).toBe('available');

    const failing = createMockEnvironment();
    const failed = createRoutePreloader(failing)('screen', sessionQuery, {}, NAVIGATION_DATA_WAIT_MS);
    expect(await isSettled(failed)).toBe(false);
    for (const operation of failing.mock.getAllOperations())
      failing.mock.reject(operation, new Error('HTTP 502'));
    // The screen meets the failure as it reads the reference.
    const reference = await failed;
    const failure = await new Promise((resolve) => reference.source?.subscribe({ error: resolve }));
    expect(failure).toEqual(new Error('HTTP 502'));
  });

  it('waits no longer than NAVIGATION_DATA_WAIT_MS, and not at all for data the store holds', async () => {
    vi.useFakeTimers();
    const environment = createMockEnvironment();
    const preload = createRoutePreloader(environment);
    const slow = preload('screen', sessionQuery, {}, NAVIGATION_DATA_WAIT_MS);
    await vi.advanceTimersByTimeAsync(NAVIGATION_DATA_WAIT_MS - 1);
    expect(await isSettled(slow)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(slow)).toBe(true);
    // The request goes on: its data shows once there.
    expect(sent(environment)).toBe(1);
    answerAll(environment);

    // In the store (a link pointed at fetched it): drawn at once, and refreshed.
    expect(await isSettled(preload('other', sessionQuery, {}, NAVIGATION_DATA_WAIT_MS))).toBe(true);
    expect(sent(environment)).toBe(1);
  });
});

describe('query warmer (a link pointed at)', () => {
  it('fetches the data a screen will read, which the screen then shows at once while refreshing it, for 30 s', async () => {
    vi.useFakeTimers();
    const environment = createMockEnvironment();
    const warm = createQueryWarmer(environment);
    const warmed = await warm('screen', sessionQuery, {});
    expect(sent(environment)).toBe(1);
    answerAll(environment);
    // Pointed at again: the store answers.
    await warm('screen', sessionQuery, {});
    expect(sent(environment)).toBe(0);

    // The screen opens with the data in the store (and refreshes it).
    const opened = await createRoutePreloader(environment)('screen', sessionQuery, {});
    expect(environment.check(createOperationDescriptor(viewerSessionQueryNode, {})).status).toBe('available');
    // Its own reference goes after 30 s; the screen's keeps the data.
    vi.advanceTimersByTime(WARM_RETENTION_MS);
    expect(warmed.isDisposed).toBe(true);
    expect(opened.isDisposed).toBe(false);
  });
});
