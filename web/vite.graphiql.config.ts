import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite/precompress.ts';

/**
 * The GraphQL explorer (`/graphiql`, graphiql.html): a build of its own, run after the app's (`npm run build`),
 * so that nothing of GraphiQL (CodeMirror, its UI kit) enters or reshapes the app's chunks, and the app's service
 * worker, written by the app's build, never precaches it. Its files go to `dist/assets/graphiql/`; in development
 * the app's dev server (`npm run dev -w web`) serves it at /graphiql.html.
 */

/**
 * GraphiQL's stylesheet embeds its Roboto and Fira Code fonts as data: URLs (some 270 KB of gzip): dropped, so
 * that the page uses the system's fonts (its own fallbacks), loads nothing from elsewhere, and its policy keeps
 * `font-src 'self'`.
 */
function withoutEmbeddedFonts(): Plugin {
  const stylesheet = /[\\/]graphiql[\\/]dist[\\/]style\.css(\?.*)?$/;
  return {
    name: 'portal:graphiql-without-embedded-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!stylesheet.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutEmbeddedFonts(), precompress()],
  // The app's build has copied public/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    // The app's build, just made, stays.
    emptyOutDir: false,
    sourcemap: true,
    // GraphiQL with CodeMirror and graphql-js is one large chunk, loaded by this page only.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: { graphiql: fileURLToPath(new URL('./graphiql.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/graphiql/[name]-[hash].js',
        chunkFileNames: 'assets/graphiql/[name]-[hash].js',
        assetFileNames: 'assets/graphiql/[name]-[hash][extname]',
      },
    },
  },
});
