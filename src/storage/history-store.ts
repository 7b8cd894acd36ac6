import * as z from 'zod/mini';
import { accountOfEntry } from './accounts';
import { historyConnection } from './history-connection';
import { asHistoryEntry, IMPORTED, MAX_HISTORY_ENTRIES, mayReplace, type HistoryEntry, type HistoryStore, type MergeOutcome } from './history-entry';
import { trim } from './history-trim';
import { bySchema } from './stored-item';

z.config({ jitless: true });

/** The credits reused links saved, in history's `meta` store: anything but a count there counts as none. */
const CREDITS_KEY = 'creditsSaved';
const readCredits = bySchema(z.number());
const credits = (value: unknown) => readCredits(value) ?? 0;

/** Valid entries only: a corrupt record is skipped, never thrown on. */
const validOnes = (records: readonly unknown[]) => records.map(asHistoryEntry).filter((entry) => entry !== undefined);

/** Adds the entry unless one with its short link is there (then `onThere`, and the transaction goes on). */
function addUnlessThere(store: IDBObjectStore, entry: HistoryEntry, onAdded: () => void, onThere: () => void): void {
  const add = store.add(entry);
  add.onsuccess = onAdded;
  add.addEventListener('error', (event) => {
    if (add.error?.name !== 'ConstraintError') return; // Anything else aborts the transaction.
    event.preventDefault();
    onThere();
  });
}

/** Keeps a dropped record that is a valid entry (one that can be put back); a damaged one is gone for good. */
function pushValid(into: HistoryEntry[], record: unknown): void {
  const entry = asHistoryEntry(record);
  if (entry) into.push(entry);
}

/** `IDBIndex.getAllRecords`, not yet in TypeScript's DOM types (Chromium 141+; Firefox not yet). */
type IndexWithRecords = IDBIndex & {
  getAllRecords?(options: { direction: 'prev'; count: number }): IDBRequest<{ value: unknown }[]>;
};

/** History in IndexedDB (see HistoryStore), through one connection per context, opened on first use. */
export function openHistoryStore(options: { indexedDB?: IDBFactory; maxEntries?: number; channelName?: string } = {}): HistoryStore {
  const maxEntries = options.maxEntries ?? MAX_HISTORY_ENTRIES;
  const { transact, onChange } = historyConnection(options);

  return {
    record: (entry) =>
      transact('entries', 'readwrite', (store) => {
        const existing = store.get(entry.shortUrl);
        existing.onsuccess = () => {
          const kept = asHistoryEntry(existing.result);
          if (kept === undefined || mayReplace(kept, entry)) store.put(entry);
          trim(store, maxEntries);
        };
      }),

    async findCached(server, longUrl, account) {
      const matches = await transact('entries', 'readonly', (store) => store.index('server-longUrl').getAll([server, longUrl]));
      return validOnes(matches.result)
        // Neither a file's word nor a page's own link (kept under its own origin, which could be the server's too) answers for the server,
        // nor another account's link: the same server may hold a team's account and one's own.
        .filter((entry) => entry.origin !== IMPORTED && entry.pageOwn !== true && accountOfEntry(entry) === account)
        .reduce<HistoryEntry | undefined>((newest, entry) => (newest && newest.createdAt >= entry.createdAt ? newest : entry), undefined);
    },

    async recent(limit, { madeHereOnly = false } = {}) {
      const entries: HistoryEntry[] = [];
      if (limit <= 0) return entries;
      const wanted = (entry: HistoryEntry | undefined): entry is HistoryEntry => entry !== undefined && !(madeHereOnly && entry.origin === IMPORTED);
      await transact('entries', 'readonly', (store) => {
        const byDate = store.index('createdAt') as IndexWithRecords;
        const walk = () => {
          const cursor = byDate.openCursor(null, 'prev');
          cursor.onsuccess = () => {
            if (!cursor.result || entries.length >= limit) return;
            const entry = asHistoryEntry(cursor.result.value);
            if (wanted(entry)) entries.push(entry);
            cursor.result.continue();
          };
        };
        // One request for the lot where the browser has it (Chromium 141+):
        // a cursor pays a round trip to the database per entry, some 15 ms
        // for the history page's first screenful while the page is starting.
        if (typeof byDate.getAllRecords !== 'function') return walk();
        const records = byDate.getAllRecords({ direction: 'prev', count: limit });
        records.onsuccess = () => {
          const valid = records.result.map((record) => asHistoryEntry(record.value)).filter(wanted);
          // Damaged (or unwanted) records among them: walk instead, to give `limit` of the others.
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
      const added = new Set<string>();
      const outcome: Omit<MergeOutcome, 'added'> = { alreadyThere: 0, overBound: 0, dropped: [] };
      await transact('entries', 'readwrite', (store) => {
        for (const entry of entries) addUnlessThere(store, entry, () => added.add(entry.shortUrl), () => outcome.alreadyThere++);
        trim(store, maxEntries, (record) => {
          const shortUrl = (record as { shortUrl?: unknown }).shortUrl;
          if (typeof shortUrl === 'string' && added.delete(shortUrl)) outcome.overBound++;
          else pushValid(outcome.dropped, record);
        });
      });
      return { ...outcome, added: [...added] };
    },

    async undoMerge(added, dropped) {
      let removed = 0;
      const restored = new Set<string>();
      await transact('entries', 'readwrite', (store) => {
        // Deleted only while still imported: a link shortened here since, with the same short link, is the user's.
        const reads = added.map((shortUrl) => store.get(shortUrl));
        const undo = () => {
          for (const entry of validOnes(reads.map((read) => read.result))) {
            if (entry.origin !== IMPORTED) continue;
            store.delete(entry.shortUrl);
            removed += 1;
          }
          for (const entry of dropped) addUnlessThere(store, entry, () => restored.add(entry.shortUrl), () => undefined);
          trim(store, maxEntries, (record) => restored.delete(String((record as { shortUrl?: unknown }).shortUrl)));
        };
        // Requests succeed in order: once the last read is done, every read is.
        const last = reads.at(-1);
        if (last === undefined) undo();
        else last.onsuccess = undo;
      });
      return { removed, restored: restored.size };
    },

    creditsSaved: async () => credits((await transact('meta', 'readonly', (store) => store.get(CREDITS_KEY))).result),

    countReuse: (entry) =>
      transact('meta', 'readwrite', (store) => {
        const saved = store.get(CREDITS_KEY);
        saved.onsuccess = () => store.put(credits(saved.result) + (entry.used ?? 1), CREDITS_KEY);
      }),

    moveAccount: (from, to, server) =>
      transact('entries', 'readwrite', (store) => {
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (at === null) return;
          const entry = asHistoryEntry(at.value);
          // Links made here only: a page's own (no account) and an imported one (another machine's word) stay as they are.
          if (entry !== undefined && entry.server === server && entry.origin !== IMPORTED && entry.pageOwn !== true && accountOfEntry(entry) === from) at.update({ ...entry, account: to });
          at.continue();
        };
      }),

    onChange,
  };
}
