import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { relay } from './vite/relay.ts';

const sourceDirectory = fileURLToPath(new URL('./src', import.meta.url));
const artifactDirectory = fileURLToPath(new URL('./src/__generated__', import.meta.url));

export default defineConfig({
  plugins: [relay({ sourceDirectory, artifactDirectory })],
  resolve: {
    alias: {
      // The registration module vite-plugin-pwa serves as a virtual module in the app's build: its own client
      // file here (inert without a service worker container, as in jsdom); tests of the prompt mock it.
      'virtual:pwa-register/react': 'vite-plugin-pwa/dist/client/build/react.js',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Screens render Chakra and Relay in jsdom and are driven by user-event: slow on a busy machine, two workers
    // sharing two cores, and CI machines up to three times slower (the longest takes about 12 s here, alone).
    testTimeout: 60_000,
    unstubGlobals: true,
  },
});
