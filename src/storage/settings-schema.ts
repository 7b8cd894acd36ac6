import * as z from 'zod/mini';
import { checkServerUrl } from '../api/url-checks';
import { accountListSchema, FIRST_ACCOUNT_ID } from './accounts';
import { campaignSchema } from './campaign';
import { COPY_FORMATS } from './copy-format-setting';
import { NO_SYNC_CHANGES, syncChangesSchema } from './sync-changes';

z.config({ jitless: true });

export function isNormalisedServerUrl(value: string): boolean {
  const checked = checkServerUrl(value);
  return checked.ok && checked.value === value;
}

export const DEFAULT_SERVER_URL = 'https://shrtnr.co';

/** How many campaign presets the settings keep. */
export const MAX_CAMPAIGN_PRESETS = 30;

/**
 * What a stored value that fails its schema reads as, where its default would
 * be unsafe: an unreadable list of accounts must not turn into the default
 * account on https://shrtnr.co, so it reads as no account at all, and
 * nothing is sent until one is added.
 */
export const FAIL_CLOSED: Partial<Settings> = { accounts: [] };

/**
 * Every setting, its schema and its default, defined once. Each setting is
 * its own storage key, so two pages saving different settings at the same
 * moment cannot overwrite each other.
 */
export const settingSchemas = {
  // The accounts (accounts.ts): names and servers, servers stored normalised. Their tokens are
  // items of their own, never settings (account-tokens.ts): reading every setting reads no token.
  accounts: accountListSchema(isNormalisedServerUrl),
  // The account the popup, the shortcut and every way in without a choice of its own use (an id; one gone reads as
  // the first, unless a merge with sync removed it: then none, until the user picks one).
  activeAccount: z.string(),
  autoCopy: z.boolean(),
  // Record successful shortenings on this machine (and answer from them: the cache).
  history: z.boolean(),
  // How auto-copy, the menu and the shortcut put a link on the clipboard.
  copyFormat: z.enum(COPY_FORMATS),
  // Remove known tracking parameters (utm_*, fbclid, ...) before shortening.
  stripTracking: z.boolean(),
  // Use the page's own short link (`<link rel="shortlink">`) when it declares one: no request, no credit.
  usePageShortLink: z.boolean(),
  // Carry the preferences of synced-preferences.ts (never a token) through the browser's sync.
  syncPreferences: z.boolean(),
  // Campaign presets (issue 21): each a name and its tags, names unique (in any case).
  campaignPresets: z.array(campaignSchema).check(
    z.maxLength(MAX_CAMPAIGN_PRESETS),
    z.refine((presets) => new Set(presets.map(({ name }) => name.trim().toLowerCase())).size === presets.length),
  ),
  // Not a preference: what merges with sync changed here that nobody did on this machine (sync-changes.ts), written by the merge only.
  changedBySync: syncChangesSchema,
};

export type Settings = { [Key in keyof typeof settingSchemas]: z.infer<(typeof settingSchemas)[Key]> };
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  accounts: [{ id: FIRST_ACCOUNT_ID, name: new URL(DEFAULT_SERVER_URL).host, server: DEFAULT_SERVER_URL }],
  activeAccount: FIRST_ACCOUNT_ID,
  autoCopy: true,
  history: true,
  copyFormat: 'plain',
  stripTracking: false,
  usePageShortLink: false,
  syncPreferences: true,
  campaignPresets: [],
  changedBySync: NO_SYNC_CHANGES,
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];
