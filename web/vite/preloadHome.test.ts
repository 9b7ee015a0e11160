import { describe, expect, it } from 'vitest';
import { homePreloads } from './preloadHome.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  fileName,
  moduleIds,
  imports,
});

describe("the home screen's preloads", () => {
  const chunks = [
    chunk('assets/index-A.js', ['/web/src/main.tsx'], ['assets/react-B.js']),
    chunk('assets/react-B.js', ['/node_modules/react/index.js']),
    chunk(
      'assets/Home-C.js',
      ['/web/src/apps/dashboard/Home.tsx'],
      ['assets/react-B.js', 'assets/Table-D.js'],
    ),
    chunk('assets/Table-D.js', ['/web/src/components/Table.tsx'], ['assets/Cell-E.js']),
    chunk('assets/Cell-E.js', ['/web/src/components/Cell.tsx']),
    chunk('assets/Query-F.js', ['/web/src/__generated__/HomeQuery.graphql.ts']),
    chunk('assets/Other-G.js', ['/web/src/apps/other/Other.tsx']),
  ];
  const html = [
    '<script type="module" crossorigin src="/assets/index-A.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-B.js">',
  ].join('\n');

  it("are the screen's chunk, what it imports, and its query's, less what the page links already", () => {
    expect(
      homePreloads(html, chunks, ['/src/apps/dashboard/Home.tsx', '/src/__generated__/HomeQuery.graphql.ts']),
    ).toEqual(['assets/Home-C.js', 'assets/Table-D.js', 'assets/Cell-E.js', 'assets/Query-F.js']);
  });

  it('fail the build when a module named is in no chunk (renamed, or no longer loaded)', () => {
    expect(() => homePreloads(html, chunks, ['/src/apps/dashboard/Gone.tsx'])).toThrow(
      'no chunk is built from /src/apps/dashboard/Gone.tsx',
    );
  });
});
