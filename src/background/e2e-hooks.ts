import type { Menus, Tabs } from '../platform/browser';
import type { BackgroundOutcome } from './shorten-and-copy';

export interface E2eHooks {
  onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
  onCommand(command: string, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | undefined>;
}

/**
 * Only in the `e2e` build (dist-e2e/): lets tests call the very handlers the
 * menu and the shortcut call, where a native menu or a key press cannot be
 * driven (headless). The shipped build has no trace of this.
 */
export function installE2eHooks(hooks: E2eHooks): void {
  Object.assign(globalThis, { shrtnrE2e: hooks });
}
