import { configDefaults, defineConfig } from 'vitest/config';
import web from './web/vitest.config.ts';

/** The web test files that replace a module (vi.mock). */
const webModuleMocks = ['src/components/PwaUpdatePrompt.test.tsx', 'src/graphiql/GraphiqlPage.test.tsx'];

// One run for every workspace's unit and integration tests; each workspace keeps its own config.
export default defineConfig({
  test: {
    // One worker per core: Vitest's default keeps one core for itself, which on the 2-core machines here leaves a
    // single worker, idle while a file sets up its database or its DOM (the suite took 10.2 min, 7.4 with two).
    maxWorkers: '100%',
    projects: [
      'domain',
      'api',
      'gateway',
      // One module graph and one jsdom per worker rather than per file: every web test imports React, Chakra and
      // Relay, and evaluating them again for each file took about half of the web tests' time. Its setup file
      // resets what the tests then share (DOM, history, storage, toasts). The files that replace a module
      // (vi.mock) keep a graph of their own, where the replacement cannot reach the other files.
      {
        ...web,
        root: './web',
        test: {
          ...web.test,
          name: '@portal/web',
          isolate: false,
          exclude: [...configDefaults.exclude, ...webModuleMocks],
        },
      },
      { ...web, root: './web', test: { ...web.test, name: '@portal/web-isolated', include: webModuleMocks } },
      'tests',
      'tests/stack',
      'tests/trackdechets-sandbox',
    ],
  },
});
