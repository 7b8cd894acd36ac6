// Test code: history as the history page's component tests (history-app.test.tsx)
// keep it. The extension never imports it (test/unit/fakes-stay-in-tests.test.ts).
import { vi, type Mock } from 'vitest';
import type { HistoryEntry, HistoryStore, MergeOutcome } from '../storage/history-entry';

/** An in-memory HistoryStore: newest first, as the real one answers; every write tells the listeners, as the real one does. */
export interface FakeHistoryStore extends HistoryStore {
  recent: Mock<HistoryStore['recent']>;
  all: Mock<HistoryStore['all']>;
  remove: Mock<HistoryStore['remove']>;
  clear: Mock<HistoryStore['clear']>;
  merge: Mock<HistoryStore['merge']>;
  undoMerge: Mock<HistoryStore['undoMerge']>;
  creditsSaved: Mock<HistoryStore['creditsSaved']>;
  /** Another context (the background, another window) recording a link. */
  recordElsewhere(entry: HistoryEntry): void;
}

/** History holding `initial`; `skipped` damaged records, at most `maxEntries` entries, trimmed as the real store trims. */
export function fakeHistoryStore(initial: readonly HistoryEntry[], { skipped = 0, maxEntries = 10_000 } = {}): FakeHistoryStore {
  const entries = new Map(initial.map((entry) => [entry.shortUrl, entry]));
  const listeners = new Set<() => void>();
  const newestFirst = () => [...entries.values()].toSorted((a, b) => b.createdAt - a.createdAt);
  const changed = () => {
    for (const listener of listeners) queueMicrotask(listener);
  };
  // As the real one trims: imported entries first, oldest first, then the others, oldest first.
  const trim = () => {
    const excess = entries.size - maxEntries;
    if (excess <= 0) return [];
    const oldestFirst = newestFirst().toReversed();
    const dropped = [...oldestFirst.filter((entry) => entry.origin === 'imported'), ...oldestFirst.filter((entry) => entry.origin !== 'imported')].slice(0, excess);
    for (const { shortUrl } of dropped) entries.delete(shortUrl);
    return dropped;
  };
  return {
    record: async (entry) => {
      entries.set(entry.shortUrl, entry);
      trim();
      changed();
    },
    findCached: async (server, longUrl) => newestFirst().find((entry) => entry.server === server && entry.longUrl === longUrl),
    recent: vi.fn(async (limit: number) => newestFirst().slice(0, limit)),
    all: vi.fn(async () => ({ entries: newestFirst(), skipped })),
    count: async () => entries.size,
    remove: vi.fn(async (shortUrl: string) => {
      const removed = entries.get(shortUrl);
      entries.delete(shortUrl);
      changed();
      return removed;
    }),
    clear: vi.fn(async () => {
      const removed = newestFirst();
      entries.clear();
      changed();
      return removed;
    }),
    merge: vi.fn(async (added: readonly HistoryEntry[]): Promise<MergeOutcome> => {
      const fresh = new Set<string>();
      let alreadyThere = 0;
      for (const entry of added) {
        if (entries.has(entry.shortUrl)) alreadyThere += 1;
        else {
          entries.set(entry.shortUrl, entry);
          fresh.add(entry.shortUrl);
        }
      }
      const trimmed = trim();
      const overBound = trimmed.filter(({ shortUrl }) => fresh.delete(shortUrl)).length;
      changed();
      return { added: [...fresh], alreadyThere, overBound, dropped: trimmed.filter(({ shortUrl }) => !added.some((entry) => entry.shortUrl === shortUrl)) };
    }),
    undoMerge: vi.fn(async (added: readonly string[], dropped: readonly HistoryEntry[]) => {
      let removed = 0;
      for (const shortUrl of added) {
        if (entries.get(shortUrl)?.origin !== 'imported') continue;
        entries.delete(shortUrl);
        removed += 1;
      }
      const restored = dropped.filter((entry) => !entries.has(entry.shortUrl));
      for (const entry of restored) entries.set(entry.shortUrl, entry);
      changed();
      return { removed, restored: restored.length };
    }),
    creditsSaved: vi.fn(async () => 7),
    countReuse: async () => undefined,
    moveAccount: async () => undefined,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    recordElsewhere(entry) {
      entries.set(entry.shortUrl, entry);
      changed();
    },
  };
}
