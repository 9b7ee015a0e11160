import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chakraTheme from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { appSystem, recipes, slotRecipes } from './system.ts';

const SOURCES = join(import.meta.dirname, '..');

/** The names the portal's code (not its tests) imports from Chakra's main entry. */
function importedFromChakra(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('__generated__'),
  );
  for (const file of files) {
    const source = readFileSync(join(SOURCES, file), 'utf8');
    for (const [, list] of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const name of (list ?? '').split(','))
        names.add(
          name
            .replace(/^\s*type\s+/, '')
            .replace(/\s+as\s+\w+/, '')
            .trim(),
        );
  }
  names.delete('');
  return names;
}

const camelCase = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('the theme', () => {
  // Chakra styles a component by the recipe of its key: `Fieldset` by `fieldset`, `DatePicker` by `datePicker`.
  it('has the recipe of every Chakra component the portal uses, since one without it renders unstyled', () => {
    const chakraRecipeKeys = [...Object.keys(chakraTheme.recipes), ...Object.keys(chakraTheme.slotRecipes)];
    const imported = [...importedFromChakra()].map(camelCase);
    expect(imported).toContain('button');
    const needed = chakraRecipeKeys.filter((key) => imported.some((name) => name.startsWith(key)));
    const present = [...Object.keys(recipes), ...Object.keys(slotRecipes)];
    expect(present).toEqual(expect.arrayContaining(needed));
    // Those that components use inside others: the checkbox's mark, the radio's, icons.
    expect(present).toEqual(expect.arrayContaining(['checkmark', 'radiomark', 'icon']));
  });

  it('builds the styles of the recipes it holds', () => {
    const system = appSystem();
    expect(appSystem()).toBe(system);
    expect(system.getSlotRecipe('datePicker')).toBeDefined();
    expect(system.isValidProperty('colorPalette')).toBe(true);
  });
});
