import type { Settings } from '../../src/storage/settings-schema';

/** Settings a test writes straight into storage.local; undefined removes a key. */
export type StoredSettings = { [Key in keyof Settings]?: Settings[Key] | undefined };

/**
 * The storage.local writes for `settings`, as the options page would make
 * them: a token saved together with a server is saved for that server.
 */
export function storageChange(settings: StoredSettings): { set: Record<string, unknown>; remove: string[] } {
  const bound: StoredSettings =
    settings.token !== undefined && settings.serverUrl !== undefined && !('tokenServer' in settings) ? { ...settings, tokenServer: settings.serverUrl } : settings;
  return {
    set: Object.fromEntries(Object.entries(bound).filter(([, value]) => value !== undefined)),
    remove: Object.keys(bound).filter((key) => bound[key as keyof Settings] === undefined),
  };
}
