// An outside harness's view of the popup's first paint (issue 38), in
// `npm run bench`: against the blank popup of the popup's own size
// (floor-extension.ts), each run a browser of its own with a fresh profile,
// the popup and the blank popup in turn, run by run, so that a busy moment of
// the machine weighs on both alike. Each browser opens its popup twice: cold
// (its first open) and warm (the next). Besides click → first contentful
// paint, the popup's own clock says navigation → first contentful paint,
// which no clock of the harness's enters.
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { latestEntry } from './paint-timing';
import { withBrowser, type PopupBench } from './popup-bench';

export interface PaintTimes {
  /** Click (Extensions.triggerAction) → first contentful paint, ms. */
  click: number;
  /** The page's navigation → its first contentful paint, on its own clock (the entry's startTime), ms. */
  navigation: number;
}

export interface HarnessSamples {
  popup: { cold: PaintTimes[]; warm: PaintTimes[] };
  floor: { cold: PaintTimes[]; warm: PaintTimes[] };
}

let opened = 0;

/** The popup opened on a page of its own (never a link history holds), its first paint by both clocks. */
async function paintTimes(browser: ExtensionBrowser, tab: Page): Promise<PaintTimes> {
  opened += 1;
  await tab.goto(`${new URL(tab.url()).origin}/demo/article?harness=${opened}`);
  const { popup, triggeredAt } = await browser.openPopupTimed(tab);
  const paint = await latestEntry(popup, 'first-contentful-paint', 'paint');
  const timeOrigin = await popup.evaluate(() => performance.timeOrigin);
  await popup.close();
  return { click: paint.startedAt - triggeredAt, navigation: paint.startedAt - timeOrigin };
}

/** `runs` runs of the production popup and of the blank popup of its size (`floorDir`), in turn. */
export async function harnessSamples(bench: PopupBench, floorDir: string, runs: number): Promise<HarnessSamples> {
  const samples: HarnessSamples = { popup: { cold: [], warm: [] }, floor: { cold: [], warm: [] } };
  for (let run = 0; run < runs; run += 1) {
    for (const [dir, times] of [[bench.dist, samples.popup], [floorDir, samples.floor]] as const) {
      await withBrowser(bench, dir, async (browser, tab) => {
        times.cold.push(await paintTimes(browser, tab));
        times.warm.push(await paintTimes(browser, tab));
      });
    }
  }
  return samples;
}
