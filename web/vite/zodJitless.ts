import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const JITLESS_ZOD = fileURLToPath(new URL('../src/zod-jitless.ts', import.meta.url));

/**
 * zod in the browser's bundles: every `import … from 'zod'` (the web's and the domain's) resolves to
 * src/zod-jitless.ts, which sets zod's jitless mode and re-exports it, so the setting holds before any module
 * builds a schema, whatever chunk that module lands in.
 */
export function zodJitless(): Plugin {
  return {
    name: 'portal:zod-jitless',
    config: () => ({
      resolve: { alias: [{ find: /^zod$/, replacement: JITLESS_ZOD }] },
    }),
  };
}
