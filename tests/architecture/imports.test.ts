import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * No module imports itself through others, types included: a circle ties modules that should be separate (a
 * seed generator and its operations, a registry and what it registers). Screens loaded on demand (`import()`)
 * are the router's business, not a circle.
 */
describe('the import graph', () => {
  it('has no circle in any tier', async () => {
    const graph = await madge(
      ['domain/src', 'api/src', 'gateway/src', 'web/src', 'scripts', 'tests'].map((dir) => join(root, dir)),
      {
        baseDir: root,
        fileExtensions: ['ts', 'tsx'],
        tsConfig: join(root, 'tsconfig.json'),
        excludeRegExp: [/__generated__/, /node_modules/],
        detectiveOptions: {
          ts: { skipTypeImports: false, skipAsyncImports: true },
          tsx: { skipTypeImports: false, skipAsyncImports: true },
        },
      },
    );
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular()).toEqual([]);
  });
});
