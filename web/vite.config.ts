import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { loginPage } from './vite/loginPage.ts';
import { APP_SCRIPT, HEAD_START, pageScript } from './vite/pageScript.ts';
import { precompress } from './vite/precompress.ts';
import { preloadHome } from './vite/preloadHome.ts';
import { relay } from './vite/relay.ts';
import { zodJitless } from './vite/zodJitless.ts';

const sourceDirectory = fileURLToPath(new URL('./src', import.meta.url));
const artifactDirectory = fileURLToPath(new URL('./src/__generated__', import.meta.url));
/** The gateway serving /graphql and /auth in development (`npm run dev -w web`). */
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
const gatewayProxy = {
  '/graphql': { target: gatewayUrl, changeOrigin: false },
  '/auth': { target: gatewayUrl, changeOrigin: false },
  '/graphiql/schema': { target: gatewayUrl, changeOrigin: false },
};

export default defineConfig({
  plugins: [
    zodJitless(),
    relay({ sourceDirectory, artifactDirectory }),
    react(),
    // The app's page's French texts; the login page is built by vite.login.config.ts (served here in development).
    loginPage(),
    VitePWA({
      filename: 'sw.js',
      scope: '/',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        id: '/',
        name: 'Portail déchets',
        short_name: 'Déchets',
        description: 'Suivi et traçabilité des déchets de vos établissements',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#137563',
        background_color: '#f6faf9',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // API calls, file routes, the GraphQL explorer's own page and the login page (login.html, a page of its
        // own) are never answered with the app shell.
        navigateFallbackDenylist: [
          /^\/graphql/,
          /^\/graphiql/,
          /^\/auth\//,
          /^\/api\//,
          /^\/customer\/login\/?(\?|$)/i,
        ],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The explorer (vite.graphiql.config.ts, built after) is for the few who script: never precached.
        globIgnores: [
          '**/node_modules/**/*',
          'graphiql.html',
          'assets/graphiql/**',
          'login.html',
          'assets/login/**',
        ],
      },
    }),
    // The dashboard's first queries leave before the app's scripts have run.
    pageScript(HEAD_START),
    pageScript(APP_SCRIPT),
    // The dashboard, where a login leads.
    preloadHome([
      '/src/apps/dashboard/DashboardHomePage.tsx',
      '/src/__generated__/DashboardHomePageQuery.graphql.ts',
      '/src/__generated__/DashboardFiguresQuery.graphql.ts',
      '/src/__generated__/DashboardMapQuery.graphql.ts',
    ]),
    precompress(),
  ],
  server: { port: Number(process.env.WEB_DEV_PORT ?? 5173), proxy: gatewayProxy },
  preview: { port: Number(process.env.WEB_PREVIEW_PORT ?? 4173), proxy: gatewayProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than screens: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'relay', test: /node_modules[\\/](react-relay|relay-runtime|fbjs|invariant)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // The UI kit's modules that most screens share (the layout's, the lists', the forms'), in one chunk
            // rather than in as many small ones as there are sets of screens sharing them; the others stay with
            // the screens that use them.
            {
              name: 'ui',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|stylis)[\\/]/,
              minShareCount: 25,
            },
          ],
        },
      },
    },
  },
});
