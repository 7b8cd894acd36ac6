import type { ListRun, ListToPage } from '../../messages/list-port';
import { serveListPort } from '../../messages/list-port-server';
import type { Runtime } from '../../platform/browser';
import { hasEnded } from '../../shortening/bulk-run-state';
import { listProgress } from '../../shortening/list-plan';
import { LIST_RUN, listBook } from '../runs/list-book';
import { cancelListRun, dismissListRun, pauseListRun, planList, resumeListRun, startListRun } from '../runs/list-runs';

/**
 * Answers the list page's port (src/messages/list-port.ts): what a list
 * comes to, and the list run after every change (where it stands while it
 * goes, the whole run for the table once it has ended).
 */
export function onListPort(port: Runtime.Port): void {
  // Read from the browser, not the page: a list sent from a private window's page is never recorded.
  const privateWindow = port.sender?.tab?.incognito === true;
  // The run's controls act only on a run this page may see (toPage).
  const ifOurs = async (act: () => Promise<void>) => {
    const run = (await listBook.runs()).get(LIST_RUN);
    if (run !== undefined && run.private === privateWindow) await act();
  };
  serveListPort(port, (page) => {
    let unwatch: (() => void) | undefined;
    // The page names itself as it watches; a start before that is nobody's list (no page sends one).
    let pageId: string = crypto.randomUUID();
    page.onClose(() => unwatch?.());
    page.onMessage((message) => {
      switch (message.type) {
        case 'watch':
          pageId = message.page;
          unwatch ??= listBook.watch(LIST_RUN, (run) => page.post(toPage(run, pageId, privateWindow)));
          return;
        case 'plan':
          void planList(message.addresses).then((planned) => page.post(planned.ok ? { type: 'plan', ask: message.ask, plan: planned.value } : { type: 'not-started', ask: message.ask, error: planned.error }));
          return;
        case 'start':
          void startListRun(message.addresses, message.places, privateWindow, pageId).then((started) => started.ok || page.post({ type: 'not-started', error: started.error }));
          return;
        case 'pause':
          void ifOurs(pauseListRun);
          return;
        case 'resume':
          void ifOurs(async () => {
            const resumed = await resumeListRun();
            if (!resumed.ok) page.post({ type: 'not-resumed', error: resumed.error });
          });
          return;
        case 'cancel':
          void ifOurs(cancelListRun);
          return;
        case 'dismiss':
          void ifOurs(dismissListRun);
      }
    });
  });
}

/**
 * What the page is told of the run. A list sent from a private window is shown in private windows only, and one
 * from a normal window in normal ones: a page in the other kind hears of none (and is refused a list of its own
 * while it holds the place, as any page is).
 */
const toPage = (run: ListRun | undefined, pageId: string, privateWindow: boolean): ListToPage => {
  if (run === undefined || run.private !== privateWindow) return { type: 'none' };
  const own = run.startedBy === pageId;
  return hasEnded(run) ? { type: 'ended', run, own } : { type: 'progress', progress: listProgress(run), own };
};
