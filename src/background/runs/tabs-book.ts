import type { BulkRun } from '../../messages/bulk-port';
import { browserWords } from '../../platform/i18n';
import { madeOfToShorten } from '../../shortening/bulk-run-state';
import { tabsRuns } from '../../storage/session/run-items';
import { notifySentence } from '../delivery/notify';
import { runBook } from './run-book';
import type { RunKind } from './run-links';

/** Every window's "Shorten all tabs" run, by window (run-book.ts). */
export const tabsBook = runBook<BulkRun>({ load: () => tabsRuns.get(), save: (runs) => tabsRuns.set(runs), keyOf: (run) => run.windowId, what: 'the tabs run' });

/**
 * A window's tabs go into the queue all at once, from the run's start: a
 * window's run fits storage.session, jobs and all (run-capacity.ts), and
 * its tabs are few beside a list's. No pause: the popup offers Cancel.
 */
export const tabsKind: RunKind<BulkRun> = {
  book: tabsBook,
  via: 'bulk',
  ahead: () => Number.POSITIVE_INFINITY,
  paused: () => false,
  ended: notifyTabsRunEnded,
};

/** With no popup watching, a notification says the links are ready (they are in the popup, and in history). */
async function notifyTabsRunEnded(run: BulkRun): Promise<void> {
  // Watched, or forgotten with its window: nothing to say.
  if (tabsBook.isWatched(run.windowId) || (await tabsBook.runs()).get(run.windowId) !== run) return;
  const { made, toShorten } = madeOfToShorten(run);
  await notifySentence('notifyBulkTitle', browserWords().t('notifyBulkMessage', made, toShorten));
}
