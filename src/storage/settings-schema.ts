import * as z from 'zod/mini';
import { checkServerUrl } from '../api/url-checks';
import { isCampaign, type Campaign } from './campaign';
import { COPY_FORMATS } from './copy-format-setting';

z.config({ jitless: true });

function isNormalisedServerUrl(value: string): boolean {
  const checked = checkServerUrl(value);
  return checked.ok && checked.value === value;
}

export const DEFAULT_SERVER_URL = 'https://shrtnr.co';

/** How many campaign presets the settings keep. */
export const MAX_CAMPAIGN_PRESETS = 30;

/**
 * What a stored value that fails its schema reads as, where its default would
 * be unsafe: an invalid server address must not turn into https://shrtnr.co
 * (the token would follow it there), so it reads as no server at all, and
 * nothing is sent until one is entered.
 */
export const FAIL_CLOSED: Partial<Settings> = { serverUrl: '' };

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
  // The server the token was saved for (normalised); it is sent nowhere else.
  // Empty (or unreadable): the token is bound to nothing and reads as none (settings.ts).
  tokenServer: z.string().check(z.refine((value) => value === '' || isNormalisedServerUrl(value))),
  // Record successful shortenings on this machine (and answer from them: the cache).
  history: z.boolean(),
  // How auto-copy, the menu and the shortcut put a link on the clipboard.
  copyFormat: z.enum(COPY_FORMATS),
  // Remove known tracking parameters (utm_*, fbclid, ...) before shortening.
  stripTracking: z.boolean(),
  // Use the page's own short link (`<link rel="shortlink">`) when it declares one: no request, no credit.
  usePageShortLink: z.boolean(),
  // Carry the preferences of synced-preferences.ts (never the token or the server) through the browser's sync.
  syncPreferences: z.boolean(),
  // Campaign presets (issue 21): each a name and its tags, names unique (in any case).
  campaignPresets: z.array(z.custom<Campaign>(isCampaign)).check(
    z.maxLength(MAX_CAMPAIGN_PRESETS),
    z.refine((presets) => new Set(presets.map(({ name }) => name.trim().toLowerCase())).size === presets.length),
  ),
};

export type Settings = { [Key in keyof typeof settingSchemas]: z.infer<(typeof settingSchemas)[Key]> };
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  token: '',
  serverUrl: DEFAULT_SERVER_URL,
  autoCopy: true,
  tokenServer: '',
  history: true,
  copyFormat: 'plain',
  stripTracking: false,
  usePageShortLink: false,
  syncPreferences: true,
  campaignPresets: [],
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
