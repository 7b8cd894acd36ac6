import type { Menus, Omnibox, Tabs } from '../../platform/browser';
import type { HistoryStore } from '../../storage/history-entry';
import type { BackgroundOutcome } from '../delivery/deliver';
import type { OmniboxOutcome } from '../entries/omnibox';
import type { TextOutcome } from '../writing/deliver-text';
import { onShown, type ShownText } from '../delivery/shown';

export interface E2eHooks {
  onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | TextOutcome | undefined>;
  onCommand(command: string, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
  /** The address bar's keyword: what is suggested for the text typed, and what entering it does. */
  onOmniboxChanged(text: string, suggest: (results: Omnibox.SuggestResult[]) => void): Promise<void>;
  onOmniboxEntered(text: string): Promise<OmniboxOutcome>;
  /** The worker's own history store: tests empty it between cases, or fill it, through the real module. */
  history(): HistoryStore;
  /** How many rounds of menu creation this worker started (install, update, browser start), and the end of the latest. */
  menuRounds(): { started: number; latest: Promise<void> };
  /** One merge of the synced preferences, now (the worker runs one a moment after any change). */
  syncPreferences(): Promise<void>;
  /** What a click on a notification does (headless Chromium shows none to click). */
  onNotificationClicked(notificationId: string): Promise<void>;
  /**
   * How long this worker's requests wait for an answer: a test that holds one at the stand-in while a person types
   * gives it longer than the build's 5 s, so a slow machine decides nothing; set back after.
   */
  setRequestTimeout(ms: number): void;
}

export type { BackgroundOutcome, OmniboxOutcome, ShownText, TextOutcome };

/**
 * Only in the `e2e` build (dist-e2e/, from e2e-main.ts): lets tests call the
 * very handlers the menu and the shortcut call, where no real input reaches
 * the extension, and keeps what the worker showed outside any page
 * (`shown`), which no browser API reads back, echoing it to the console,
 * where the token audit reads every context's output even after the worker
 * that showed it has stopped.
 */
export function installE2eHooks(hooks: E2eHooks): void {
  const shown: ShownText[] = [];
  Object.assign(globalThis, { shrtnrE2e: { ...hooks, shown } });
  onShown((text) => {
    shown.push(text);
    console.warn(`[e2e] shown in ${text.surface}: ${text.text}`);
  });
}
