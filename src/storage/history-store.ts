import { asHistoryEntry, IMPORTED, MAX_HISTORY_ENTRIES, type HistoryEntry, type HistoryStore, type MergeOutcome } from './history-entry';

const CREDITS_KEY = 'creditsSaved';
const credits = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Valid entries only: a corrupt record is skipped, never thrown on. */
const validOnes = (records: readonly unknown[]) => records.map(asHistoryEntry).filter((entry) => entry !== undefined);

/**
 * Deletes the oldest entries beyond `max`. Counts the object store, not the
 * createdAt index: Chromium counts an index by walking it (23 ms at 10,000
 * entries, against 5 ms for the store), and every recording pays this. A
 * record without a valid createdAt (not in the index) counts toward the bound
 * too: the bound is on what is stored.
 */
function trim(store: IDBObjectStore, max: number, onDropped?: (shortUrl: IDBValidKey) => void): void {
  const byDate = store.index('createdAt');
  const count = store.count();
  count.onsuccess = () => {
    let excess = count.result - max;
    if (excess <= 0) return;
    const cursor = byDate.openKeyCursor();
    cursor.onsuccess = () => {
      const oldest = cursor.result;
      if (!oldest || excess-- <= 0) return;
      onDropped?.(oldest.primaryKey);
      store.delete(oldest.primaryKey);
      oldest.continue();
    };
  };
}

/** `IDBIndex.getAllRecords`, not yet in TypeScript's DOM types (Chromium 141+; Firefox not yet). */
type IndexWithRecords = IDBIndex & {
  getAllRecords?(options: { direction: 'prev'; count: number }): IDBRequest<{ value: unknown }[]>;
};

