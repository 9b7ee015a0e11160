import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadReferenceData, ReferenceDataError } from '../src/reference/data.ts';
import { createTestApi, referenceDataDir } from './helpers.ts';

const temporary: string[] = [];
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'portal-reference-'));
  temporary.push(dir);
  return dir;
};

describe('reference data', () => {
  it('loads and validates the official lists of REFERENCE_DATA_DIR', async () => {
    const data = await loadReferenceData(referenceDataDir());
    expect(data.wasteCodes.length).toBe(842);
    expect(data.wasteCodes.find((code) => code.code === '17 05 03*')?.dangerous).toBe(true);
    expect(data.treatmentCodes.map((code) => code.compactCode)).toContain('R1');
    expect(data.bsdStatuses.length).toBe(18);
    expect(Object.keys(data.registryExportColumns)).toContain('OUTGOING');
  });

  it('refuses to start on a missing folder, naming REFERENCE_DATA_DIR', async () => {
    const missing = join(await tempDir(), 'nowhere');
    const start = createTestApi({ referenceDataDir: missing });
    await expect(start).rejects.toBeInstanceOf(ReferenceDataError);
    await expect(start).rejects.toThrow(`REFERENCE_DATA_DIR=${missing}`);
  });

  it('refuses a malformed file, naming it and REFERENCE_DATA_DIR', async () => {
    const dir = await tempDir();
    await cp(referenceDataDir(), dir, { recursive: true });
    await writeFile(join(dir, 'treatment-codes.json'), JSON.stringify([{ code: 'R 1' }]));
    const load = loadReferenceData(dir);
    await expect(load).rejects.toThrow(
      /treatment-codes\.json \(REFERENCE_DATA_DIR\) does not have the expected shape/,
    );

    await writeFile(join(dir, 'treatment-codes.json'), '{ not json');
    await expect(loadReferenceData(dir)).rejects.toThrow(
      /treatment-codes\.json \(REFERENCE_DATA_DIR\) is not valid JSON/,
    );
  });
});
