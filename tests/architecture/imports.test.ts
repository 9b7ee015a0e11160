import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * The project's modules `entry` runs (its static imports, not the types nor those loaded on demand), as paths from
 * the root: relative imports and the domain's modules (`@portal/domain/<module>`), which madge does not resolve.
 */
function modulesRunBy(entry: string): string[] {
  const staticImport = /^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?'([^']+)';/gm;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(staticImport)) {
      const domain = specifier?.match(/^@portal\/domain\/(.+)$/);
      if (domain) visit(`domain/src/${domain[1]}.ts`);
      else if (specifier?.startsWith('.')) visit(join(dirname(file), specifier));
    }
  };
  visit(entry);
  return [...seen];
}

/**
 * The login page is the first page a user loads: zod's classic form would bring its whole API into it (its
 * script to run went from 107 to 43 KB with the mini form its rules are written in, `domain/src/login.ts`).
 */
describe("the login page's script", () => {
  it("runs no module that imports zod's classic form", () => {
    const modules = modulesRunBy('web/src/login/LoginPage.ts');
    expect(modules).toContain('domain/src/login.ts');
    const importsClassicZod = /^import\s+(?!type\b)[^;]*from\s+'zod';/m;
    expect(modules.filter((file) => importsClassicZod.test(readFileSync(join(root, file), 'utf8')))).toEqual(
      [],
    );
  });
});
