import { SETTING_KEYS, settingSchemas, type Settings } from './settings-schema';
import type { StorageAreaLike } from './settings';
import { changedAtItems, isSyncedKey } from './synced-preferences';

// Apart from settings.ts: only the options page writes, and the worker,
// which reads settings, should not carry the writing code.

/**
 * The storage items for only the given settings, after validating each;
 * throws on an invalid value (a programming error: the UI validates what the
 * user typed first). A synced preference is stamped with the time, in the
 * same items: the merge with sync weighs the user's change at when it was made.
 */
export function settingsItems(changes: Partial<Settings>, now = Date.now()): Record<string, unknown> {
  const items: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    if (!(key in changes)) continue;
    const parsed = settingSchemas[key].safeParse(changes[key]);
    if (!parsed.success) throw new TypeError(`Refusing to store an invalid value for the setting "${key}".`);
    items[key] = parsed.data;
    if (isSyncedKey(key)) Object.assign(items, changedAtItems.entry(key, now));
  }
  return items;
}

/** Writes only the given settings (settingsItems), in one write. */
export async function writeSettings(area: StorageAreaLike, changes: Partial<Settings>, now = Date.now()): Promise<void> {
  await area.set(settingsItems(changes, now));
}
