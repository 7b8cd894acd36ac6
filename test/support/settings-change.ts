import { tokenKey } from '../../src/storage/account-tokens';
import { defaultAccountName, FIRST_ACCOUNT_ID } from '../../src/storage/accounts';
import type { AcceptedPageLinkHost } from '../../src/storage/page-link-hosts';
import { DEFAULT_SERVER_URL, type Settings } from '../../src/storage/settings-schema';

/**
 * Settings a test writes straight into storage.local; undefined removes a
 * key. `serverUrl` and `token` (with `tokenServer`, else the server it is
 * given with) are the first account's server and token, as most tests need
 * one account only: written as the options page would write them.
 */
export type StoredSettings = { [Key in keyof Settings]?: Settings[Key] | undefined } & {
  serverUrl?: string | undefined;
  token?: string | undefined;
  tokenServer?: string | undefined;
  /** Not a setting but an item of its own (page-link-hosts.ts), written as the worker writes it. */
  pageLinkHosts?: AcceptedPageLinkHost[] | undefined;
};

/**
 * The storage.local writes for `settings`, as the options page would make
 * them: a token saved together with a server is saved for that server; one
 * saved alone, for the first account's server as stored (`boundInPlace`: the
 * writer reads it, see applyStorageChange).
 */
export interface StorageChange {
  set: Record<string, unknown>;
  remove: string[];
  boundInPlace?: { key: string; token: string; defaultServer: string };
}

export function storageChange(settings: StoredSettings): StorageChange {
  const { serverUrl, token, tokenServer, ...plain } = settings;
  const items: Record<string, unknown> = { ...plain };
  if ('serverUrl' in settings) {
    // No server: the default account (the accounts' default); one that is not valid fails the list closed, as stored.
    items.accounts = serverUrl === undefined ? undefined : [{ id: FIRST_ACCOUNT_ID, name: defaultAccountName(serverUrl), server: serverUrl }];
    items.activeAccount = serverUrl === undefined ? undefined : FIRST_ACCOUNT_ID;
  }
  const alone = token !== undefined && tokenServer === undefined && serverUrl === undefined;
  if ('token' in settings && !alone) items[tokenKey(FIRST_ACCOUNT_ID)] = token === undefined ? undefined : { token, server: tokenServer ?? serverUrl ?? DEFAULT_SERVER_URL };
  return {
    set: Object.fromEntries(Object.entries(items).filter(([, value]) => value !== undefined)),
    remove: Object.keys(items).filter((key) => items[key] === undefined),
    ...(alone ? { boundInPlace: { key: tokenKey(FIRST_ACCOUNT_ID), token, defaultServer: DEFAULT_SERVER_URL } } : {}),
  };
}

/**
 * Writes a change in an extension context (sent as source: no named helpers
 * inside): a token saved alone is bound to the first account's stored server.
 */
export async function applyStorageChange(change: StorageChange): Promise<void> {
  const { storage } = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
  await storage.local.remove(change.remove);
  const set = { ...change.set };
  if (change.boundInPlace !== undefined) {
    const { accounts } = await storage.local.get('accounts');
    const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
    const server = typeof first === 'object' && first !== null && typeof (first as { server?: unknown }).server === 'string' ? (first as { server: string }).server : change.boundInPlace.defaultServer;
    set[change.boundInPlace.key] = { token: change.boundInPlace.token, server };
  }
  await storage.local.set(set);
}
