import { browser } from '../../platform/browser';
import { storedFamily, storedItem, type Reader } from '../stored-item';

/**
 * storage.session: what a worker keeps for the next one (Chrome stops an idle
 * worker; Firefox's event page sleeps), gone when the browser closes. Only
 * src/storage reads or writes it; each key is declared once, with its schema
 * and default, in this folder (stored-item.ts). A value that fails its schema
 * reads as the default (or is dropped, in a family of keys): storage.session
 * is written only by this extension's worker, so a failure means a shape
 * from another version, never something to trust.
 */
const session = () => browser.storage.session;

/** One key of storage.session. */
export interface SessionItem<T> {
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
}

export function sessionItem<T>(key: string, read: Reader<T>, fallback: T): SessionItem<T> {
  const item = storedItem(key, read, fallback);
  return {
    get: () => item.get(session()),
    set: (value) => item.set(session(), value),
    remove: () => item.remove(session()),
  };
}

/** Keys of storage.session that share a prefix, one value each (`job:<uuid>`, `gate:<account id>@<server>`). */
export interface SessionFamily<T> {
  set(id: string, value: T): Promise<void>;
  remove(ids: string | readonly string[]): Promise<void>;
  /** The family's values in a reading of the whole area (readWholeSession), by id, and the ids of those that failed their schema. */
  within(whole: Record<string, unknown>): { values: Map<string, T>; damaged: string[] };
}

export function sessionFamily<T>(prefix: string, read: Reader<T>): SessionFamily<T> {
  const family = storedFamily(prefix, read);
  return {
    set: (id, value) => session().set(family.entry(id, value)),
    remove: (ids) => session().remove([ids].flat().map(family.key)),
    within: family.within,
  };
}

/** The whole of storage.session, in one read: a worker's start takes its jobs and what its gates knew from it at once. */
export const readWholeSession = (): Promise<Record<string, unknown>> => session().get(null);
