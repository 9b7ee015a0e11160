import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexHtmlTransformContext, IndexHtmlTransformHook, ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { appEntryFiles, loginPage, withFrenchTexts } from './loginPage.ts';

/** The login page as the plugin writes it from `html`, built beside the app's `indexHtml`, or served in development. */
function writtenLoginPage(
  html: string,
  { indexHtml, served = false }: { indexHtml?: string; served?: boolean },
) {
  const folder = mkdtempSync(join(tmpdir(), 'login-page-'));
  try {
    const appIndexHtml = join(folder, 'index.html');
    if (indexHtml !== undefined) writeFileSync(appIndexHtml, indexHtml);
    const { transformIndexHtml } = loginPage({ appIndexHtml });
    const handler = (transformIndexHtml as { handler: IndexHtmlTransformHook }).handler;
    const context = {
      path: '/login.html',
      filename: '/web/login.html',
      ...(served ? { server: {} as ViteDevServer } : {}),
    } as IndexHtmlTransformContext;
    return (handler as (html: string, context: IndexHtmlTransformContext) => string)(html, context);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the login page build', () => {
  it('writes the French texts in, escaped for HTML, and fails on a key the resources lack', () => {
    expect(withFrenchTexts('<h1>{{login.title}}</h1><p>{{ app.tagline }}</p>')).toBe(
      '<h1>Connexion</h1><p>Suivi et traçabilité des déchets de vos établissements</p>',
    );
    expect(withFrenchTexts('<button aria-label="{{login.forgotPassword}}">')).toBe(
      '<button aria-label="Mot de passe oublié ?">',
    );
    expect(() => withFrenchTexts('{{login.nothing}}')).toThrow("no French text 'login.nothing'");
    // A group of texts is not a text.
    expect(() => withFrenchTexts('{{login}}')).toThrow("no French text 'login'");
  });

  it("lists the app's first files from its built index.html: its entries, then what they preload, each once", () => {
    const index = [
      '<script type="module" crossorigin src="/assets/main-A1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/main-A1.js">',
      '<link rel="stylesheet" href="/assets/index-C3.css">',
    ].join('\n');
    expect(appEntryFiles(index)).toEqual(['/assets/main-A1.js', '/assets/react-B2.js']);
  });

  it("names the app's first files and its script in the page, which imports the source in development", () => {
    const page = '<html><head><title>{{login.title}}</title></head><body></body></html>';
    const indexHtml = [
      '<script type="module" async crossorigin src="/assets/headStart-D4.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
      '<script type="module" crossorigin src="/assets/main-A1.js"></script>',
    ].join('\n');
    const built = writtenLoginPage(page, { indexHtml });
    expect(built).toContain('<title>Connexion</title>');
    expect(built).toContain(
      '<meta name="portal-app-files" content="/assets/headStart-D4.js /assets/main-A1.js /assets/react-B2.js" />',
    );
    expect(built).toContain('<meta name="portal-app-start" content="/assets/main-A1.js" />');

    const served = writtenLoginPage(page, { served: true });
    expect(served).toContain('<meta name="portal-app-start" content="/src/main.tsx" />');
    expect(served).not.toContain('portal-app-files');
  });
});
