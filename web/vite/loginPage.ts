import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { fr } from '../src/i18n/fr.ts';
import { APP_SCRIPT, appScriptFile } from './pageScript.ts';

/**
 * The login page (login.html) is plain HTML with a small script: its French text is written into it at build,
 * from the app's resources (`{{login.title}}` is `fr.login.title`), so that it shows before any script runs; so is
 * the app's page (index.html), whose first picture is drawn before its scripts arrive. Built after the app, the
 * login page lists the app's first files (its entry and the modules the entry preloads) for the page to fetch
 * while the user types, and names the app's start, which it imports to start the app in place once signed in. In
 * development, the app's dev server serves it at /customer/Login, the app's start as its source.
 */

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const LOGIN_PATH = /^\/customer\/login\/?(\?|$)/i;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A text of the French resources by its dotted key; a missing key fails the build rather than show `{{…}}`. */
export function frenchText(key: string): string {
  let node: unknown = fr;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`A page: no French text '${key}' in src/i18n/fr.ts`);
  return node;
}

/** A page with its placeholders replaced by their French texts, escaped for HTML. */
export function withFrenchTexts(html: string): string {
  return html.replace(PLACEHOLDER, (_whole, key: string) => escapeHtml(frenchText(key)));
}

/** The scripts the app's built index.html loads first: its entries and the modules it preloads, each once. */
export function appEntryFiles(indexHtml: string): string[] {
  const found = [
    ...indexHtml.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ];
  return [...new Set(found.map((match) => match[1] as string))];
}

/** A page with these `<meta name content>` at the end of its head. */
function withMeta(html: string, metas: Record<string, string>): string {
  const tags = Object.entries(metas).map(
    ([name, content]) => `  <meta name="${name}" content="${escapeHtml(content)}" />\n`,
  );
  return html.replace('</head>', `${tags.join('')}  </head>`);
}

export interface LoginPageOptions {
  /** The app's built index.html, whose first files the login page fetches ahead (the login build only). */
  appIndexHtml?: string;
}

export function loginPage(options: LoginPageOptions = {}): Plugin {
  return {
    name: 'portal:login-page',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        const texts = withFrenchTexts(html);
        if (!/(^|[\\/])login\.html$/.test(context.filename)) return texts;
        if (context.server) return withMeta(texts, { 'portal-app-start': `/${APP_SCRIPT.source}` });
        const { appIndexHtml } = options;
        if (!appIndexHtml || !existsSync(appIndexHtml)) return texts;
        const files = appEntryFiles(readFileSync(appIndexHtml, 'utf8'));
        return withMeta(texts, {
          'portal-app-files': files.join(' '),
          'portal-app-start': appScriptFile(files),
        });
      },
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && LOGIN_PATH.test(req.url))
          req.url = req.url.replace(/^\/customer\/login\/?/i, '/login.html');
        next();
      });
    },
  };
}
