import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZOPFLI_CACHE, zopfliGzip } from './precompress.ts';

describe('the gzip of the built files', () => {
  // A module of the app: its text is what the build compresses.
  const source = readFileSync(join(import.meta.dirname, '../src/routes.tsx'));

  it('is gzip any browser reads back as the file, smaller than zlib at its strongest level', async () => {
    const content = Buffer.concat([source, Buffer.from(`// ${randomUUID()}`)]);
    const compressed = await zopfliGzip(content);
    expect(gunzipSync(compressed).equals(content)).toBe(true);
    expect(compressed.length).toBeLessThan(gzipSync(content, { level: 9 }).length);
  });

  it('is read back from the cache for a content already compressed', async () => {
    const content = Buffer.concat([source, Buffer.from(`// ${randomUUID()}`)]);
    const entry = join(ZOPFLI_CACHE, `${createHash('sha256').update(content).digest('hex')}.gz`);
    expect(existsSync(entry)).toBe(false);
    const first = await zopfliGzip(content);
    expect(readFileSync(entry).equals(first)).toBe(true);
    const again = await zopfliGzip(content);
    expect(again.equals(first)).toBe(true);
  });
});
