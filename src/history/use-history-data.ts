import { useCallback, useEffect, useState } from 'preact/hooks';
import type { HistoryEntry, HistoryStore } from '../storage/history-entry';
import { errorText } from '../platform/error-text';

export type HistoryData =
  | { phase: 'loading' }
  | { phase: 'failed'; reason: string }
  | {
      phase: 'ready';
      /** Newest first. */
      entries: readonly HistoryEntry[];
      /** Records too damaged to read. */
      skipped: number;
      /** Undefined when it could not be read (the rest of the page does not need it). */
      creditsSaved: number | undefined;
      /**
       * False while only the newest screenful is read: what the first paint
       * needs comes from an index cursor, long before all 10,000 entries
       * (and their validation) would; everything follows in the same breath.
       */
      complete: boolean;
      /** Set when a reload after a change failed: what is shown may be out of date. */
      reloadFailure?: string;
    };

/**
 * History as the page shows it: read once, then again whenever any context
 * changes it. Reloads never overlap: changes arriving during one (a bulk
 * shortening records many links in a row) are folded into a single next one,
 * and only the latest read is shown.
 */
export function useHistoryData(store: HistoryStore, firstScreen: Promise<readonly HistoryEntry[]>) {
  const [data, setData] = useState<HistoryData>({ phase: 'loading' });

  useEffect(() => {
    let live = true;
    let running = false;
    let again = false;
    // The newest screenful first, painted before the whole is read: reading and
    // validating 10,000 entries holds the main thread for a good 100 ms, which
    // would otherwise fall between that render and its paint.
    void firstScreen
      .then(
        (entries) => live && setData((current) => (current.phase === 'loading' ? { phase: 'ready', entries, skipped: 0, creditsSaved: undefined, complete: false } : current)),
        () => undefined,
      )
      .then(afterNextPaint)
      .then(() => (live ? load() : undefined));
    const load = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      try {
        const [{ entries, skipped }, creditsSaved] = await Promise.all([store.all(), readCreditsSaved(store)]);
        if (live && !again) setData({ phase: 'ready', entries, skipped, creditsSaved, complete: true });
      } catch (error) {
        // Once something is shown, it stays, with a word that it may be out of date.
        if (live && !again) setData((current) => (current.phase === 'ready' ? { ...current, reloadFailure: errorText(error) } : { phase: 'failed', reason: errorText(error) }));
      }
      running = false;
      // Changed while reading: what was read may be stale, so read once more.
      if (again && live) await load();
    };
    const unsubscribe = store.onChange(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [store, firstScreen]);

  /** Shows a change this page made at once, before the reload it causes confirms it. */
  const updateEntries = useCallback((change: (entries: readonly HistoryEntry[]) => readonly HistoryEntry[]) => {
    setData((current) => (current.phase === 'ready' ? { ...current, entries: change(current.entries) } : current));
  }, []);

  return { data, updateEntries };
}

/** Resolves once the browser has painted the next frame (a task queued from the frame's callback runs after it). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function readCreditsSaved(store: HistoryStore): Promise<number | undefined> {
  try {
    return await store.creditsSaved();
  } catch (error) {
    console.warn('Shrtnr: the credits saved could not be read.', errorText(error));
    return undefined;
  }
}

/** Entries put back (an undo), in their places: newest first, each short link once. */
export function withEntries(entries: readonly HistoryEntry[], added: readonly HistoryEntry[]): HistoryEntry[] {
  const byShortUrl = new Map(entries.map((entry) => [entry.shortUrl, entry]));
  for (const entry of added) if (!byShortUrl.has(entry.shortUrl)) byShortUrl.set(entry.shortUrl, entry);
  return [...byShortUrl.values()].toSorted((a, b) => b.createdAt - a.createdAt);
}
