// The keyboard shortcut's rows of `npm run bench`: a real Alt+Shift+L from
// xdotool under Xvfb, to the extension's copy mark, in Chromium with the
// service worker stopped first, and in Firefox with its background page
// loaded (WebDriver BiDi cannot stop it the way CDP stops Chrome's worker).
import type { Page } from 'playwright-core';
import { TIMING_MARKS } from '../../src/platform/timing';
import { accountItems } from '../../tooling/browsers/account-items';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { launchFirefoxExtension } from '../../tooling/browsers/firefox-browser';
import { xdotool } from '../../tooling/browsers/xvfb';
import type { StandIn } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';

const now = () => performance.timeOrigin + performance.now();
const COPIED_WITHIN_MS = 10_000;

/** Chromium, the worker stopped before each press: key press → the worker's copy mark, ms; and the xdotool spawn alone, included in it. */
export async function chromiumShortcutSamples(browser: ExtensionBrowser, tab: Page, display: string, runs: number): Promise<{ samples: number[]; spawns: number[] }> {
  const measured = { samples: [] as number[], spawns: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    const spawnStarted = now();
    await xdotool(display, 'version');
    measured.spawns.push(now() - spawnStarted);

    await browser.stopServiceWorkers();
    await tab.bringToFront();
    await tab.click('h1');
    const pressedAt = now();
    await xdotool(display, 'key', '--clearmodifiers', 'alt+shift+l');
    const worker = await browser.serviceWorker();
    // The mark's own time is the figure: how soon it is seen does not count.
    const copiedAt = await pollUntil(
      () =>
        worker.evaluate((name) => {
          const entry = performance.getEntriesByName(name, 'mark').at(-1);
          return entry === undefined ? null : performance.timeOrigin + entry.startTime;
        }, TIMING_MARKS.backgroundCopied).then((at) => at ?? undefined),
      { timeoutMs: COPIED_WITHIN_MS, intervalMs: 10, failure: 'The worker never copied after Alt+Shift+L.' },
    );
    measured.samples.push(copiedAt - pressedAt);
  }
  return measured;
}

/**
 * Firefox's figure, measured the way the Chromium shortcut is: a real
 * Alt+Shift+L on a page in headed firefox-esr under the same Xvfb, to the
 * background page's copy mark. Its background is an event page that stays
 * loaded while the browser is busy, so this is its warm figure.
 */
export async function firefoxShortcutSamples(extensionDir: string, standIn: StandIn, display: string, runs: number): Promise<number[]> {
  const firefox = await launchFirefoxExtension({ extensionDir, headless: false, display });
  const samples: number[] = [];
  try {
    await firefox.evaluateInExtension(
      (settings) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set(settings),
      accountItems(standIn.baseUrl, standIn.demoToken),
    );
    const tab = await firefox.openTab(`${standIn.baseUrl}/demo/article`);
    const marksSoFar = () =>
      firefox.evaluateInExtension(async (name) => {
        const background = (await (globalThis as unknown as { browser: typeof chrome }).browser.runtime.getBackgroundPage()) as unknown as typeof globalThis;
        return background.performance.getEntriesByName(name, 'mark').map((entry) => background.performance.timeOrigin + entry.startTime);
      }, TIMING_MARKS.backgroundCopied);
    for (let run = 0; run < runs; run += 1) {
      const before = (await marksSoFar()).length;
      await tab.bringToFront();
      await tab.click('h1');
      const pressedAt = now();
      await xdotool(display, 'key', '--clearmodifiers', 'alt+shift+l');
      const copiedAt = await pollUntil(
        async () => {
          const marks = await marksSoFar();
          return marks.length > before ? marks.at(-1) : undefined;
        },
        { timeoutMs: COPIED_WITHIN_MS, intervalMs: 10, failure: 'Firefox never copied after Alt+Shift+L.' },
      );
      samples.push(copiedAt - pressedAt);
    }
  } finally {
    await firefox.close();
  }
  return samples;
}
