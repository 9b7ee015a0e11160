import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

// The real api and the real gateway together (scripts/stack.ts), for what only shows across the tiers: faults
// between them.
export default defineConfig({
  // One graphql realm for the gateway's schema and Apollo's validation, as in gateway/vitest.config.ts.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: { name: 'stack', include: ['**/*.test.ts'], testTimeout: 60_000, hookTimeout: 180_000 },
});
