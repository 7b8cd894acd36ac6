import { failure, success, type Result } from '../../api/result';
import type { BulkRun, BulkStartError } from '../../messages/bulk-port';
import { TABS_PERMISSION } from '../../platform/tabs-permission';
import { hasEnded } from '../../shortening/bulk-run-state';
import { browser, type Tabs } from '../../platform/browser';
import { planBulk } from '../../shortening/bulk-plan';
import { planningPace } from '../../shortening/run-pace';
import { titled } from '../../shortening/shorten-request';
import { readSendingSettings } from '../../storage/account-tokens';
import { localArea, tokenVault } from '../../storage/extension-storage';
import type { Settings } from '../../storage/settings-schema';
import { paceOf, sendingAccount } from '../service/shortening-service';
import { cancelLinks, feed } from './run-links';
import { runSize } from './run-capacity';
import { tabsBook, tabsKind } from './tabs-book';

/**
 * "Shorten all tabs in this window": one run per window, each tab through the
 * shortening service (the history cache, then the one queue, so the server's
 * rate limit is waited out, never exceeded). Runs live here, in the worker,
 * so a popup that closes loses nothing (tabs-book.ts keeps them), and a worker
 * stopped mid-run takes each tab up again, from its queued job when it has
 * one (resume-runs.ts). The popup follows a run over its port
 * (entries/bulk-port.ts). Links go to history; nothing here touches the clipboard.
 */

/** Starts under way, per window: two asks at once give one run. */
const starting = new Map<number, Promise<Result<BulkRun, BulkStartError>>>();

export const hasTabsPermission = (): Promise<boolean> => browser.permissions.contains(TABS_PERMISSION);

/**
 * Starts shortening the window's tabs, or gives the run already going there.
 * Fails before anything is read when the `tabs` permission is missing or the
 * settings could send nothing (no token, a bad server).
 */
export function startBulkRun(windowId: number): Promise<Result<BulkRun, BulkStartError>> {
  const going = starting.get(windowId);
  if (going !== undefined) return going;
  const start = startRun(windowId).finally(() => starting.delete(windowId));
  starting.set(windowId, start);
  return start;
}

async function startRun(windowId: number): Promise<Result<BulkRun, BulkStartError>> {
  if (!(await hasTabsPermission())) return failure({ kind: 'tabs-permission' });
  const all = await tabsBook.runs();
  const going = all.get(windowId);
  if (going !== undefined && !hasEnded(going)) return success(going);
  // Read once for the whole run: the plan, and every tab's shortening, follow the settings of the click.
  const settings = await readSendingSettings(localArea, await tokenVault());
  const account = sendingAccount(settings);
  if (!account.ok) return account;
  const tabs = (await browser.tabs.query({ windowId })).toSorted((a, b) => a.index - b.index);
  const planned = planBulk(
    tabs.map((tab) => ({ url: tab.url ?? tab.pendingUrl, ...titled(tab.title) })),
    { stripTracking: settings.stripTracking, ownBaseUrl: browser.runtime.getURL('') },
  );
  const run: BulkRun = {
    id: crypto.randomUUID(),
    windowId,
    startedAt: Date.now(),
    // A private window's run is never recorded in history, like any shortening there.
    private: tabs.some((tab) => tab.incognito),
    pace: planningPace(paceOf(account.value)),
    account: account.value.id,
    // Each tab's job is named now, in the run's first write: the run is written at most once a second after, and a
    // worker stopped before the next write finds the tab's job in the journal by that name (no second request).
    items: planned.map(({ url, title, ...plan }, index) => ({
      url,
      ...(title === undefined ? {} : { title }),
      ...('skip' in plan ? { status: { state: 'skipped', skip: plan.skip } } : { status: { state: 'queued' }, job: crypto.randomUUID(), ...pageTab(tabs[index], settings) }),
    })),
  };
  // Refused up front rather than failing half-way: every write of the run holds all of it.
  const size = runSize(run, account.value.server);
  if (!size.fits) return failure({ kind: 'run-too-large', tabs: size.tabs, most: size.most });
  all.set(windowId, run);
  // Queued once the run is written: a job journalled before it would be dropped by the next worker as nobody's.
  void tabsBook.changed(run, 'now').then(() => feed(tabsKind, run, settings));
  return success(run);
}

/** A tab's id, where its page's own short link may stand for it: only the pages the extension may read (activeTab, a granted host) give one. */
const pageTab = (tab: Tabs.Tab | undefined, settings: Settings): { tab?: number } => (settings.usePageShortLink && tab?.id !== undefined ? { tab: tab.id } : {});

/** Drops the run's tabs still waiting (they end cancelled); a tab whose request is under way finishes. */
export async function cancelBulkRun(windowId: number): Promise<void> {
  const run = (await tabsBook.runs()).get(windowId);
  if (run !== undefined) cancelLinks(tabsKind, run);
}

/** Forgets an ended run (the popup's "Done"): the window shows none until the next. */
export async function dismissBulkRun(windowId: number): Promise<void> {
  const all = await tabsBook.runs();
  const run = all.get(windowId);
  if (run === undefined || !hasEnded(run)) return;
  all.delete(windowId);
  tabsBook.gone(windowId, false);
}

/** The window closed: its run's tabs still waiting are dropped, and its addresses are not kept any longer. */
export async function forgetWindowRun(windowId: number): Promise<void> {
  const all = await tabsBook.runs();
  const run = all.get(windowId);
  if (run === undefined) return;
  // Forgotten first: its end, if cancelling ends it, is nobody's to be told of.
  all.delete(windowId);
  cancelLinks(tabsKind, run);
  tabsBook.gone(windowId, true);
}
