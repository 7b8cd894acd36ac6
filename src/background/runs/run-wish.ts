import type { Result } from '../../api/result';
import type { BulkRun, BulkStartError } from '../../messages/bulk-port';
import { browser } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import { tabsRunWish } from '../../storage/session/run-items';
import { bulkStartSentence } from '../../ui/error-words';
import { notifyFailure, notifySentence } from '../delivery/notify';
import { tabsBook } from './tabs-book';
import { hasTabsPermission, startBulkRun } from './tabs-runs';
import { errorText } from '../../platform/error-text';

/**
 * A click on "Shorten all tabs" waiting for the user's answer to the
 * permission prompt. Chrome closes the popup as its prompt opens (seen in
 * Chromium 156: the prompt is a dialog of the browser window, and the popup
 * loses focus), so the popup cannot start the run once it is granted: the
 * worker keeps the wish, in storage.session since it may be stopped while the
 * user reads the prompt, and starts the run when permissions.onAdded fires.
 */
const WISH_LASTS_MS = 5 * 60_000;

/** The wish is read, written and taken one step at a time. */
let wishing: Promise<unknown> = Promise.resolve();
function step<T>(action: () => Promise<T>): Promise<T> {
  const done = wishing.then(action);
  wishing = done.catch(() => undefined);
  return done;
}

/**
 * The popup's click: starts the run when the permission is there; else keeps
 * the wish until the user answers the prompt the popup opened in the same
 * click (undefined then: the run starts from permissions.onAdded).
 */
export async function askForBulkRun(windowId: number): Promise<Result<BulkRun, BulkStartError> | undefined> {
  if (await hasTabsPermission()) return startBulkRun(windowId);
  await step(() => tabsRunWish.set({ windowId, at: Date.now() }));
  // Granted while the wish was being written (Firefox's grant without a prompt comes that fast): nobody else will take it.
  if (await hasTabsPermission()) return startWished();
  return undefined;
}

/** The user refused the prompt: the wish is dropped. */
export async function bulkPermissionRefused(): Promise<void> {
  await step(() => tabsRunWish.remove());
}

/** permissions.onAdded: a wish waiting for the `tabs` permission starts its run; the popup is opened again on it where the browser allows. */
export async function onPermissionsAdded(added: { permissions?: string[] }): Promise<void> {
  if (!(added.permissions ?? []).includes('tabs')) return;
  const started = await startWished();
  if (started === undefined) return;
  if (!started.ok) {
    if (started.error.kind === 'tabs-permission' || started.error.kind === 'run-too-large') await notifySentence('notifyFailedTitle', bulkStartSentence(started.error, browserWords()));
    else await notifyFailure(started.error);
    return;
  }
  // Chrome closed the popup for its prompt: show the run again, if nobody is watching it.
  if (tabsBook.isWatched(started.value.windowId)) return;
  await browser.action.openPopup({ windowId: started.value.windowId }).catch((error: unknown) => {
    console.warn('Shrtnr: the popup could not be opened on the tabs run.', errorText(error));
  });
}

/** Takes the wish (once) and starts its run; undefined when there is none, or it is stale. */
async function startWished(): Promise<Result<BulkRun, BulkStartError> | undefined> {
  const wish = await step(async () => {
    const stored = await tabsRunWish.get();
    await tabsRunWish.remove();
    return stored;
  });
  if (wish === undefined || Date.now() - wish.at > WISH_LASTS_MS) return undefined;
  return startBulkRun(wish.windowId);
}
