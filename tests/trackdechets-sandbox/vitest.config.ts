import { defineConfig } from 'vitest/config';

// The local stand-in for Trackdéchets, tested through real HTTP.
export default defineConfig({
  test: { name: 'trackdechets-sandbox', include: ['**/*.test.ts'] },
});
