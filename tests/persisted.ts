import { readFileSync } from 'node:fs';

/**
 * The persisted id the web app sends for an operation, read from its relay-compiler artifact (`npm run relay`
 * or `npm run build` first). Not from `web/persisted-queries.json`, which keeps the ids of earlier texts of a
 * query too.
 */
export function persistedId(operationName: string): string {
  const file = new URL(`../web/src/__generated__/${operationName}.graphql.ts`, import.meta.url);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`no artifact for ${operationName}: run npm run relay first`);
  }
  const id = /"id": "([0-9a-f]{64})"/.exec(text)?.[1];
  if (!id) throw new Error(`${operationName} is not a persisted operation`);
  return id;
}
