import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import web from './web/vitest.config.ts';

/**
 * One worker per core in every project: Vitest's default keeps one core for itself, which on the 2-core machines
 * here leaves a single worker, idle while a file sets up its database or its DOM. A project does not inherit the
 * root's setting, so each is given it.
 */
const maxWorkers = '100%';

/** A workspace's own config, with the run's workers (its name said again: an extended config's is not kept). */
const workspace = (folder: string, name: string): TestProjectInlineConfiguration => ({
  extends: `./${folder}/vitest.config.ts`,
  root: `./${folder}`,
  test: { name, maxWorkers },
});

/**
 * The web test files run each in a graph of its own: those that replace a module (vi.mock), and the expired
 * session's, which after some other files of a shared graph finds the 404 page where the root boundary should
 * show nothing (cause not found yet).
 */
const webIsolatedFiles = [
  'src/components/PwaUpdatePrompt.test.tsx',
  'src/graphiql/GraphiqlPage.test.tsx',
  'src/relay/viewerSession.test.tsx',
];

// One run for every workspace's unit and integration tests; each workspace keeps its own config.
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      workspace('domain', 'domain'),
      workspace('api', 'api'),
      workspace('gateway', 'gateway'),
      // One module graph and one jsdom per worker rather than per file: every web test imports React, Chakra and
      // Relay, and evaluating them again for each file took about half of the web tests' time. Its setup file
      // resets what the tests then share (DOM, history, storage, toasts).
      {
        ...web,
        root: './web',
        test: {
          ...web.test,
          name: '@portal/web',
          maxWorkers,
          isolate: false,
          exclude: [...configDefaults.exclude, ...webIsolatedFiles],
        },
      },
      {
        ...web,
        root: './web',
        test: { ...web.test, name: '@portal/web-isolated', maxWorkers, include: webIsolatedFiles },
      },
      workspace('tests', 'architecture'),
      workspace('tests/stack', 'stack'),
      workspace('tests/trackdechets-sandbox', 'trackdechets-sandbox'),
    ],
  },
});
