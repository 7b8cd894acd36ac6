import * as z from 'zod/mini';
import { browser } from '../platform/browser';
import { settingSchemas } from './settings-schema';
import { bySchema, storedItem } from './stored-item';
import { changedAtItems, SYNCED_KEYS, syncedItems, type SyncedKey, type SyncedValue } from './synced-preferences';

z.config({ jitless: true });

/**
 * storage.sync, which the browser carries to the user's other browsers:
 * only the preferences of synced-preferences.ts, each its own item
 * (`pref:<key>` → its value and when it was changed). Never the token: no
 * code writes anything else here. And, in storage.local, what this machine
 * and sync last agreed on (`syncBase`), for the three-way merge, when its
 * user last set each preference (`changedAt:<key>`), and the preferences the
 * last merge held apart (`syncHeld`), for the settings page to say so.
 */
const sync = () => browser.storage.sync;
const local = () => browser.storage.local;

/** What this machine and sync last agreed on, per synced preference (a damaged record reads as nothing agreed). */
const syncBase = storedItem<Record<string, unknown>>('syncBase', bySchema(z.record(z.string(), z.unknown())), {});

/** The preferences the last merge held apart, neither taken nor given (synced-preferences.ts's `held`). */
const syncHeld = storedItem<unknown[]>('syncHeld', bySchema(z.array(z.unknown())), []);

const onlySynced = <T>(values: Map<string, T>) => Object.fromEntries([...values].filter(([key]) => (SYNCED_KEYS as readonly string[]).includes(key))) as Partial<Record<SyncedKey, T>>;

/** What sync holds of each preference (anything not of the shape is as nothing). */
export async function readSynced(): Promise<Partial<Record<SyncedKey, SyncedValue>>> {
  return onlySynced(syncedItems.within(await sync().get(SYNCED_KEYS.map(syncedItems.key))).values);
}

/** Writes preferences to sync, each its own item, in one write. */
export async function writeSynced(items: Partial<Record<SyncedKey, SyncedValue>>): Promise<void> {
  const entries = Object.entries(items);
  if (entries.length > 0) await sync().set(Object.assign({}, ...entries.map(([key, item]) => syncedItems.entry(key, item))));
}

/** Calls back when another browser (or this one) changed a synced preference; returns the unsubscribe. */
export function onSyncedChanged(callback: () => void): () => void {
  const listener = (changes: Record<string, unknown>) => {
    if (SYNCED_KEYS.some((key) => syncedItems.key(key) in changes)) callback();
  };
  sync().onChanged.addListener(listener);
  return () => sync().onChanged.removeListener(listener);
}

/** Whether a value may be stored as that preference (checked as any stored setting is). */
export const isValidPreference = (key: SyncedKey, value: unknown): boolean => settingSchemas[key].safeParse(value).success;

/** What this machine and sync last agreed on, per synced preference. */
export async function readSyncBase(): Promise<Partial<Record<SyncedKey, unknown>>> {
  return onlySynced(new Map(Object.entries(await syncBase.get(local()))));
}

export async function writeSyncBase(base: Partial<Record<SyncedKey, unknown>>): Promise<void> {
  await syncBase.set(local(), base);
}

/** When this machine's user last set each synced preference (settings-writer.ts stamps them). */
export async function readChangedAt(): Promise<Partial<Record<SyncedKey, number>>> {
  return onlySynced(changedAtItems.within(await local().get(SYNCED_KEYS.map(changedAtItems.key))).values);
}

/** The preferences the last merge held apart: the settings page says why. */
export async function readSyncHeld(): Promise<SyncedKey[]> {
  const held = await syncHeld.get(local());
  return SYNCED_KEYS.filter((key) => held.includes(key));
}

/** Written only when it changes (the settings page follows every write of storage.local). */
export async function writeSyncHeld(keys: readonly SyncedKey[]): Promise<void> {
  const before = await readSyncHeld();
  if (JSON.stringify(before) === JSON.stringify(SYNCED_KEYS.filter((key) => keys.includes(key)))) return;
  if (keys.length === 0) await syncHeld.remove(local());
  else await syncHeld.set(local(), [...keys]);
}
