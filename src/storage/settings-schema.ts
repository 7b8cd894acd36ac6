import * as z from 'zod/mini';
import { checkServerUrl } from '../api/url-checks';

z.config({ jitless: true });

function isNormalisedServerUrl(value: string): boolean {
  const checked = checkServerUrl(value);
  return checked.ok && checked.value === value;
}

export const DEFAULT_SERVER_URL = 'https://shrtnr.co';

/**
 * Every setting, its schema and its default, defined once. Each setting is
 * its own storage key, so two pages saving different settings at the same
 * moment cannot overwrite each other.
 */
export const settingSchemas = {
  token: z.string(),
  // Stored normalised; anything else was not written by this extension.
  serverUrl: z.string().check(z.refine(isNormalisedServerUrl)),
  autoCopy: z.boolean(),
};

export type Settings = { [Key in keyof typeof settingSchemas]: z.infer<(typeof settingSchemas)[Key]> };
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  token: '',
  serverUrl: DEFAULT_SERVER_URL,
  autoCopy: true,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
