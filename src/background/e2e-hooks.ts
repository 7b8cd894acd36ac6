import type { Menus, Tabs } from '../platform/browser';
import type { HistoryStore } from '../storage/history-entry';
import type { BackgroundOutcome } from './shorten-and-copy';

export interface E2eHooks {
  onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
  onCommand(command: string, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
  /** The worker's own history store: tests empty it between cases, or fill it, through the real module. */
  history(): HistoryStore;
  /** What a click on a notification does (headless Chromium shows none to click). */
  onNotificationClicked(notificationId: string): Promise<void>;
}

/** Text the background showed outside any page: a notification, or the toolbar button's title. */
export interface ShownText {
  surface: 'notification' | 'badge-title';
  text: string;
}

/**
 * Only in the `e2e` build (dist-e2e/): lets tests call the very handlers the
 * menu and the shortcut call, where a native menu or a key press cannot be
 * driven (headless). The shipped build has no trace of this.
 */
export function installE2eHooks(hooks: E2eHooks): void {
  Object.assign(globalThis, { shrtnrE2e: { ...hooks, shown: [] as ShownText[] } });
}

/**
 * e2e build only (callers guard with `import.meta.env.MODE === 'e2e'`, which
 * removes the call from dist/): what a notification or the badge title said,
 * which no browser API reads back. Kept for the tests (`shrtnrE2e.shown`) and
 * echoed to the console, where the token audit reads every context's output
 * even after the worker that showed it has stopped.
 */
export function recordShownForE2e(shown: ShownText): void {
  const hooks = (globalThis as { shrtnrE2e?: { shown: ShownText[] } }).shrtnrE2e;
  hooks?.shown.push(shown);
  console.warn(`[e2e] shown in ${shown.surface}: ${shown.text}`);
}
