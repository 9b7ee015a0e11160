import { describe, expect, it } from 'vitest';
import { APP_SCRIPT, appScriptFile, HEAD_START, pageScriptFiles } from './pageScript.ts';

const chunk = (
  fileName: string,
  imports: string[] = [],
  name = fileName,
  isEntry = false,
  css: string[] = [],
) => ({
  fileName,
  imports,
  name,
  isEntry,
  viteMetadata: { importedCss: new Set(css) },
});

describe("a page script's files", () => {
  const chunks = [
    chunk('assets/main-A.js', ['assets/react-B.js', 'assets/shared-C.js'], 'main', true),
    chunk('assets/react-B.js'),
    chunk('assets/shared-C.js', ['assets/runtime-D.js'], 'shared', false, ['assets/shared-G.css']),
    chunk('assets/runtime-D.js'),
    chunk('assets/headStart-E.js', ['assets/shared-C.js'], 'headStart', true),
    chunk('assets/Screen-F.js', ['assets/main-A.js'], 'Screen', false, ['assets/Screen-H.css']),
  ];

  it('are its entry, what it imports, directly or not, and the style sheets these import', () => {
    expect(pageScriptFiles(chunks, HEAD_START.name)).toEqual({
      entry: 'assets/headStart-E.js',
      imports: ['assets/shared-C.js', 'assets/runtime-D.js'],
      css: ['assets/shared-G.css'],
    });
    expect(pageScriptFiles(chunks, APP_SCRIPT.name)).toEqual({
      entry: 'assets/main-A.js',
      imports: ['assets/react-B.js', 'assets/shared-C.js', 'assets/runtime-D.js'],
      css: ['assets/shared-G.css'],
    });
  });

  it('fail the build when the entry was not built', () => {
    expect(() => pageScriptFiles([chunk('assets/main-A.js', [], 'main', true)], HEAD_START.name)).toThrow(
      "no 'headStart' entry was built",
    );
  });
});

describe("the app's script among the page's first files", () => {
  it('is the one its build names after it', () => {
    expect(appScriptFile(['/assets/headStart-E.js', '/assets/main-A_b-9.js', '/assets/react-B.js'])).toBe(
      '/assets/main-A_b-9.js',
    );
    expect(() => appScriptFile(['/assets/domain-A.js', '/assets/react-B.js'])).toThrow('build the app first');
  });
});
