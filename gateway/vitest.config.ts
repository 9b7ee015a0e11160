import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql 16 ships CJS (main) and ESM (module) builds. Node, and so Apollo and graphql-tools, load the CJS
  // one; vite would resolve our own imports to the ESM one, and two graphql realms reject each other's schema.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: { name: 'gateway', include: ['test/**/*.test.ts'] },
});
