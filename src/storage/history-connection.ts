import { DATABASE_NAME, DATABASE_VERSION, upgradeHistoryDatabase } from './history-database';

/** History's database as a store uses it: transactions that tell every context of a write, and the change signal. */
export interface HistoryConnection {
  /**
   * A transaction on one store: `body` only issues requests (awaiting inside
   * would let the transaction auto-commit); what it returns, its requests, is
   * handed back once committed, their results then ready. A write tells every
   * context that history changed.
   */
  transact<T>(name: 'entries' | 'meta', mode: IDBTransactionMode, body: (store: IDBObjectStore) => T): Promise<T>;
  /** Calls back when history changes, in any context; returns the unsubscribe. */
  onChange(callback: () => void): () => void;
}

/** One connection per context, opened on first use (and again after an upgrade elsewhere made it step aside). */
export function historyConnection(options: { indexedDB?: IDBFactory; channelName?: string }): HistoryConnection {
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
      const request = (options.indexedDB ?? indexedDB).open(DATABASE_NAME, DATABASE_VERSION);
      request.onupgradeneeded = (event) => {
        // The upgrade's transaction is there for as long as onupgradeneeded runs.
        if (request.transaction) upgradeHistoryDatabase(request.result, request.transaction, event.oldVersion);
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
    transact,
    onChange(callback) {
      channelOf(); // Other contexts' writes are heard from now on.
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}
