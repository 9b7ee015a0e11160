import { existsSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { GRAPHIQL_PATH } from './graphiql.ts';
import type { Logger } from './logger.ts';

/** Paths that belong to the gateway's own routes, never to the web app's history fallback. */
const NOT_APP_ROUTES = /^\/(graphql|graphiql|auth|api|healthz|readyz|metrics)(\/|$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The login page, a page of its own (the web build's `login.html`), whatever the case of its path. */
const LOGIN_PAGE = /^\/customer\/login\/?$/i;

/**
 * The built web app: hashed assets (Vite's `assets/`) cached for a year, everything else (index.html,
 * /sw.js, the manifest) revalidated on each use, and index.html for any other page a browser asks for, so
 * that deep links reach the app's router. The login page and the GraphQL explorer are pages of their own in the
 * build: `login.html` at /customer/Login, `graphiql.html` at /graphiql. Null when the app is not built.
 */
export function webAppRouter(distDir: string, logger: Logger): Router | null {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(distDir) || !statSync(distDir).isDirectory()) {
    logger.warn('web app not built: serving only the graph', { webDistDir: distDir });
    return null;
  }
  const graphiqlFile = join(distDir, 'graphiql.html');
  const loginFile = join(distDir, 'login.html');
  const assetsDir = join(distDir, 'assets') + sep;
  const router = express.Router();
  // One address for the explorer: its page carries a policy of its own (security-headers.ts), given by path.
  router.get('/graphiql.html', (_req, res) => res.redirect(301, GRAPHIQL_PATH));
  router.get(GRAPHIQL_PATH, (_req, res, next) => {
    if (!existsSync(graphiqlFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(graphiqlFile);
  });
  router.get('/login.html', (_req, res) => res.redirect(301, '/customer/Login'));
  router.get(LOGIN_PAGE, (_req, res, next) => {
    if (!existsSync(loginFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(loginFile);
  });
  // The build's brotli and gzip files (`.br`, `.gz` beside each asset) are sent to browsers that accept them.
  router.use(
    expressStaticGzip(distDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        redirect: false,
        setHeaders(res, path) {
          const original = path.replace(/\.(br|gz)$/, '');
          res.setHeader('Cache-Control', original.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
        },
      },
    }),
  );
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_APP_ROUTES.test(req.path) || extname(req.path) !== '') return next();
    if (!req.accepts('html') || !existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
