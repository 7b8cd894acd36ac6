import { browser } from '../platform/browser';
import { settingSchemas } from './settings-schema';
import { changedAtKey, SYNCED_KEYS, syncKey, type SyncedKey, type SyncedValue } from './synced-preferences';

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
const BASE_KEY = 'syncBase';
const HELD_KEY = 'syncHeld';

function isSyncedValue(stored: unknown): stored is SyncedValue {
  if (typeof stored !== 'object' || stored === null || !('value' in stored)) return false;
  const { at } = stored as { at?: unknown };
  return typeof at === 'number' && Number.isFinite(at);
}

/** What sync holds of each preference (anything not of the shape is as nothing). */
export async function readSynced(): Promise<Partial<Record<SyncedKey, SyncedValue>>> {
  const stored = await sync().get(SYNCED_KEYS.map(syncKey));
  return Object.fromEntries(SYNCED_KEYS.flatMap((key) => (isSyncedValue(stored[syncKey(key)]) ? [[key, stored[syncKey(key)]]] : []))) as Partial<Record<SyncedKey, SyncedValue>>;
}

/** Writes preferences to sync, each its own item, in one write. */
export async function writeSynced(items: Partial<Record<SyncedKey, SyncedValue>>): Promise<void> {
  const entries = Object.entries(items);
  if (entries.length > 0) await sync().set(Object.fromEntries(entries.map(([key, item]) => [syncKey(key as SyncedKey), item])));
}

/** Calls back when another browser (or this one) changed a synced preference; returns the unsubscribe. */
export function onSyncedChanged(callback: () => void): () => void {
  const listener = (changes: Record<string, unknown>) => {
    if (SYNCED_KEYS.some((key) => syncKey(key) in changes)) callback();
  };
  sync().onChanged.addListener(listener);
  return () => sync().onChanged.removeListener(listener);
}

/** Whether a value may be stored as that preference (checked as any stored setting is). */
export const isValidPreference = (key: SyncedKey, value: unknown): boolean => settingSchemas[key].safeParse(value).success;

/** What this machine and sync last agreed on (a damaged record reads as nothing agreed). */
export async function readSyncBase(): Promise<Partial<Record<SyncedKey, unknown>>> {
  const stored = (await browser.storage.local.get(BASE_KEY))[BASE_KEY];
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.entries(stored).filter(([key]) => (SYNCED_KEYS as readonly string[]).includes(key)));
}

export async function writeSyncBase(base: Partial<Record<SyncedKey, unknown>>): Promise<void> {
  await browser.storage.local.set({ [BASE_KEY]: base });
}

/** When this machine's user last set each synced preference (settings-writer.ts stamps them); anything but a time is as none. */
export async function readChangedAt(): Promise<Partial<Record<SyncedKey, number>>> {
  const stored = await browser.storage.local.get(SYNCED_KEYS.map(changedAtKey));
  return Object.fromEntries(
    SYNCED_KEYS.flatMap((key) => {
      const at = stored[changedAtKey(key)];
      return typeof at === 'number' && Number.isFinite(at) ? [[key, at]] : [];
    }),
  );
}

/** The preferences the last merge held apart, neither taken nor given (synced-preferences.ts's `held`): the settings page says why. */
export async function readSyncHeld(): Promise<SyncedKey[]> {
  const stored = (await browser.storage.local.get(HELD_KEY))[HELD_KEY];
  return Array.isArray(stored) ? SYNCED_KEYS.filter((key) => stored.includes(key)) : [];
}

/** Written only when it changes (the settings page follows every write of storage.local). */
export async function writeSyncHeld(keys: readonly SyncedKey[]): Promise<void> {
  const before = await readSyncHeld();
  if (JSON.stringify(before) === JSON.stringify(SYNCED_KEYS.filter((key) => keys.includes(key)))) return;
  if (keys.length === 0) await browser.storage.local.remove(HELD_KEY);
  else await browser.storage.local.set({ [HELD_KEY]: [...keys] });
}
