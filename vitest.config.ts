import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests; each workspace keeps its own config.
export default defineConfig({
  test: {
    // One worker per core: Vitest's default keeps one core for itself, which on the 2-core machines here leaves a
    // single worker, idle while a file sets up its database or its DOM (the suite took 10.2 min, 7.4 with two).
    maxWorkers: '100%',
    projects: ['domain', 'api', 'gateway', 'web', 'tests', 'tests/stack', 'tests/trackdechets-sandbox'],
  },
});
