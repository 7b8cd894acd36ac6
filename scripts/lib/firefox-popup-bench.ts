// Firefox's popup, click → first contentful paint (issue 23), as far as
// WebDriver BiDi lets it be timed: it cannot click the toolbar, so the "click"
// is browser.action.openPopup() called from an extension page (with Firefox's
// openPopupWithoutUserGesture preference), and the panel is no page to BiDi, so
// its first contentful paint is read from its own Paint Timing entry through
// extension.getViews(). Both ends are epoch times of the same extension process.
// No helper functions inside the evaluated code: tsx (esbuild keepNames) would
// wrap them in a `__name` call that does not exist in the page.
import type { Page } from 'puppeteer-core';
import { launchFirefoxExtension, type FirefoxExtensionBrowser } from '../../tooling/browsers/firefox-browser';
import { pollUntil } from '../../tooling/poll';

export interface FirefoxPopupBench {
  extensionDir: string;
  /** The extension page the harness evaluates in (the static floor's popup must stay script-free). */
  helperPage?: string;
  /** The page the popup is opened on. */
  tabUrl: string;
  /** The X display of a headed Firefox (as a person's); headless without one. */
  display?: string;
  runs: number;
}

interface ExtensionApi {
  action: { openPopup(): Promise<void> };
  extension: { getViews(filter: { type: 'popup' }): Window[] };
}

/** One open of the popup on `tab`: ms from openPopup() to the panel's first contentful paint; the panel is closed again. */
async function popupFirstPaint(firefox: FirefoxExtensionBrowser, tab: Page): Promise<number> {
  await tab.bringToFront();
  const calledAt = await firefox.evaluateInExtension(async () => {
    const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
    const at = performance.timeOrigin + performance.now();
    await api.action.openPopup();
    return at;
  }, null);
  const paintedAt = await pollUntil(
    async () =>
      // JSON has no undefined: null is "not yet".
      (await firefox.evaluateInExtension(() => {
        const [view] = (globalThis as unknown as { browser: ExtensionApi }).browser.extension.getViews({ type: 'popup' });
        const entry = view?.performance.getEntriesByName('first-contentful-paint', 'paint')[0];
        return view === undefined || entry === undefined ? null : view.performance.timeOrigin + entry.startTime;
      }, null)) ?? undefined,
    { timeoutMs: 10_000, intervalMs: 10, failure: 'The Firefox popup opened no panel, or the panel never had a first contentful paint.' },
  );
  await firefox.evaluateInExtension(() => {
    for (const view of (globalThis as unknown as { browser: ExtensionApi }).browser.extension.getViews({ type: 'popup' })) view.close();
  }, null);
  await pollUntil(
    async () =>
      (await firefox.evaluateInExtension(() => (globalThis as unknown as { browser: ExtensionApi }).browser.extension.getViews({ type: 'popup' }).length, null)) === 0 ? true : undefined,
    { timeoutMs: 10_000, failure: 'The Firefox popup did not close.' },
  );
  return paintedAt - calledAt;
}

async function withFirefox<T>(bench: FirefoxPopupBench, use: (firefox: FirefoxExtensionBrowser, tab: Page) => Promise<T>): Promise<T> {
  const firefox = await launchFirefoxExtension({ extensionDir: bench.extensionDir, helperPage: bench.helperPage, headless: bench.display === undefined, display: bench.display });
  try {
    const tab = await firefox.openTab(bench.tabUrl);
    return await use(firefox, tab);
  } finally {
    await firefox.close();
  }
}

/** Cold: the first open in a new Firefox, `runs` times. Warm: `runs` more opens in one Firefox, after a first one not counted. */
export async function firefoxPopupFirstPaints(bench: FirefoxPopupBench): Promise<{ cold: number[]; warm: number[] }> {
  const cold: number[] = [];
  for (let run = 0; run < bench.runs; run += 1) cold.push(await withFirefox(bench, popupFirstPaint));
  const warm = await withFirefox(bench, async (firefox, tab) => {
    await popupFirstPaint(firefox, tab);
    const samples: number[] = [];
    for (let run = 0; run < bench.runs; run += 1) samples.push(await popupFirstPaint(firefox, tab));
    return samples;
  });
  return { cold, warm };
}
