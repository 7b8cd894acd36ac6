import { SETTING_KEYS, settingSchemas, type Settings } from './settings-schema';
import type { StorageAreaLike } from './settings';

// Apart from settings.ts: only the options page writes, and the worker,
// which reads settings, should not carry the writing code.

/**
 * Writes only the given settings, after validating each; throws on an invalid
 * value (a programming error: the UI validates what the user typed first).
 */
export async function writeSettings(area: StorageAreaLike, changes: Partial<Settings>): Promise<void> {
  const items: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    if (!(key in changes)) continue;
    const parsed = settingSchemas[key].safeParse(changes[key]);
    if (!parsed.success) throw new TypeError(`Refusing to store an invalid value for the setting "${key}".`);
    items[key] = parsed.data;
  }
  await area.set(items);
}

