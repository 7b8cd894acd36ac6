import { DEFAULT_SETTINGS, SETTING_KEYS, settingSchemas, type SettingKey, type Settings } from './settings-schema';

/** The part of a WebExtension storage area this module needs (storage.local in the extension). */
export interface StorageAreaLike {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface InvalidSetting {
  key: SettingKey;
}

/**
 * Reads the requested settings; a missing or invalid stored value falls back
 * to its default (and is reported by key, never by value: it may be a token).
 */
export async function readSettings<Key extends SettingKey>(
  area: StorageAreaLike,
  keys: readonly Key[] = SETTING_KEYS as Key[],
  onInvalid: (problem: InvalidSetting) => void = reportInvalidSetting,
): Promise<Pick<Settings, Key>> {
  const stored = await area.get([...keys]);
  const settings: Partial<Settings> = {};
  for (const key of keys) {
    const value = stored[key];
    if (value === undefined) {
      assign(settings, key, DEFAULT_SETTINGS[key]);
      continue;
    }
    const parsed = settingSchemas[key].safeParse(value);
    if (parsed.success) {
      assign(settings, key, parsed.data as Settings[Key]);
    } else {
      onInvalid({ key });
      assign(settings, key, DEFAULT_SETTINGS[key]);
    }
  }
  return settings as Pick<Settings, Key>;
}

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

export async function clearToken(area: StorageAreaLike): Promise<void> {
  await area.remove(['token']);
}

function assign<Key extends SettingKey>(target: Partial<Settings>, key: Key, value: Settings[Key]): void {
  target[key] = value;
}

function reportInvalidSetting({ key }: InvalidSetting): void {
  console.warn(`Shrtnr: the stored setting "${key}" was invalid and its default is used instead.`);
}
