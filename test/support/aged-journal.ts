import type { Worker } from 'playwright-core';

/**
 * How long ago a stopped worker's clicks seem to have been made to the worker
 * that resumes them: well past the clipboard rule's 30 s (a resumed link that
 * late is offered, not copied), well short of the queue's 2-minute bound on a
 * wait.
 */
export const AGED_BY_MS = 60_000;

/**
 * Stands in for the half minute a stopped worker waits in the shipped build.
 * The e2e build's alarm wakes the next worker after about a second (see
 * src/background/queue/job-journal.ts), so its links would come back early enough
 * to be copied; this moves the click time of every job the worker has in its
 * journal (storage.session `job:*`) `AGED_BY_MS` back, now and in every job it
 * writes until it is stopped, so none of its later writes undoes it. Call it
 * just before stopping the worker. The 30-s rule itself is unit-tested
 * (src/background/delivery/clipboard-rule.test.ts).
 */
export async function ageJournalledClicks(worker: Worker): Promise<void> {
  await worker.evaluate(async (agedBy) => {
    type Items = Record<string, unknown>;
    const area = chrome.storage.session;
    const write = area.set.bind(area) as (items: Items, ...rest: unknown[]) => Promise<void>;
    const remove = area.remove.bind(area) as (keys: string | string[], ...rest: unknown[]) => Promise<void>;
    const aged = (items: Items): Items =>
      Object.fromEntries(
        Object.entries(items).map(([key, value]) => [key, key.startsWith('job:') ? { ...(value as { queuedAt: number }), queuedAt: (value as { queuedAt: number }).queuedAt - agedBy } : value]),
      );
    // Keys the worker writes or removes from now on are its own to keep: only the others are aged below.
    const touched = new Set<string>();
    // The extension reaches storage through webextension-polyfill, which looks each method up at
    // each call (a callback last); its calls then come here.
    Object.assign(area, {
      set: (items: Items, ...rest: unknown[]) => {
        for (const key of Object.keys(items)) touched.add(key);
        return write(aged(items), ...rest);
      },
      remove: (keys: string | string[], ...rest: unknown[]) => {
        for (const key of [keys].flat()) touched.add(key);
        return remove(keys, ...rest);
      },
    });
    const stored = await area.get(null);
    await write(aged(Object.fromEntries(Object.entries(stored).filter(([key]) => key.startsWith('job:') && !touched.has(key)))));
  }, AGED_BY_MS);
}
