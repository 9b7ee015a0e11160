import { idFromIri } from '@portal/domain';

/**
 * Lookups in the reference lists of a request (each list is read whole once, see the loaders): indexes are
 * built once per list, since a screen of 400 containers looks up its waste levels 1,200 times.
 */
const byId = new WeakMap<readonly object[], Map<number, object>>();
const byParent = new WeakMap<readonly object[], Map<number, object[]>>();
const byCode = new WeakMap<readonly object[], Map<string, object>>();

/** The item of a reference list named by an IRI (`/api/skip_types/4`) or id; null when absent. */
export function findById<T extends { id: number }>(
  list: readonly T[],
  key: string | number | null | undefined,
): T | null {
  const id = idFromIri(key);
  if (id === null) return null;
  let index = byId.get(list);
  if (index === undefined) {
    index = new Map(list.map((item) => [item.id, item]));
    byId.set(list, index);
  }
  return (index.get(id) as T | undefined) ?? null;
}

/** The items of a list whose parent reference (`firstLevelWaste`) names the given id, in the list's order. */
export function childrenOf<T extends object>(
  list: readonly T[],
  parentOf: (item: T) => string | null | undefined,
  parentId: number,
): T[] {
  let index = byParent.get(list);
  if (index === undefined) {
    index = new Map();
    for (const item of list) {
      const id = idFromIri(parentOf(item));
      if (id === null) continue;
      const siblings = index.get(id);
      if (siblings === undefined) index.set(id, [item]);
      else siblings.push(item);
    }
    byParent.set(list, index);
  }
  return (index.get(parentId) as T[] | undefined) ?? [];
}

/** A code without its spaces, upper case: `R 3` and `R3`, `15 01 10*` and `150110*` are the same code. */
export function compactCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** The entry of an official list (waste or treatment codes) with that code, whatever its spacing. */
export function findByCode<T extends { code: string }>(list: readonly T[], code: string): T | null {
  let index = byCode.get(list);
  if (index === undefined) {
    index = new Map(list.map((item) => [compactCode(item.code), item]));
    byCode.set(list, index);
  }
  return (index.get(compactCode(code)) as T | undefined) ?? null;
}
