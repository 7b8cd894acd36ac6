/**
 * The tokens' own IndexedDB database, where a browser that cannot close
 * storage.local to content scripts keeps them (token-vault.ts). A database
 * belongs to its origin: the extension's pages and worker share this one,
 * while a script the extension injects into a page opens the page's own.
 * One store, `tokens`, each record a saved token under its account's id.
 */
export const TOKEN_DATABASE = { name: 'shrtnr-tokens', version: 1, store: 'tokens' } as const;

export interface TokenDatabase {
  /** The records of these accounts (unchecked: the vault validates them). */
  get(accountIds: readonly string[]): Promise<Record<string, unknown>>;
  /** Every record, by account id. */
  all(): Promise<Record<string, unknown>>;
  /** Puts these records and deletes those accounts' in one transaction. */
  change(put: Record<string, unknown>, deleted?: readonly string[]): Promise<void>;
  /** Whether the database exists, without creating it. */
  exists(): Promise<boolean>;
  /** Deletes the database. */
  drop(): Promise<void>;
}

/** Settles with the request's result, or rejects with its error. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB request failed')));
  });
}

/** Resolves when the transaction has committed (its writes are on disk for every context). */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.addEventListener('complete', () => resolve());
    transaction.addEventListener('abort', () => reject(transaction.error ?? new Error('IndexedDB transaction aborted')));
  });
}

/** A connection to the tokens' database, created if need be. */
async function connect(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(TOKEN_DATABASE.name, TOKEN_DATABASE.version);
  request.addEventListener('upgradeneeded', () => request.result.createObjectStore(TOKEN_DATABASE.store));
  return settled(request);
}

/**
 * The tokens' database, opened on first use, and again after another context
 * deleted or upgraded it. Its calls reject where the browser keeps no
 * extension data (Firefox set never to remember history). `factory` is asked
 * for at first use: a context that never needs the database needs no IndexedDB.
 */
export function tokenDatabase(factory: () => IDBFactory): TokenDatabase {
  let connection: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    connection ??= connect(factory()).then(
      (db) => {
        // Another context deleting or upgrading it: this connection steps aside, and the next call opens it again.
        db.addEventListener('versionchange', () => {
          db.close();
          connection = undefined;
        });
        return db;
      },
      (error: unknown) => {
        connection = undefined;
        throw error;
      },
    );
    return connection;
  };
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(TOKEN_DATABASE.store, mode).objectStore(TOKEN_DATABASE.store);
  return {
    async get(accountIds) {
      const tokens = await store('readonly');
      const values = await Promise.all(accountIds.map((id) => settled(tokens.get(id))));
      return Object.fromEntries(accountIds.flatMap((id, index) => (values[index] === undefined ? [] : [[id, values[index]]])));
    },
    async all() {
      const tokens = await store('readonly');
      const [keys, values] = await Promise.all([settled(tokens.getAllKeys()), settled(tokens.getAll())]);
      return Object.fromEntries(keys.map((key, index) => [String(key), values[index]]));
    },
    async change(put, deleted = []) {
      const tokens = await store('readwrite');
      for (const [id, value] of Object.entries(put)) tokens.put(value, id);
      for (const id of deleted) tokens.delete(id);
      await committed(tokens.transaction);
    },
    exists: async () => (await factory().databases()).some(({ name }) => name === TOKEN_DATABASE.name),
    // Open connections (this context's among them) close on the versionchange the deletion fires.
    drop: async () => void (await settled(factory().deleteDatabase(TOKEN_DATABASE.name))),
  };
}
