import type Browser from 'webextension-polyfill';

/**
 * The WebExtension API for code the background worker loads (the worker
 * itself, messaging, storage, the offscreen page). Firefox and Chromium 156
 * both provide a promise-based `browser` namespace, and Manifest V3's
 * `chrome.*` returns promises too, so here webextension-polyfill would only
 * add its 3 KB to a worker whose budget is 12 KB. Pages (popup, options)
 * still use the polyfill; both are typed by its types.
 */
export const extensionApi: Browser.Browser =
  (globalThis as unknown as { browser?: Browser.Browser }).browser ?? (globalThis as unknown as { chrome: Browser.Browser }).chrome;
