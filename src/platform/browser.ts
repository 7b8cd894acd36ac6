import browser from 'webextension-polyfill';

/**
 * The one door to the WebExtension API: every context (worker or Firefox's
 * background page, popup, options, offscreen) reaches the browser through
 * this module, and lint forbids importing the polyfill, or touching `chrome`,
 * anywhere else. In Firefox the polyfill hands back the native `browser`;
 * in Chromium it wraps `chrome.*` with the same promise-based API.
 */
export { browser };
export type { Menus, Omnibox, Runtime, Storage, Tabs } from 'webextension-polyfill';

/** What `chrome.offscreen` and `runtime.getContexts` offer that the polyfill's types lack (Chrome 116+). */
interface OffscreenApi {
  createDocument(parameters: { url: string; reasons: ['CLIPBOARD']; justification: string }): Promise<void>;
}
interface ContextsApi {
  getContexts(filter: { contextTypes: ['OFFSCREEN_DOCUMENT']; documentUrls: string[] }): Promise<unknown[]>;
}

/**
 * Chrome's offscreen documents, where they exist (Chrome's service worker has
 * no DOM, so no clipboard); undefined in Firefox, whose background page has both.
 */
export function offscreenDocuments(): { exists(path: string): Promise<boolean>; create(path: string, justification: string): Promise<void> } | undefined {
  // Firefox defines `chrome` too (without `offscreen`).
  const chromeApi = typeof chrome === 'undefined' ? undefined : (chrome as unknown as { offscreen?: OffscreenApi; runtime: ContextsApi });
  const offscreen = chromeApi?.offscreen;
  if (chromeApi === undefined || offscreen === undefined) return undefined;
  const { runtime } = chromeApi;
  return {
    async exists(path) {
      const contexts = await runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [browser.runtime.getURL(path)] });
      return contexts.length > 0;
    },
    create: (path, justification) => offscreen.createDocument({ url: path, reasons: ['CLIPBOARD'], justification }),
  };
}

/**
 * Whether this page is in a private window. Firefox lets an extension keep no
 * IndexedDB data there (writes fail with InvalidStateError): a page opened in
 * a private window, or every page when Firefox never remembers history.
 */
export const inPrivateWindow = (): boolean => browser.extension.inIncognitoContext === true;
