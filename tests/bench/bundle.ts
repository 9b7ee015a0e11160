/**
 * The JavaScript each route makes the browser download, from the built files (`web/dist`): the entry of its page
 * (login.html for the login page, a page of its own; index.html for the app) with every module it imports
 * statically, plus, in the app, the route's own chunk with its static imports. What a screen imports dynamically
 * (charts, the map) loads later and is not counted. Sizes are those of the files the gateway sends
 * (precompressed at build): gzip, beside brotli.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';
import { printTable } from './lib.ts';

const DIST = resolve(import.meta.dirname, '../../web/dist');

/**
 * The routes measured: each with its page, its screen's chunk in the app (named after the module) and its goal in
 * KB of gzip.
 */
const ROUTES: readonly { route: string; page: string; chunk?: string; goalKb: number }[] = [
  { route: '/customer/Login', page: 'login.html', goalKb: 150 },
  { route: '/ (dashboard)', page: 'index.html', chunk: 'DashboardHomePage', goalKb: 350 },
];

interface RouteBundle {
  route: string;
  files: number;
  gzipBytes: number;
  brotliBytes: number;
  goalKb: number;
}

function staticImports(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'));
  return imports
    .filter((entry) => entry.d === -1 && entry.n !== undefined && entry.n.startsWith('.'))
    .map((entry) => resolve(dirname(file), entry.n as string));
}

function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...staticImports(file));
  }
  return seen;
}

const sizeOf = (file: string) => statSync(file).size;
/** A file too small to be precompressed is sent as it is. */
const sentSize = (file: string, encoding: 'gz' | 'br') =>
  existsSync(`${file}.${encoding}`) ? sizeOf(`${file}.${encoding}`) : sizeOf(file);

/** The built chunk of a module (`LoginPage-<hash>.js`). */
function chunkOf(name: string): string {
  const assets = join(DIST, 'assets');
  const found = readdirSync(assets).find((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (found === undefined) throw new Error(`No built chunk for ${name} in ${assets}: run npm run build`);
  return join(assets, found);
}

async function routeBundles(): Promise<RouteBundle[]> {
  await init;
  return ROUTES.map(({ route, page, chunk, goalKb }) => {
    const html = readFileSync(join(DIST, page), 'utf8');
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    if (entry === undefined) throw new Error(`web/dist/${page} has no module script: run npm run build`);
    const files = [...closure([join(DIST, entry), ...(chunk ? [chunkOf(chunk)] : [])])];
    return {
      route,
      files: files.length,
      gzipBytes: files.reduce((sum, file) => sum + sentSize(file, 'gz'), 0),
      brotliBytes: files.reduce((sum, file) => sum + sentSize(file, 'br'), 0),
      goalKb,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchBundle(): Promise<void> {
  const bundles = await routeBundles();
  printTable('JavaScript loaded by route (built files; dynamic imports excluded)', [
    ['route', 'files', 'gzip', 'brotli', 'goal (gzip)', 'met'],
    ...bundles.map((bundle) => [
      bundle.route,
      String(bundle.files),
      kb(bundle.gzipBytes),
      kb(bundle.brotliBytes),
      `${bundle.goalKb} KB`,
      bundle.gzipBytes <= bundle.goalKb * 1024 ? 'yes' : 'no',
    ]),
  ]);
}

// `npm run build` reports the figures after building.
if (import.meta.main) await benchBundle();
