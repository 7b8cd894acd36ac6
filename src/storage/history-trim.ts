import * as z from 'zod/mini';
import { IMPORTED_INDEX } from './history-database';
import { IMPORTED } from './history-entry';

z.config({ jitless: true });

/** The imported index holds every record with an `origin`: a damaged one with another mark is left to the second pass. */
const importedRecord = z.object({ origin: z.literal(IMPORTED) });

/**
 * Deletes entries beyond `max`, within the caller's transaction: imported
 * entries first, oldest first among them, then (only if that was not enough)
 * entries made here, oldest first. Every write trims, so history holds at
 * most `max` before any write, and a write's excess is at most what it
 * added: an import, which adds only imported entries, can never drop an
 * entry made here (issue 19).
 *
 * Counts the object store, not an index: Chromium counts an index by walking
 * it (23 ms at 10,000 entries, against 5 ms for the store), and every
 * recording pays this. A record without a valid createdAt (in no index)
 * counts toward the bound too: the bound is on what is stored.
 *
 * `onDropped` hears each deleted record as stored (unvalidated), in order.
 */
export function trim(store: IDBObjectStore, max: number, onDropped?: (record: unknown) => void): void {
  const count = store.count();
  count.onsuccess = () => {
    let excess = count.result - max;
    if (excess <= 0) return;
    // One cursor after the other: the second starts only once the first has run out.
    const dropOldest = (index: IDBIndex, dropping: (record: unknown) => boolean, then: () => void) => {
      const cursor = index.openCursor();
      cursor.onsuccess = () => {
        const oldest = cursor.result;
        if (excess <= 0) return;
        if (!oldest) return then();
        if (dropping(oldest.value)) {
          excess -= 1;
          onDropped?.(oldest.value);
          oldest.delete();
        }
        oldest.continue();
      };
    };
    dropOldest(store.index(IMPORTED_INDEX), (record) => importedRecord.safeParse(record).success, () => dropOldest(store.index('createdAt'), () => true, () => undefined));
  };
}
