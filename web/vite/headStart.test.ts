import { describe, expect, it } from 'vitest';
import { headStartFiles } from './headStart.ts';

const chunk = (fileName: string, imports: string[] = [], name = fileName, isEntry = false) => ({
  fileName,
  imports,
  name,
  isEntry,
});

describe("the head start's files", () => {
  it('are its entry and what it imports, directly or not', () => {
    const chunks = [
      chunk('assets/index-A.js', ['assets/react-B.js', 'assets/shared-C.js'], 'index', true),
      chunk('assets/react-B.js'),
      chunk('assets/shared-C.js', ['assets/runtime-D.js']),
      chunk('assets/runtime-D.js'),
      chunk('assets/headStart-E.js', ['assets/shared-C.js'], 'headStart', true),
    ];
    expect(headStartFiles(chunks)).toEqual({
      entry: 'assets/headStart-E.js',
      imports: ['assets/shared-C.js', 'assets/runtime-D.js'],
    });
  });

  it('fail the build when the entry was not built', () => {
    expect(() => headStartFiles([chunk('assets/index-A.js', [], 'index', true)])).toThrow(
      "no 'headStart' entry was built",
    );
  });
});
