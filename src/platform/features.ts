import { browser } from './browser';

/**
 * The APIs a browser may lack, each a way in or a part of one. Firefox for
 * Android has no context menus (`contextMenus`, `menus`), no keyboard
 * commands, no address-bar keyword (`omnibox`) and no windows; Safari has no
 * omnibox and no notifications (MDN's browser compatibility data,
 * docs/platforms.md). A browser leaves out a namespace it does not implement,
 * so each is looked for, never assumed: the worker listens only where there is
 * something to hear, and the popup says where the menus' capabilities are
 * where there are no menus.
 */
export const OPTIONAL_APIS = ['contextMenus', 'commands', 'omnibox', 'notifications', 'windows'] as const;
export type OptionalApi = (typeof OPTIONAL_APIS)[number];
export type BrowserFeatures = Readonly<Record<OptionalApi, boolean>>;

/** Which of the optional APIs `api` (a browser's extension namespace, or a test's stand-in for one) offers: a namespace is an object, so there means truthy. */
export const featuresOf = (api: object): BrowserFeatures =>
  Object.fromEntries(OPTIONAL_APIS.map((name) => [name, Boolean((api as Partial<Record<OptionalApi, unknown>>)[name])])) as Record<OptionalApi, boolean>;

let known: BrowserFeatures | undefined;

/** This browser's optional APIs, looked for once per context. */
export const browserFeatures = (): BrowserFeatures => (known ??= featuresOf(browser));

/**
 * The window this page is in: its id, and whether it is private. Where there
 * are no windows to ask (Firefox for Android), the active tab of the current
 * window says both; where it says nothing, the window counts as private, so
 * nothing is recorded (fails closed).
 */
export async function ownWindow(): Promise<{ id: number | undefined; incognito: boolean }> {
  if (browserFeatures().windows) {
    const { id, incognito } = await browser.windows.getCurrent();
    return { id, incognito };
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return { id: tab?.windowId, incognito: tab?.incognito ?? true };
}
