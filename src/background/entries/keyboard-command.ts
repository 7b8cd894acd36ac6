import { browser, type Tabs } from '../../platform/browser';
import { titled } from '../../shortening/shortening';
import { shortenAndCopy, type BackgroundOutcome } from '../delivery/deliver';

export const SHORTEN_COMMAND = 'shorten-current-tab';

export async function onCommand(command: string, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined> {
  if (command !== SHORTEN_COMMAND) return undefined;
  // The shortcut grants activeTab, so the tab's URL is readable here.
  const target = tab ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  return shortenAndCopy({ url: target?.url ?? '', via: 'shortcut', ...titled(target?.title), private: target?.incognito ?? false, fresh: false }, target?.id);
}
