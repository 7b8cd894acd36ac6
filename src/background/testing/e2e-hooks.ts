import type { Menus, Omnibox, Tabs } from '../../platform/browser';
import type { HistoryStore } from '../../storage/history-entry';
import type { BackgroundOutcome } from '../delivery/deliver';
import type { TextOutcome } from '../writing/deliver-text';
import type { ShownText } from './record-shown';

export interface E2eHooks {
  onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | TextOutcome | undefined>;
  onCommand(command: string, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
  /** The address bar's keyword: what is suggested for the text typed, and what entering it does. */
  onOmniboxChanged(text: string, suggest: (results: Omnibox.SuggestResult[]) => void): Promise<void>;
  onOmniboxEntered(text: string): Promise<BackgroundOutcome>;
  /** The worker's own history store: tests empty it between cases, or fill it, through the real module. */
  history(): HistoryStore;
  /** How many rounds of menu creation this worker started (install, update, browser start), and the end of the latest. */
  menuRounds(): { started: number; latest: Promise<void> };
  /** One merge of the synced preferences, now (the worker runs one a moment after any change). */
  syncPreferences(): Promise<void>;
  /** What a click on a notification does (headless Chromium shows none to click). */
  onNotificationClicked(notificationId: string): Promise<void>;
}

export type { BackgroundOutcome, ShownText, TextOutcome };

/**
 * Only in the `e2e` build (dist-e2e/): lets tests call the very handlers the
 * menu and the shortcut call, where a native menu or a key press cannot be
 * driven (headless). The shipped build has no trace of this (main.ts calls it
 * under `import.meta.env.MODE === 'e2e'`).
 */
export function installE2eHooks(hooks: E2eHooks): void {
  Object.assign(globalThis, { shrtnrE2e: { ...hooks, shown: [] as ShownText[] } });
}
