import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { linkedFiles } from './preloadHome.ts';

type OutputChunk = Rolldown.OutputChunk;

const ENTRY_NAME = 'headStart';

/**
 * A script of index.html that runs before the app's (`src/headStart.ts`), built as an entry of its own: Vite
 * would bundle a second script of the page into the app's entry, behind the app's libraries. It is written first
 * in the page's head, with the files it imports preloaded, so that it runs as soon as it is there.
 */
export function headStart(source: string): Plugin {
  return {
    name: 'portal:head-start',
    config(_config, { command }) {
      if (command !== 'build') return;
      const root = fileURLToPath(new URL('..', import.meta.url));
      return {
        build: {
          rolldownOptions: { input: { index: `${root}index.html`, [ENTRY_NAME]: `${root}${source}` } },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        // In development the dev server serves the source as it is.
        if (bundle === undefined) {
          return [{ tag: 'script', attrs: { type: 'module', src: `/${source}` }, injectTo: 'head-prepend' }];
        }
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const { entry, imports } = headStartFiles(chunks);
        const linked = linkedFiles(html);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${entry}` },
            injectTo: 'head-prepend',
          },
          ...imports
            .filter((file) => !linked.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/** The head start's entry and the files it imports, directly or not (not those it imports when called). */
export function headStartFiles(
  chunks: readonly Pick<OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'name'>[],
): {
  entry: string;
  imports: string[];
} {
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === ENTRY_NAME);
  if (entry === undefined) throw new Error(`headStart: no '${ENTRY_NAME}' entry was built`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const imports = new Set<string>();
  const add = (file: string) => {
    if (imports.has(file)) return;
    imports.add(file);
    for (const next of byFile.get(file)?.imports ?? []) add(next);
  };
  for (const file of entry.imports) add(file);
  return { entry: entry.fileName, imports: [...imports] };
}
