import { DEFAULT_SETTINGS, FAIL_CLOSED, SETTING_KEYS, settingSchemas, type SettingKey, type Settings } from './settings-schema';
import type { ItemArea } from './stored-item';

/** The part of a WebExtension storage area the settings need (storage.local in the extension). */
export type StorageAreaLike = ItemArea;

export interface InvalidSetting {
  key: SettingKey;
}

/**
 * Reads the requested settings; a missing stored value reads as its default,
 * an invalid one as its fail-closed value or else its default (and is
 * reported by key, never by value). Tokens are not settings: account-tokens.ts reads them.
 */
export async function readSettings<Key extends SettingKey>(
  area: StorageAreaLike,
  keys: readonly Key[] = SETTING_KEYS as Key[],
  onInvalid: (problem: InvalidSetting) => void = reportInvalidSetting,
  onDefault?: (key: Key) => void,
): Promise<Pick<Settings, Key>> {
  return parseSettings(await area.get([...keys]), keys, onInvalid, onDefault as ((key: SettingKey) => void) | undefined) as Pick<Settings, Key>;
}

/** `onDefault` hears each setting never stored here (read as its default). */
function parseSettings(stored: Record<string, unknown>, keys: readonly SettingKey[], onInvalid: (problem: InvalidSetting) => void, onDefault?: (key: SettingKey) => void): Partial<Settings> {
  const settings: Partial<Settings> = {};
  for (const key of keys) {
    const value = stored[key];
    if (value === undefined) {
      onDefault?.(key);
      assign(settings, key, DEFAULT_SETTINGS[key]);
      continue;
    }
    const parsed = settingSchemas[key].safeParse(value);
    if (parsed.success) {
      assign(settings, key, parsed.data as Settings[typeof key]);
    } else {
      onInvalid({ key });
      assign(settings, key, (FAIL_CLOSED[key] ?? DEFAULT_SETTINGS[key]) as Settings[typeof key]);
    }
  }
  return settings;
}

function assign<Key extends SettingKey>(target: Partial<Settings>, key: Key, value: Settings[Key]): void {
  target[key] = value;
}

function reportInvalidSetting({ key }: InvalidSetting): void {
  console.warn(`Shrtnr: invalid stored setting "${key}", default used.`);
}
