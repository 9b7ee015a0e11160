import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relay, transformRelayTags } from './relay.ts';

const artifacts = '/app/web/src/__generated__';

describe('relay vite plugin', () => {
  it('replaces each graphql tag with an import of its artifact and keeps the line numbers', () => {
    const source = [
      "import { graphql, useFragment } from 'react-relay';",
      'const query = graphql`',
      '  query ScreenQuery($id: ID!) {',
      '    node(id: $id) { id }',
      '  }',
      '`;',
      'const fragment = graphql`fragment Screen_user on User { fullName }`;',
      'export const again = graphql`query ScreenQuery($id: ID!) { node(id: $id) { id } }`;',
    ].join('\n');
    const result = transformRelayTags(source, artifacts);
    expect(result?.artifacts).toEqual([
      path.join(artifacts, 'ScreenQuery.graphql.ts'),
      path.join(artifacts, 'Screen_user.graphql.ts'),
    ]);
    const lines = result?.code.split('\n') ?? [];
    expect(lines).toHaveLength(source.split('\n').length);
    expect(lines[0]).toBe(
      `import __relay_ScreenQuery from "${artifacts}/ScreenQuery.graphql.ts";` +
        `import __relay_Screen_user from "${artifacts}/Screen_user.graphql.ts";` +
        "import { graphql, useFragment } from 'react-relay';",
    );
    expect(lines[1]).toBe('const query = __relay_ScreenQuery');
    expect(lines[6]).toBe('const fragment = __relay_Screen_user;');
    expect(lines[7]).toBe('export const again = __relay_ScreenQuery;');
    expect(result?.code).not.toContain('graphql`');
  });

  it('leaves sources without graphql tags alone, including words like schema.graphql', () => {
    expect(transformRelayTags('const a = 1;', artifacts)).toBeNull();
    expect(transformRelayTags('// see schema.graphql `UserError`\nconst a = 1;', artifacts)).toBeNull();
  });

  it('refuses an anonymous operation, which relay-compiler would not name', () => {
    expect(() => transformRelayTags('graphql`{ viewer { id } }`', artifacts)).toThrow(/without a named/);
  });

  it('transforms only the sources relay-compiler reads, not the artifacts themselves', () => {
    const plugin = relay({ sourceDirectory: '/app/web/src', artifactDirectory: artifacts });
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const code = 'const q = graphql`query AQuery { viewer { id } }`;';
    expect(transform(code, '/app/node_modules/lib/index.js')).toBeNull();
    expect(transform(code, '/app/web/vite/relay.test.ts')).toBeNull();
    expect(transform(code, `${artifacts}/AQuery.graphql.ts`)).toBeNull();
    expect(transform(code, '/app/web/src/styles.css')).toBeNull();
    expect(transform(code, '/app/web/src/A.tsx?v=3')?.code).toContain('__relay_AQuery');
  });
});
