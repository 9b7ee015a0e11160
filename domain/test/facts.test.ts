import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationFields } from '../src/operation-rules.ts';
import { operationFieldLabels } from '../src/operations.ts';

const SOURCE = resolve(import.meta.dirname, '../src');

/**
 * The modules every screen of the web app reads (statuses, actions, labels, codes, dates): the dashboard loads
 * them with its first page, so none of them may bring zod (about 25 KB gzip) with it. Their rules live in the
 * `*-rules.ts` modules beside them.
 */
const FACTS = [
  'operations.ts',
  'costs.ts',
  'codes.ts',
  'recurrence.ts',
  'audit.ts',
  'messages.ts',
  'typologies.ts',
  'permissions.ts',
  'iri.ts',
];

/** Type-only imports bring nothing at run time. */
const IMPORT = /^import (?!type )[^;]*? from '([^']+)';/gms;

/** The packages a domain module imports, with those of the domain modules it imports, recursively. */
function packagesImported(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (specifier === undefined) continue;
    if (specifier.startsWith('.')) {
      for (const name of packagesImported(join(dirname(file), specifier), seen)) packages.add(name);
    } else packages.add(specifier);
  }
  return packages;
}

describe('the facts of the domain', () => {
  it.each(FACTS)('%s brings no zod, directly or through what it imports', (module) => {
    expect([...packagesImported(join(SOURCE, module))]).not.toContain('zod');
  });

  it('finds zod where a module does import it', () => {
    expect([...packagesImported(join(SOURCE, 'operation-rules.ts'))]).toContain('zod');
  });

  it("labels every stored field of an operation, in its table's order", () => {
    expect(Object.keys(operationFieldLabels)).toEqual(Object.keys(operationFields));
    for (const [name, field] of Object.entries(operationFields)) {
      expect(field.label).toBe(operationFieldLabels[name as keyof typeof operationFieldLabels]);
    }
  });
});
