import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * index.html preloads the home screen's modules beside the app's entry: the screen's chunk with what it imports,
 * and its queries' artifacts (`modules`, paths ending the source files). Otherwise the router asks for them only
 * once the entry has run, and the screen's queries, which start once their artifacts are there, wait for that
 * round trip after the login.
 */
export function preloadHome(modules: readonly string[]): Plugin {
  return {
    name: 'portal:preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        return {
          html,
          tags: homePreloads(html, chunks, modules).map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** The files to preload for `modules`: their chunks and those these import, less those the page links already. */
export function homePreloads(
  html: string,
  chunks: readonly Pick<OutputChunk, 'fileName' | 'imports' | 'moduleIds'>[],
  modules: readonly string[],
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const wanted = new Set<string>();
  const add = (chunk: (typeof chunks)[number] | undefined) => {
    if (chunk === undefined || wanted.has(chunk.fileName)) return;
    wanted.add(chunk.fileName);
    for (const file of chunk.imports) add(byFile.get(file));
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (chunk === undefined) throw new Error(`preloadHome: no chunk is built from ${module}`);
    add(chunk);
  }
  const linked = linkedFiles(html);
  return [...wanted].filter((file) => !linked.has(file));
}

/** The files a page links already (its scripts and preloads), as paths without their leading slash. */
export function linkedFiles(html: string): Set<string | undefined> {
  return new Set([...html.matchAll(/\s(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
}
