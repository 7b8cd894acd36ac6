import * as z from 'zod/mini';
import { checkServerUrl } from '../api/url-checks';
import { tokenKey } from './token-vault';
import { defaultAccountName, FIRST_ACCOUNT_ID } from './accounts';
import type { StorageAreaLike } from './settings';
import { DEFAULT_SERVER_URL } from './settings-schema';
import { bySchema, storedItem } from './stored-item';
import { errorText } from '../platform/error-text';

z.config({ jitless: true });

/**
 * The settings' stored shapes over time, and the ordered steps from each to
 * the next (as webext-options-sync keeps its `migrations`). `settingsVersion`
 * in the same area says how many steps a profile has taken; a fresh install
 * takes them all at once (each finds nothing to change) and so starts at the
 * latest. Steps only ever read and write storage.local.
 *
 * Shapes this project has shipped (each key its own item, see settings-schema.ts):
 * 0. `token`, `serverUrl`, `autoCopy`: a token was sent to whatever server was set.
 * 1. + `tokenServer`, the server a token was saved for (and sent nowhere else).
 *    A token saved in shape 0 has none.
 * 2. + `history`, `copyFormat`, `stripTracking`: new keys, read as their
 *    defaults until saved; nothing to migrate.
 * 3. + `usePageShortLink`, off until saved; nothing to migrate either.
 * 4. + `campaignPresets` (none until saved) and `syncPreferences` (on): new
 *    keys read as their defaults; nothing to migrate.
 * 5. Accounts (accounts.ts): `accounts`, `activeAccount`, and each account's
 *    token in its own item `token:<id>` → { token, server }. The single
 *    `serverUrl` with its `token` and `tokenServer` became the first account
 *    (and those three keys went).
 */
export const SETTINGS_VERSION_KEY = 'settingsVersion';
/** Anything but a count of steps reads as none taken: each step finds nothing to change where it was taken already. */
const settingsVersion = storedItem(SETTINGS_VERSION_KEY, bySchema(z.number().check(z.refine((steps) => Number.isInteger(steps) && steps >= 0))), 0);

export interface SettingsMigration {
  /** What the step is for, in the words of the shape it leaves. */
  name: string;
  run(area: StorageAreaLike): Promise<void>;
}

export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [
  {
    // A token of shape 0 is bound to the server it was used with. When that
    // server cannot be read (a stored address that is not valid), nobody can
    // say where the token belongs: it is removed rather than let follow the
    // next server entered (it fails closed; the user enters it again).
    name: 'bind a token saved before tokens were bound',
    async run(area) {
      const stored = await area.get(['token', 'tokenServer', 'serverUrl']);
      const { token, tokenServer } = stored;
      if (typeof token !== 'string' || token === '' || (typeof tokenServer === 'string' && tokenServer !== '')) return;
      // A server never saved was the default one.
      const serverUrl = stored.serverUrl ?? DEFAULT_SERVER_URL;
      const server = typeof serverUrl === 'string' ? checkServerUrl(serverUrl) : undefined;
      if (server?.ok === true && server.value === serverUrl) await area.set({ tokenServer: serverUrl });
      else await area.remove(['token', 'tokenServer']);
    },
  },
  {
    // The single server and its token become the first account, named by the
    // server's host: the user redoes nothing. A server never saved was the
    // default one (as is the default account: nothing to write). A server
    // that cannot be read becomes no account at all (the token went with step
    // one): nothing is sent until an account is added.
    name: 'make the single server and token the first account',
    async run(area) {
      const stored = await area.get(['token', 'tokenServer', 'serverUrl']);
      const { token, tokenServer, serverUrl } = stored;
      const items: Record<string, unknown> = {};
      if (serverUrl !== undefined) {
        const server = typeof serverUrl === 'string' ? checkServerUrl(serverUrl) : undefined;
        const valid = server?.ok === true && server.value === serverUrl;
        items.accounts = valid ? [{ id: FIRST_ACCOUNT_ID, name: defaultAccountName(serverUrl), server: serverUrl }] : [];
        items.activeAccount = FIRST_ACCOUNT_ID;
      }
      // Step one bound the token (or removed it); its binding travels with it.
      if (typeof token === 'string' && token !== '' && typeof tokenServer === 'string' && tokenServer !== '') {
        items[tokenKey(FIRST_ACCOUNT_ID)] = { token, server: tokenServer };
      }
      // Written before the old keys go: a context stopped in between takes this step again, from the same keys.
      if (Object.keys(items).length > 0) await area.set(items);
      await area.remove(['token', 'tokenServer', 'serverUrl']);
    },
  },
];

/** Takes the stored settings through every step they have not taken yet, in order. */
export async function migrateSettings(area: StorageAreaLike, migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS): Promise<void> {
  const version = await settingsVersion.get(area);
  for (const [index, migration] of migrations.entries()) {
    if (index < version) continue;
    await migration.run(area);
    // Recorded step by step: a context stopped half-way resumes where it stopped.
    await settingsVersion.set(area, index + 1);
  }
}

/**
 * The area as every context should use it: its first read or write waits for
 * the migrations (once per context; running them again is harmless, since
 * each step is recorded as it is taken).
 */
export function migratedArea(area: StorageAreaLike, migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS): StorageAreaLike {
  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migrateSettings(area, migrations).catch((error: unknown) => {
      // Reading goes on: every value is still validated, and a binding that is not there fails closed.
      console.warn('Shrtnr: the stored settings could not be brought up to date.', errorText(error));
    }));
  return {
    get: async (keys) => {
      await ready();
      return area.get(keys);
    },
    set: async (items) => {
      await ready();
      await area.set(items);
    },
    remove: async (keys) => {
      await ready();
      await area.remove(keys);
    },
  };
}
