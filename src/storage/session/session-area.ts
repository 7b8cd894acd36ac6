import type * as z from 'zod/mini';
import { browser } from '../../platform/browser';

/**
 * storage.session: what a worker keeps for the next one (Chrome stops an idle
 * worker; Firefox's event page sleeps), gone when the browser closes. Only
 * src/storage reads or writes it; each key is declared once, with its schema
 * and default, in this folder. A value that fails its schema reads as the
 * default (or is dropped, in a family of keys): storage.session is written
 * only by this extension's worker, so a failure means a shape from another
 * version, never something to trust.
 */
const session = () => browser.storage.session;

/** How a stored value is read: the value, or undefined when it is not one. */
export type Reader<T> = (stored: unknown) => T | undefined;

/** A reader that validates with a zod schema. */
export function bySchema<T>(schema: z.ZodMiniType<T>): Reader<T> {
  return (stored) => {
    const parsed = schema.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  };
}

/** One key. */
export interface SessionItem<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
}

export function sessionItem<T>(key: string, read: Reader<T>, fallback: T): SessionItem<T> {
  return {
    async get() {
      const stored = (await session().get(key))[key];
      return stored === undefined ? fallback : (read(stored) ?? fallback);
    },
    set: (value) => session().set({ [key]: value }),
    remove: () => session().remove(key),
  };
}

/** Keys that share a prefix, one value each (`job:<uuid>`, `gate:<account id>@<server>`). */
export interface SessionFamily<T> {
  set(id: string, value: T): Promise<void>;
  remove(ids: string | readonly string[]): Promise<void>;
  /** The family's values in a reading of the whole area (readWholeSession), by id, and the ids of those that failed their schema. */
  within(whole: Record<string, unknown>): { values: Map<string, T>; damaged: string[] };
}

export function sessionFamily<T>(prefix: string, read: Reader<T>): SessionFamily<T> {
  const key = (id: string) => `${prefix}${id}`;
  return {
    set: (id, value) => session().set({ [key(id)]: value }),
    remove: (ids) => session().remove([ids].flat().map(key)),
    within(whole) {
      const values = new Map<string, T>();
      const damaged: string[] = [];
      for (const [stored, value] of Object.entries(whole)) {
        if (!stored.startsWith(prefix)) continue;
        const id = stored.slice(prefix.length);
        const valid = read(value);
        if (valid === undefined) damaged.push(id);
        else values.set(id, valid);
      }
      return { values, damaged };
    },
  };
}

/** The whole of storage.session, in one read: a worker's start takes its jobs and what its gates knew from it at once. */
export const readWholeSession = (): Promise<Record<string, unknown>> => session().get(null);
