import { browserWords } from '../../platform/i18n';
import { madeOfToShorten } from '../../shortening/bulk-run-state';
import type { ListRun } from '../../storage/session/list-run';
import { listRun } from '../../storage/session/run-items';
import { notifySentence } from '../delivery/notify';
import { runBook } from './run-book';
import type { RunKind } from './run-links';

/** The list run's one key in its book: one list at a time, for the whole browser. */
export const LIST_RUN = 'list';

/** The list run (run-book.ts), kept under its own key of storage.session. */
export const listBook = runBook<ListRun>({
  load: async () => {
    const run = await listRun.get();
    return run === undefined ? [] : [run];
  },
  save: ([run]) => (run === undefined ? listRun.remove() : listRun.set(run)),
  keyOf: () => LIST_RUN,
  what: 'the list run',
});

/**
 * A list's addresses go into the queue a few at a time: twice what one of
 * the server's windows lets through, so the next window's requests are always
 * in line (between 20 and 500). Ten thousand jobs at once would not fit
 * storage.session; a few hundred take some 100 KB.
 */
export const listKind: RunKind<ListRun> = {
  book: listBook,
  via: 'list',
  ahead: (run) => Math.min(500, Math.max(20, 2 * run.pace.limit)),
  paused: (run) => run.paused,
  ended: notifyListRunEnded,
};

/** With no list page watching, a notification says the links are ready (in the list page, and in history). */
async function notifyListRunEnded(run: ListRun): Promise<void> {
  if (listBook.isWatched(LIST_RUN) || (await listBook.runs()).get(LIST_RUN) !== run) return;
  const { made, toShorten } = madeOfToShorten(run);
  await notifySentence('notifyListTitle', browserWords().t('notifyListMessage', made, toShorten));
}
