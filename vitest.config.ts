import { defineConfig } from 'vitest/config';

// One run for every workspace's unit and integration tests; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['domain', 'api', 'gateway', 'web', 'tests', 'tests/stack'],
  },
});
