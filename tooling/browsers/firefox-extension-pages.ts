// The extension reached through its own pages in Firefox over WebDriver BiDi:
// one opened in a tab, and from one (only extension pages have `browser`) the
// background page's hooks called, the popup opened and its panel read.
import type { Browser, Page } from 'puppeteer-core';
import { pollUntil } from '../poll';

/** What the popup panel shows, read from its document (the panel is no page to WebDriver BiDi). */
export interface PopupPanel {
  open: boolean;
  text: string;
  shortUrl: string | undefined;
  copyStatus: string | undefined;
  errorKind: string | undefined;
}

/** Evaluates in an extension page: an expression's source, or a function with its JSON argument. */
export type EvaluateInExtension = <T, A>(fn: ((arg: A) => Promise<T> | T) | string, arg: A) => Promise<T>;

/** How long the background page may take to install its e2e hooks as it starts: a ceiling. */
const HOOKS_TIMEOUT_MS = 30_000;

/** Opens `url`, one of the extension's pages, in a new tab and waits for its DOM. */
export async function openExtensionTab(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  // BiDi reports no load event for moz-extension:// pages (page.url() stays about:blank), so
  // goto() would wait out its timeout though the page loads: navigate, ask the page until it
  // says it has loaded (asked mid-navigation, it may fail), then stop waiting for the event.
  const stopWaiting = new AbortController();
  const navigation = page.goto(url, { signal: stopWaiting.signal, timeout: 0 }).catch(() => undefined);
  const loaded = () => page.evaluate((expected) => location.href === expected && document.readyState === 'complete' && document.body !== null, url).catch(() => false);
  try {
    await pollUntil(async () => ((await loaded()) ? true : undefined), { timeoutMs: 30_000, failure: `${url} did not load in Firefox.` });
  } finally {
    stopWaiting.abort();
    await navigation;
  }
  return page;
}

/** Runs a function of the background page's `globalThis.shrtnrE2e` (e2e build), by name, with JSON arguments. */
export async function callBackgroundHook<T>(evaluateInExtension: EvaluateInExtension, name: string, args: unknown[]): Promise<T> {
  // The background page installs its hooks as it starts: called again until they are there (nothing runs before).
  const called = () =>
    evaluateInExtension(
      async ({ hook, hookArgs }) => {
        const api = (globalThis as unknown as { browser: { runtime: { getBackgroundPage(): Promise<Window> } } }).browser;
        const background = await api.runtime.getBackgroundPage();
        const fn = (background as unknown as { shrtnrE2e?: Record<string, (...a: unknown[]) => Promise<unknown>> }).shrtnrE2e?.[hook];
        // Through JSON: a value of the background page's compartment cannot cross to BiDi as it is.
        return fn === undefined ? null : { value: JSON.parse(JSON.stringify((await fn(...hookArgs)) ?? null)) as T };
      },
      { hook: name, hookArgs: args },
    );
  const answer = await pollUntil(async () => (await called()) ?? undefined, {
    timeoutMs: HOOKS_TIMEOUT_MS,
    failure: `No e2e hook "${name}" in the background page: run the tests against dist-e2e/firefox (npm run build:e2e).`,
  });
  return answer.value;
}

/** browser.action.openPopup() on the active tab of the window. */
export async function openPopup(evaluateInExtension: EvaluateInExtension): Promise<void> {
  await evaluateInExtension(async () => {
    const api = (globalThis as unknown as { browser: { action: { openPopup(): Promise<void> } } }).browser;
    await api.action.openPopup();
  }, null);
}

/** What the popup panel shows now (`open` false while it is closed). */
export function readPopupPanel(evaluateInExtension: EvaluateInExtension): Promise<PopupPanel> {
  // No helper functions inside: tsx (esbuild keepNames) would wrap them in a
  // `__name` call that does not exist in the page.
  return evaluateInExtension(() => {
    const api = (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser;
    const [view] = api.extension.getViews({ type: 'popup' });
    const document = view?.document;
    const shortUrl = document?.querySelector<HTMLInputElement>('[data-testid="short-url"]');
    return {
      open: view !== undefined,
      text: document?.body.innerText ?? '',
      shortUrl: shortUrl?.value ?? undefined,
      copyStatus: document?.querySelector('[data-testid="copy-status"]')?.textContent ?? undefined,
      errorKind: document?.querySelector('[role="alert"]')?.getAttribute('data-error-kind') ?? undefined,
    };
  }, null);
}
