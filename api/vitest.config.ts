import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    // Each file starts its own api on its own database (PGlite in memory, or a schema of DATABASE_URL).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
