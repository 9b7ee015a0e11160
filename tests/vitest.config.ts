import { defineConfig } from 'vitest/config';

// Checks of the code base as a whole (its import graph); the browser journeys and benchmarks run elsewhere.
export default defineConfig({
  test: { name: 'architecture', include: ['architecture/**/*.test.ts'], testTimeout: 60_000 },
});
