import { defaultAccountName, FIRST_ACCOUNT_ID } from '../../src/storage/accounts';
import type { AcceptedPageLinkHost } from '../../src/storage/page-link-hosts';
import { DEFAULT_SERVER_URL, type Settings } from '../../src/storage/settings-schema';
import { TOKEN_DATABASE } from '../../src/storage/token-database';
import { tokenKey, type SavedToken } from '../../src/storage/token-vault';

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
 * The writes for `settings`, as the options page would make them: a token
 * saved together with a server is saved for that server; one saved alone,
 * for the first account's server as stored (`boundInPlace`: the writer reads
 * it, see applyStorageChange). Tokens go where the extension keeps them
 * (storage/token-vault.ts): storage.local where the browser closes it to
 * pages (Chromium), else the extension's IndexedDB (Firefox).
 */
export interface StorageChange {
  set: Record<string, unknown>;
  remove: string[];
  tokens: { set: { key: string; id: string; saved: SavedToken }[]; remove: { key: string; id: string }[]; boundInPlace?: { key: string; id: string; token: string; defaultServer: string } };
  database: typeof TOKEN_DATABASE;
}

export function storageChange(settings: StoredSettings): StorageChange {
  const { serverUrl, token, tokenServer, ...plain } = settings;
  const items: Record<string, unknown> = { ...plain };
  if ('serverUrl' in settings) {
    // No server: the default account (the accounts' default); one that is not valid fails the list closed, as stored.
    items.accounts = serverUrl === undefined ? undefined : [{ id: FIRST_ACCOUNT_ID, name: defaultAccountName(serverUrl), server: serverUrl }];
    items.activeAccount = serverUrl === undefined ? undefined : FIRST_ACCOUNT_ID;
  }
  const first = { key: tokenKey(FIRST_ACCOUNT_ID), id: FIRST_ACCOUNT_ID };
  const alone = token !== undefined && tokenServer === undefined && serverUrl === undefined;
  const tokens: StorageChange['tokens'] = { set: [], remove: [] };
  if ('token' in settings && !alone) {
    if (token === undefined) tokens.remove.push(first);
    else tokens.set.push({ ...first, saved: { token, server: tokenServer ?? serverUrl ?? DEFAULT_SERVER_URL } });
  }
  if (alone) tokens.boundInPlace = { ...first, token, defaultServer: DEFAULT_SERVER_URL };
  return {
    set: Object.fromEntries(Object.entries(items).filter(([, value]) => value !== undefined)),
    remove: Object.keys(items).filter((key) => items[key] === undefined),
    tokens,
    database: TOKEN_DATABASE,
  };
}

/** The change that saves (or, with undefined, removes) these accounts' tokens, by account id. */
export function tokensChange(tokens: Record<string, SavedToken | undefined>): StorageChange {
  const entries = Object.entries(tokens).map(([id, saved]) => ({ key: tokenKey(id), id, saved }));
  return {
    set: {},
    remove: [],
    tokens: { set: entries.flatMap(({ saved, ...place }) => (saved === undefined ? [] : [{ ...place, saved }])), remove: entries.filter(({ saved }) => saved === undefined) },
    database: TOKEN_DATABASE,
  };
}

/**
 * Writes a change in an extension context (sent as source: no named helpers
 * inside): a token saved alone is bound to the first account's stored server.
 */
export async function applyStorageChange(change: StorageChange): Promise<void> {
  const { storage } = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
  await storage.local.remove(change.remove);
  await storage.local.set(change.set);
  const { tokens } = change;
  const saved = [...tokens.set];
  if (tokens.boundInPlace !== undefined) {
    const { accounts } = await storage.local.get('accounts');
    const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
    const server = typeof first === 'object' && first !== null && typeof (first as { server?: unknown }).server === 'string' ? (first as { server: string }).server : tokens.boundInPlace.defaultServer;
    saved.push({ ...tokens.boundInPlace, saved: { token: tokens.boundInPlace.token, server } });
  }
  if (typeof (storage.local as { setAccessLevel?: unknown }).setAccessLevel === 'function') {
    await storage.local.remove(tokens.remove.map(({ key }) => key));
    await storage.local.set(Object.fromEntries(saved.map(({ key, saved: value }) => [key, value])));
    return;
  }
  const { name, version, store } = change.database;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.addEventListener('upgradeneeded', () => request.result.createObjectStore(store));
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(new Error(`IndexedDB ${name}: ${String(request.error)}`)));
  });
  try {
    const transaction = db.transaction(store, 'readwrite');
    for (const { id, saved: value } of saved) transaction.objectStore(store).put(value, id);
    for (const { id } of tokens.remove) transaction.objectStore(store).delete(id);
    await new Promise<void>((resolve, reject) => {
      transaction.addEventListener('complete', () => resolve());
      transaction.addEventListener('abort', () => reject(new Error(`IndexedDB ${name}: ${String(transaction.error)}`)));
    });
  } finally {
    db.close();
  }
}

/**
 * The tokens the extension keeps, by account id, read where it keeps them
 * (sent as source: see applyStorageChange), with what storage.local holds
 * under a token's key (`inLocal`), which pages must never reach in Firefox.
 */
export async function readStoredTokens(database: typeof TOKEN_DATABASE): Promise<{ kept: Record<string, unknown>; inLocal: Record<string, unknown> }> {
  const { storage } = ((globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
  const inLocal = Object.fromEntries(Object.entries(await storage.local.get(null)).filter(([key]) => key.startsWith('token:')));
  if (typeof (storage.local as { setAccessLevel?: unknown }).setAccessLevel === 'function') {
    return { kept: Object.fromEntries(Object.entries(inLocal).map(([key, value]) => [key.slice('token:'.length), value])), inLocal };
  }
  if (!(await indexedDB.databases()).some(({ name }) => name === database.name)) return { kept: {}, inLocal };
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(database.name);
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(new Error(`IndexedDB ${database.name}: ${String(request.error)}`)));
  });
  try {
    const tokens = db.transaction(database.store, 'readonly').objectStore(database.store);
    const [keys, values] = await Promise.all(
      [tokens.getAllKeys(), tokens.getAll()].map(
        (request) =>
          new Promise<unknown[]>((resolve, reject) => {
            request.addEventListener('success', () => resolve(request.result));
            request.addEventListener('error', () => reject(new Error(`IndexedDB ${database.name}: ${String(request.error)}`)));
          }),
      ),
    );
    return { kept: Object.fromEntries((keys ?? []).map((key, index) => [String(key), values?.[index]])), inLocal };
  } finally {
    db.close();
  }
}