/** History in IndexedDB (see HistoryStore), through one connection per context, opened on first use. */
export function openHistoryStore(options: { indexedDB?: IDBFactory; maxEntries?: number; channelName?: string } = {}): HistoryStore {
  const maxEntries = options.maxEntries ?? MAX_HISTORY_ENTRIES;
  const listeners = new Set<() => void>();
  let connection: Promise<IDBDatabase> | undefined;
  let channel: BroadcastChannel | undefined;

  // Each in its own microtask: a throwing listener is reported, stops no other, and fails no write.
  const tellListeners = () => {
    for (const listener of listeners) queueMicrotask(listener);
  };
  const channelOf = () => {
    if (!channel) {
      channel = new BroadcastChannel(options.channelName ?? 'shrtnr-history');
      channel.addEventListener('message', tellListeners);
    }
    return channel;
  };

  const open = () =>
    (connection ??= new Promise<IDBDatabase>((resolve, reject) => {
      // Read here: a context that never touches history needs no indexedDB global.
      const request = (options.indexedDB ?? indexedDB).open('shrtnr-history', 1);
      request.onupgradeneeded = () => {
        const entries = request.result.createObjectStore('entries', { keyPath: 'shortUrl' });
        entries.createIndex('createdAt', 'createdAt');
        entries.createIndex('server-longUrl', ['server', 'longUrl']);
        request.result.createObjectStore('meta');
      };
      request.onsuccess = () => {
        const db = request.result;
        // Step aside for an upgrade opened elsewhere (a newer build), or after the browser closed us; reopen on next use.
        const stepAside = () => {
          db.close();
          connection = undefined;
        };
        db.onversionchange = stepAside;
        db.addEventListener('close', stepAside);
        resolve(db);
      };
      request.addEventListener('error', () => reject(request.error));
      // Only a connection that ignores versionchange (none of ours) blocks: fail rather than hang, and close ours if it opens later.
      request.onblocked = () => {
        reject(new DOMException('History is held open elsewhere by an older version', 'InvalidStateError'));
        request.onsuccess = () => request.result.close();
      };
    }).catch((error: unknown) => {
      connection = undefined;
      throw error;
    }));

  // `body` only issues requests (awaiting inside would let the transaction auto-commit);
  // what it returns, its requests, is handed back once committed, their results then ready.
  async function transact<T>(name: 'entries' | 'meta', mode: IDBTransactionMode, body: (store: IDBObjectStore) => T): Promise<T> {
    const transaction = (await open()).transaction(name, mode);
    let requests: T;
    try {
      requests = body(transaction.objectStore(name));
    } catch (error) {
      transaction.abort(); // All or nothing: no half of a merge.
      throw error;
    }
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      // On abort, not on error: merge's expected ConstraintErrors bubble up as errors without aborting.
      transaction.addEventListener('abort', () => reject(transaction.error));
    });
    if (mode === 'readwrite') {
      // A BroadcastChannel does not deliver to its sender: this context's listeners are told directly.
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- BroadcastChannel's postMessage takes no origin
      channelOf().postMessage(undefined);
      tellListeners();
    }
    return requests;
  }

  return {
    record: (entry) =>
      transact('entries', 'readwrite', (store) => {
        store.put(entry);
        trim(store, maxEntries);
      }),

    async findCached(server, longUrl) {
      const matches = await transact('entries', 'readonly', (store) => store.index('server-longUrl').getAll([server, longUrl]));
      return validOnes(matches.result)
        .filter((entry) => entry.origin !== IMPORTED)
        .reduce<HistoryEntry | undefined>((newest, entry) => (newest && newest.createdAt >= entry.createdAt ? newest : entry), undefined);
    },

    async recent(limit) {
      const entries: HistoryEntry[] = [];
      if (limit <= 0) return entries;
      await transact('entries', 'readonly', (store) => {
        const byDate = store.index('createdAt') as IndexWithRecords;
        const walk = () => {
          const cursor = byDate.openCursor(null, 'prev');
          cursor.onsuccess = () => {
            if (!cursor.result || entries.length >= limit) return;
            const entry = asHistoryEntry(cursor.result.value);
            if (entry) entries.push(entry);
            cursor.result.continue();
          };
        };
        // One request for the lot where the browser has it (Chromium 141+):
        // a cursor pays a round trip to the database per entry, some 15 ms
        // for the history page's first screenful while the page is starting.
        if (typeof byDate.getAllRecords !== 'function') return walk();
        const records = byDate.getAllRecords({ direction: 'prev', count: limit });
        records.onsuccess = () => {
          const valid = validOnes(records.result.map((record) => record.value));
          // Damaged records among them: walk instead, to give `limit` valid ones.
          if (valid.length < records.result.length) walk();
          else entries.push(...valid);
        };
      });
      return entries;
    },

    async all() {
      const [records, total] = await transact('entries', 'readonly', (store) => [store.index('createdAt').getAll(), store.count()] as const);
      const entries = validOnes(records.result.toReversed());
      // Against the store's count: a record without a valid createdAt is not even in the index.
      return { entries, skipped: total.result - entries.length };
    },

    count: async () => (await transact('entries', 'readonly', (store) => store.count())).result,

    async remove(shortUrl) {
      const [removed] = await transact('entries', 'readwrite', (store) => [store.get(shortUrl), store.delete(shortUrl)] as const);
      return asHistoryEntry(removed.result);
    },

    async clear() {
      const [records] = await transact('entries', 'readwrite', (store) => [store.index('createdAt').getAll(), store.clear()] as const);
      return validOnes(records.result.toReversed());
    },

    async merge(entries) {
      const added = new Set<IDBValidKey>();
      const outcome: MergeOutcome = { added: 0, alreadyThere: 0, overBound: 0 };
      await transact('entries', 'readwrite', (store) => {
        for (const entry of entries) {
          const add = store.add(entry);
          add.onsuccess = () => added.add(add.result);
          add.addEventListener('error', (event) => {
            if (add.error?.name !== 'ConstraintError') return; // Anything else aborts the merge.
            event.preventDefault();
            outcome.alreadyThere++;
          });
        }
        trim(store, maxEntries, (shortUrl) => {
          if (added.delete(shortUrl)) outcome.overBound++;
        });
      });
      return { ...outcome, added: added.size };
    },

    creditsSaved: async () => credits((await transact('meta', 'readonly', (store) => store.get(CREDITS_KEY))).result),

    countReuse: (entry) =>
      transact('meta', 'readwrite', (store) => {
        const saved = store.get(CREDITS_KEY);
        saved.onsuccess = () => store.put(credits(saved.result) + (entry.used ?? 1), CREDITS_KEY);
      }),

    onChange(callback) {
      channelOf(); // Other contexts' writes are heard from now on.
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
