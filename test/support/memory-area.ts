import type { StorageAreaLike } from '../../src/storage/settings';

/**
 * An in-memory storage area with the semantics of storage.local (per-key
 * writes, `get(null)` for every item): `items` is what it holds, `asked`
 * every list of keys it was asked for (null: all of them).
 */
export function memoryArea(initial: Record<string, unknown> = {}): StorageAreaLike & { items: Record<string, unknown>; asked: (string[] | null)[] } {
  const items = { ...initial };
  const asked: (string[] | null)[] = [];
  return {
    items,
    asked,
    get: async (keys) => {
      asked.push(keys === null ? null : [...keys]);
      return Object.fromEntries((keys ?? Object.keys(items)).filter((key) => key in items).map((key) => [key, items[key]]));
    },
    set: async (changes) => void Object.assign(items, changes),
    remove: async (keys) => keys.forEach((key) => delete items[key]),
  };
}
