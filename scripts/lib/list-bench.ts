import { resolve } from 'node:path';
import { launchExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { pointAtStandIn } from '../../tooling/browsers/point-at-stand-in';
import { startStandIn } from '../../tooling/stand-in/server';
import { LIST_PAGE } from './bundle-sizes';

export interface ListBenchShape {
  addresses: number;
  limit: number;
  windowMs: number;
  runs: number;
}

/** Issue 36's row: 1,000 pasted addresses at 60 per 3-s window (the contract's 60 a minute, twenty times as fast: a minute, not seventeen). */
export const LIST_BENCH: ListBenchShape = { addresses: 1_000, limit: 60, windowMs: 3_000, runs: 3 };
/** The smoke run's list (npm run bench -- --smoke): past one window's limit, in seconds. */
export const LIST_SMOKE: ListBenchShape = { addresses: 12, limit: 5, windowMs: 2_000, runs: 1 };

export interface ListBenchResult {
  /** "Shorten the list" clicked → its table on screen, ms. */
  tookMs: number;
  /** The least the limit allows: each further window's worth a window after the first request. */
  leastMs: number;
  refused: number;
  /** Rows that did not end with a new short link. */
  unmade: number;
}

/**
 * A list of `addresses` new addresses put in the list page's field of the
 * production build, checked, and sent; timed from the Send click to the table
 * on screen, against the least time the stand-in's limit allows. Each run in a
 * browser and a stand-in of its own (an empty history, a limit not yet spent).
 */
export async function listBench(shape: ListBenchShape): Promise<ListBenchResult[]> {
  const results: ListBenchResult[] = [];
  for (let run = 0; run < shape.runs; run += 1) results.push(await oneList(shape));
  return results;
}

async function oneList(shape: ListBenchShape): Promise<ListBenchResult> {
  const standIn = await startStandIn({ rateLimit: { limit: shape.limit, windowMs: shape.windowMs } });
  const browser = await launchExtensionBrowser({ extensionDir: resolve(import.meta.dirname, '../../dist/chrome'), trustedSpkiHashes: [standIn.spkiHash], headless: true });
  try {
    await pointAtStandIn(browser, standIn);
    const page = await browser.context.newPage();
    await page.goto(browser.extensionUrl(LIST_PAGE));
    const addresses = Array.from({ length: shape.addresses }, (_, index) => `${standIn.baseUrl}/demo/destination?bench=${index}`);
    await page.locator('#list-addresses').fill(addresses.join('\n'));
    await page.locator('form.list-input button[type="submit"]').click();
    const send = page.locator('.list-plan .primary-button');
    await send.waitFor();
    const startedAt = Date.now();
    await send.click();
    await page.locator('#done-heading').waitFor({ timeout: 20 * shape.windowMs * Math.ceil(shape.addresses / shape.limit) });
    const tookMs = Date.now() - startedAt;
    const unmade = await page.locator('[data-testid="list-row"]:not([data-status="new"])').count();
    return {
      tookMs,
      leastMs: (Math.ceil(shape.addresses / shape.limit) - 1) * shape.windowMs,
      refused: standIn.rateLimitWindows().reduce((sum, window) => sum + window.refused, 0),
      unmade,
    };
  } finally {
    await browser.close();
    await standIn.close();
  }
}
