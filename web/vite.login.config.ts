import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { loginPage } from './vite/loginPage.ts';
import { precompress } from './vite/precompress.ts';
import { relay } from './vite/relay.ts';
import { zodJitless } from './vite/zodJitless.ts';

/**
 * The login page (`/customer/Login`, login.html): a build of its own, run after the app's (`npm run build`), so
 * that it shares no chunk with the app and loads none of its libraries (React, Chakra, Relay). Its files go to
 * `dist/assets/login/`; it lists the app's first files, just built, to fetch them ahead.
 */
export default defineConfig({
  plugins: [
    zodJitless(),
    relay({
      sourceDirectory: fileURLToPath(new URL('./src', import.meta.url)),
      artifactDirectory: fileURLToPath(new URL('./src/__generated__', import.meta.url)),
    }),
    loginPage({ appIndexHtml: fileURLToPath(new URL('./dist/index.html', import.meta.url)) }),
    precompress(),
  ],
  // The app's build has copied public/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    // The app's build, just made, stays.
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: {
      input: { login: fileURLToPath(new URL('./login.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/login/[name]-[hash].js',
        chunkFileNames: 'assets/login/[name]-[hash].js',
        assetFileNames: 'assets/login/[name]-[hash][extname]',
      },
    },
  },
});
