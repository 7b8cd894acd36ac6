import type * as z from 'zod/mini';

/**
 * A stored key, declared once beside its shape: the key, how its value is
 * read (a zod schema, mostly), and what it reads as when absent or not of
 * its shape; whoever reads or writes it uses that declaration. A family is
 * keys that share a prefix, one value each (`job:<uuid>`, `pref:<setting>`).
 * An item names no area: the one it lives in is given where it is read or
 * written (storage.local, .session, .sync, or a test's), so a module without
 * the browser may declare it. (The settings are one map of such items, a
 * schema and a default each: settings-schema.ts.)
 */

/** The part of a storage area an item is read from and written to. */
export interface ItemArea {
  /** `null`: every item of the area. */
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** How a stored value is read: the value, or undefined when it is not one. */
export type Reader<T> = (stored: unknown) => T | undefined;

/** A reader that validates with a zod schema. */
export function bySchema<T>(schema: z.ZodMiniType<T>): Reader<T> {
  return (stored) => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  };
}

export interface StoredItem<T> {
  readonly key: string;
  /** Its value in what a read of its area gave: the fallback when absent, or not of its shape. */
  from(stored: Record<string, unknown>): T;
  get(area: ItemArea): Promise<T>;
  set(area: ItemArea, value: T): Promise<void>;
  remove(area: ItemArea): Promise<void>;
}

export function storedItem<T>(key: string, read: Reader<T>, fallback: T): StoredItem<T> {
  const from = (stored: Record<string, unknown>) => {
    const value = stored[key];
    return value === undefined ? fallback : (read(value) ?? fallback);
  };
  return {
    key,
    from,
    get: async (area) => from(await area.get([key])),
    set: (area, value) => area.set({ [key]: value }),
    remove: (area) => area.remove([key]),
  };
}

export interface StoredFamily<T> {
  key(id: string): string;
  /** One member's entry, for a write of several items at once. */
  entry(id: string, value: T): Record<string, unknown>;
  /** The family's values in what a read of its area gave, by id, and the ids of those not of its shape. */
  within(stored: Record<string, unknown>): { values: Map<string, T>; damaged: string[] };
}

export function storedFamily<T>(prefix: string, read: Reader<T>): StoredFamily<T> {
  const key = (id: string) => `${prefix}${id}`;
  return {
    key,
    entry: (id, value) => ({ [key(id)]: value }),
    within(stored) {
      const values = new Map<string, T>();
      const damaged: string[] = [];
      for (const [name, value] of Object.entries(stored)) {
        if (!name.startsWith(prefix)) continue;
        const id = name.slice(prefix.length);
        const valid = read(value);
        if (valid === undefined) damaged.push(id);
        else values.set(id, valid);
      }
      return { values, damaged };
    },
  };
}
