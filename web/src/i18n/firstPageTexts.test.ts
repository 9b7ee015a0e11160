import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apps } from '../apps/registry.ts';
import type { App } from '../routing/screens.ts';
import { fr } from './fr.ts';
import { frScreens } from './fr-screens.ts';

const SOURCES = resolve(import.meta.dirname, '..');

const STATIC_IMPORT = /^import (?!type )[^;]*? from '(\.[^']+)';/gms;
const DYNAMIC_IMPORT = /import\(\s*'(\.[^']+)'\s*\)/g;
/** A key written out where text is asked for: `t('a.b')`, `i18nKey="a.b"`, `labelKey: 'a.b'`. */
const KEY = /(?:\bt\(\s*|i18nKey=|labelKey:\s*)['"`]([a-zA-Z][\w.]*(?:\$\{)?)/g;

/**
 * The modules a start reaches through its imports; dynamic ones are followed too, except those of the other apps'
 * route tables (their screens, which wait for their text).
 */
function reached(start: string, followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [join(SOURCES, start)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(STATIC_IMPORT))
      pending.push(resolve(dirname(file), specifier as string));
    const routeTable = file.endsWith('routes.tsx');
    if (followDynamic && !(routeTable && !firstPageApps.some((app) => file.includes(`/apps/${app}/`))))
      for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT))
        pending.push(resolve(dirname(file), specifier as string));
  }
  return seen;
}

const firstPageApps = (apps as readonly App[]).filter((app) => app.firstPageTextsOnly).map((app) => app.name);

/** The keys a module writes out; a key built at run time (`status.${x}`) by its written start. */
function keysOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(KEY)].map(([, key]) => key as string);
}

/** Whether a resource has a key; for a key's written start (`status.${`), the group it starts. */
function has(resource: object, key: string): boolean {
  const built = key.endsWith('${');
  const path = (built ? key.slice(0, -2) : key).split('.').filter((part) => part !== '');
  const last = path.pop() as string;
  let node: unknown = resource;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  const group = node as Record<string, unknown> | undefined;
  if (group === undefined) return false;
  if (built) return typeof group[last] === 'object' || last === '';
  // A text, its plural forms, or a list asked for whole (`returnObjects`).
  return group[last] !== undefined || typeof group[`${last}_other`] === 'string';
}

describe('the text of the first page', () => {
  const firstPage = new Set([
    ...reached('main.tsx', false),
    ...firstPageApps.flatMap((app) => [...reached(`apps/${app}/routes.tsx`, true)]),
  ]);
  const modules = [...firstPage].filter(
    (file) => !file.includes('__generated__') && !file.includes('/i18n/'),
  );

  it('is read by the app, its layouts and the dashboard', () => {
    expect(firstPageApps).toEqual(['dashboard']);
    const relative = modules.map((file) => file.slice(SOURCES.length + 1));
    for (const module of ['main.tsx', 'layouts/DashboardLayout.tsx', 'apps/dashboard/DashboardHomePage.tsx'])
      expect(relative).toContain(module);
    expect(relative).not.toContain('apps/admin/AdminCompaniesPage.tsx');
  });

  // The first page does not wait for the other screens' text (`loadScreenTexts`): a key it shows that only
  // `fr-screens.ts` holds would show as the key itself.
  it("holds every key the first page's modules show", () => {
    const missing = modules.flatMap((file) =>
      keysOf(file)
        .filter((key) => !has(fr, key))
        .map((key) => `${file.slice(SOURCES.length + 1)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('tells a key only the other screens have', () => {
    expect(has(fr, 'admin.siretOf')).toBe(false);
    expect(has(frScreens, 'admin.siretOf')).toBe(true);
    expect(has(fr, 'operations.count')).toBe(true);
  });
});
