import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file starts its own api on its own database (PGlite in memory, or a schema of DATABASE_URL); the
    // modules they run on are loaded once per worker.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
