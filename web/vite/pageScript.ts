import { fileURLToPath } from 'node:url';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { linkedFiles } from './preloadHome.ts';

type OutputChunk = Rolldown.OutputChunk;

export interface PageScript {
  /** Its entry's name, which names its chunk (`assets/<name>-<hash>.js`). */
  name: string;
  /** Its source, from the web package's root. */
  source: string;
  /** Written first in the page's head and run as soon as it is there (`async`), before the page's others. */
  first?: boolean;
}

/** What the page's first script sends travels while the app's scripts load and run (`src/headStart.ts`). */
export const HEAD_START: PageScript = { name: 'headStart', source: 'src/headStart.ts', first: true };

/** The app: it starts in the page's root, and exports its start, which the login page imports (`src/main.tsx`). */
export const APP_SCRIPT: PageScript = { name: 'main', source: 'src/main.tsx' };

/**
 * A script of index.html, built as an entry of its own and written into the page with the files it imports
 * preloaded (index.html names none: Vite would bundle its scripts into one entry, a proxy that exports nothing).
 * Entries keep their exports, and still take those the other chunks import from them.
 */
export function pageScript(script: PageScript): Plugin {
  return {
    name: `portal:page-script:${script.name}`,
    config(_config, { command }) {
      if (command !== 'build') return;
      const root = fileURLToPath(new URL('..', import.meta.url));
      return {
        build: {
          rolldownOptions: {
            input: { index: `${root}index.html`, [script.name]: `${root}${script.source}` },
            preserveEntrySignatures: 'allow-extension',
          },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // In development the dev server serves the source as it is.
        if (bundle === undefined) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', src: `/${script.source}` },
              injectTo: script.first ? 'head-prepend' : 'body',
            },
          ];
        }
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const { entry, imports, css } = pageScriptFiles(chunks, script.name);
        const alreadyLinked = linkedFiles(html);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        return [
          {
            tag: 'script',
            attrs: {
              type: 'module',
              ...(script.first ? { async: true } : {}),
              crossorigin: true,
              src: `/${entry}`,
            },
            injectTo: script.first ? 'head-prepend' : 'head',
          },
          ...imports.filter((file) => !alreadyLinked.has(file)).map((file) => link('modulepreload', file)),
          ...css.filter((file) => !alreadyLinked.has(file)).map((file) => link('stylesheet', file)),
        ];
      },
    },
  };
}

type ChunkFacts = Pick<OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'name'> & {
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * The entry named `name`, the files it imports, directly or not (not those it imports when called), and the style
 * sheets these import.
 */
export function pageScriptFiles(
  chunks: readonly ChunkFacts[],
  name: string,
): { entry: string; imports: string[]; css: string[] } {
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === name);
  if (entry === undefined) throw new Error(`pageScript: no '${name}' entry was built`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const imports = new Set<string>();
  const add = (file: string) => {
    if (imports.has(file)) return;
    imports.add(file);
    for (const next of byFile.get(file)?.imports ?? []) add(next);
  };
  for (const file of entry.imports) add(file);
  const css = new Set(
    [entry.fileName, ...imports].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
  );
  return { entry: entry.fileName, imports: [...imports], css: [...css] };
}

/** The app's script among the files the app's page loads first (the login page's `appEntryFiles`). */
export function appScriptFile(files: readonly string[]): string {
  const file = files.find((name) => new RegExp(`/${APP_SCRIPT.name}-[\\w-]+\\.js$`).test(name));
  if (file === undefined)
    throw new Error(`The app's page loads no '${APP_SCRIPT.name}' script: build the app first`);
  return file;
}
