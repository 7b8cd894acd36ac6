import * as z from 'zod/mini';
import type { StorageAreaLike } from './settings';
import { isNormalisedServerUrl } from './settings-schema';
import type { TokenDatabase } from './token-database';
import { errorText } from '../platform/error-text';

/**
 * Each account's token, on this machine only, bound to the server it was
 * saved for (`server`, and sent nowhere else: token-binding.ts); never in a
 * list that could be synced or sent, never read by the popup, and never
 * where a script the extension injects into a page can read it.
 */
export interface SavedToken {
  token: string;
  server: string;
}

const savedToken = z.object({ token: z.string().check(z.minLength(1)), server: z.string().check(z.refine(isNormalisedServerUrl)) });

/** The stored value as a token, if it is one (anything else, unreadable or unbound, is as none). */
export function asSavedToken(stored: unknown): SavedToken | undefined {
  const parsed = savedToken.safeParse(stored);
  return parsed.success ? { token: parsed.data.token, server: parsed.data.server } : undefined;
}

const TOKEN_PREFIX = 'token:';
/** A token's own storage.local item, where storage.local is closed to pages (or was, before the tokens moved). */
export const tokenKey = (accountId: string): string => `${TOKEN_PREFIX}${accountId}`;

/** Where the tokens are kept, and the only way to them. */
export interface TokenVault {
  /** The tokens saved for these accounts, by account id (an unreadable one is as none). */
  read(accountIds: readonly string[]): Promise<Partial<Record<string, SavedToken>>>;
  /** Saves an account's token, with storage.local items that go with it (`alongside`: one write where the token is kept there). */
  write(accountId: string, saved: SavedToken, alongside?: Record<string, unknown>): Promise<void>;
  remove(accountIds: readonly string[]): Promise<void>;
}

const validTokens = (stored: Record<string, unknown>, accountIds: readonly string[], keyOf: (id: string) => string) =>
  Object.fromEntries(
    accountIds.flatMap((id) => {
      const saved = asSavedToken(stored[keyOf(id)]);
      return saved === undefined ? [] : [[id, saved]];
    }),
  );

/** Tokens as `token:<id>` items of a storage area that no content script can read (Chromium's storage.local, closed to pages). */
export function areaVault(area: StorageAreaLike): TokenVault {
  return {
    read: async (accountIds) => (accountIds.length === 0 ? {} : validTokens(await area.get(accountIds.map(tokenKey)), accountIds, tokenKey)),
    write: (accountId, saved, alongside = {}) => area.set({ ...alongside, [tokenKey(accountId)]: saved }),
    remove: async (accountIds) => {
      if (accountIds.length > 0) await area.remove(accountIds.map(tokenKey));
    },
  };
}

/**
 * Tokens in the extension's own IndexedDB database, where storage.local is
 * open to content scripts (Firefox). A token found in storage.local (left by
 * a version that kept them there, or written there by a tool) is moved in
 * before any read: written to the database first, then removed, so a stop in
 * between leaves it in one place or both, never in none.
 */
export function databaseVault(area: StorageAreaLike, database: TokenDatabase): TokenVault {
  const moveStrays = async (): Promise<void> => {
    const strays = Object.entries(await area.get(null)).filter(([key]) => key.startsWith(TOKEN_PREFIX));
    if (strays.length === 0) return;
    await database.change(Object.fromEntries(strays.map(([key, value]) => [key.slice(TOKEN_PREFIX.length), value])));
    await area.remove(strays.map(([key]) => key));
  };
  return {
    async read(accountIds) {
      await moveStrays();
      return validTokens(await database.get(accountIds), accountIds, (id) => id);
    },
    async write(accountId, saved, alongside) {
      // The token first: a stop in between leaves a token no account names (harmless), never an account without its token.
      await database.change({ [accountId]: saved });
      if (alongside !== undefined) await area.set(alongside);
    },
    async remove(accountIds) {
      if (accountIds.length === 0) return;
      await database.change({}, accountIds);
      // A copy a tool wrote there since would come back at the next read.
      await area.remove(accountIds.map(tokenKey));
    },
  };
}

/** What choosing the vault needs of the browser (extension-storage.ts gives the real ones). */
export interface VaultPlaces {
  area: StorageAreaLike;
  /** Closes storage.local to content scripts where the browser allows it; whether it did. */
  closeAreaToPages(): Promise<boolean>;
  database: TokenDatabase;
}

/**
 * The vault for this browser: storage.local where it can be closed to
 * content scripts (Chromium), else the extension's IndexedDB (Firefox). The
 * tokens a browser's earlier choice left in the other place are moved over,
 * so an update of the browser loses none. Where IndexedDB keeps nothing
 * (Firefox set never to remember history), storage.local: the tokens then
 * work as they did, within reach of an injected script (SECURITY.md).
 */
export async function openTokenVault(places: VaultPlaces): Promise<TokenVault> {
  const { area, database } = places;
  if (await places.closeAreaToPages()) {
    if (await database.exists().catch(() => false)) await moveBack(area, database);
    return areaVault(area);
  }
  try {
    await database.all();
  } catch (error) {
    console.warn('Shrtnr: IndexedDB keeps nothing here; the tokens stay in storage.local.', errorText(error));
    return areaVault(area);
  }
  const vault = databaseVault(area, database);
  // Out of the pages' reach now, not at the first shortening: every read moves them too, so a failure here is tried again.
  await vault.read([]).catch((error: unknown) => console.warn('Shrtnr: tokens in storage.local could not be moved yet.', errorText(error)));
  return vault;
}

/** The database's tokens into the closed area (where the area has none of its own for that account), then the database goes. */
async function moveBack(area: StorageAreaLike, database: TokenDatabase): Promise<void> {
  try {
    const kept = await database.all();
    const ids = Object.keys(kept);
    const here = ids.length === 0 ? {} : await area.get(ids.map(tokenKey));
    const missing = ids.filter((id) => here[tokenKey(id)] === undefined);
    if (missing.length > 0) await area.set(Object.fromEntries(missing.map((id) => [tokenKey(id), kept[id]])));
    await database.drop();
  } catch (error) {
    // Left where they are: the next start tries again.
    console.warn('Shrtnr: tokens kept in IndexedDB could not be moved.', errorText(error));
  }
}
