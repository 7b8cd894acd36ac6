import { resolve } from 'node:path';
import { launchExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { pointAtStandIn } from '../../tooling/browsers/point-at-stand-in';
import { WRITING_PATH } from '../../tooling/stand-in/demo-pages';
import { startStandIn } from '../../tooling/stand-in/server';

export interface FieldBenchShape {
  links: number;
  runs: number;
}

export const FIELD_BENCH: FieldBenchShape = { links: 20, runs: 10 };
export const FIELD_SMOKE: FieldBenchShape = { links: 3, runs: 1 };

export interface FieldBenchResult {
  /** Menu click → every address of the field replaced, ms, per run, at the contract's limit. */
  many: number[];
  /** The same against a server with no limit to speak of: the least any limit allows. */
  unlimited: number[];
  /** A field with one address, at the contract's limit. */
  one: number[];
  /** 429s the stand-in answered. */
  refused: number;
  /** Runs where not every address was replaced. */
  incomplete: number;
}

/**
 * Issue 20's field row: "Shorten the links in this field" on a text area
 * holding `links` addresses, at the stand-in's default limit (60 a minute,
 * the contract's), against the same field shortened through a server with no
 * limit to speak of (the least time any limit allows: the extension's own
 * requests in flight, the browser's connections), in turns; and a field of
 * one link. Through the e2e build's menu handler, on a tab the toolbar button
 * was really pressed on (activeTab), with the window's count reset between
 * runs. Needs dist-e2e/chrome.
 */
export async function fieldBench(shape: FieldBenchShape = FIELD_BENCH): Promise<FieldBenchResult> {
  const standIn = await startStandIn({ rateLimit: { limit: 60, windowMs: 60_000 } });
  const unlimited = await startStandIn({ rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const browser = await launchExtensionBrowser({
    extensionDir: resolve(import.meta.dirname, '../../dist-e2e/chrome'),
    trustedSpkiHashes: [standIn.spkiHash, unlimited.spkiHash],
    headless: true,
  });
  const result: FieldBenchResult = { many: [], unlimited: [], one: [], refused: 0, incomplete: 0 };
  try {
    await pointAtStandIn(browser, standIn);
    const page = await browser.context.newPage();
    await page.goto(`${standIn.baseUrl}${WRITING_PATH}`);
    const popup = await browser.openPopup(page);
    await popup.getByTestId('short-url').waitFor();
    await popup.close();
    const worker = await browser.serviceWorker();
    const timeField = async (count: number, run: number, server = standIn): Promise<number> => {
      await pointAtStandIn(browser, server);
      standIn.resetRateLimits();
      const value = Array.from({ length: count }, (_, index) => `link ${index}: ${standIn.baseUrl}/demo/destination?bench=${run}-${count}-${index}-${server.spkiHash.slice(0, 6)}`).join('\n');
      await page.bringToFront();
      await page.fill('#field-textarea', value);
      await page.focus('#field-textarea');
      const { tookMs, made } = await worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object, tab: unknown): Promise<{ made?: number } | undefined> } }).shrtnrE2e;
        const startedAt = performance.now();
        const outcome = await hooks.onMenuClicked({ menuItemId: 'shorten-field', editable: true, frameId: 0 }, tab);
        return { tookMs: performance.now() - startedAt, made: outcome?.made ?? 0 };
      });
      if (made !== count || (await page.inputValue('#field-textarea')).includes('/demo/destination')) result.incomplete += 1;
      result.refused += standIn.rateLimitWindows().reduce((sum, window) => sum + window.refused, 0);
      return tookMs;
    };
    await timeField(1, 0); // the cold one, not counted
    for (let run = 1; run <= shape.runs; run += 1) {
      result.one.push(await timeField(1, run));
      result.unlimited.push(await timeField(shape.links, run, unlimited));
      result.many.push(await timeField(shape.links, run));
    }
    return result;
  } finally {
    await browser.close();
    await Promise.all([standIn.close(), unlimited.close()]);
  }
}
