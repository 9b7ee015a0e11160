import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Replaces each Relay `graphql` tagged template with an import of the artifact relay-compiler generated for it
 * (`eagerEsModules`: the artifacts are ES modules). This is what babel-plugin-relay does; vite-plugin-relay-lite
 * does not support Vite 8, and no Babel pass runs in this build.
 */

export interface RelayPluginOptions {
  /** The folder relay-compiler reads (relay.config.json `src`): only its files are transformed. */
  sourceDirectory: string;
  /** Folder of the generated artifacts (relay.config.json `artifactDirectory`). */
  artifactDirectory: string;
}

const TAGGED_TEMPLATE = /(?<![\w.$])graphql`([^`]*)`/g;
const DEFINITION_NAME = /\b(?:query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/;
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

export interface RelayTransformResult {
  code: string;
  artifacts: string[];
}

/**
 * Returns null when the source has no graphql tag. Line numbers are kept (each replaced template keeps its
 * newlines and the imports go on the first line), so the existing source map stays valid.
 */
export function transformRelayTags(code: string, artifactDirectory: string): RelayTransformResult | null {
  if (!code.includes('graphql')) return null;
  const imports = new Map<string, string>();
  const transformed = code.replace(TAGGED_TEMPLATE, (whole, body: string) => {
    const name = DEFINITION_NAME.exec(body)?.[1];
    if (!name) {
      throw new Error(
        `graphql tag without a named query, mutation, subscription or fragment: ${whole.slice(0, 80)}`,
      );
    }
    const identifier = `__relay_${name}`;
    imports.set(identifier, path.join(artifactDirectory, `${name}.graphql.ts`));
    return identifier + '\n'.repeat(countNewlines(whole));
  });
  if (imports.size === 0) return null;
  const header = [...imports].map(
    ([identifier, file]) => `import ${identifier} from ${JSON.stringify(file)};`,
  );
  return { code: header.join('') + transformed, artifacts: [...imports.values()] };
}

function countNewlines(text: string): number {
  let count = 0;
  for (const char of text) if (char === '\n') count++;
  return count;
}

export function relay(options: RelayPluginOptions): Plugin {
  const sourceDirectory = path.resolve(options.sourceDirectory) + path.sep;
  const artifactDirectory = path.resolve(options.artifactDirectory);
  return {
    name: 'portal:relay',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (
        !SOURCE_FILE.test(file) ||
        !file.startsWith(sourceDirectory) ||
        file.startsWith(artifactDirectory)
      ) {
        return null;
      }
      const result = transformRelayTags(code, artifactDirectory);
      return result ? { code: result.code, map: null } : null;
    },
  };
}
