// npm run trace:popup: what happens between a popup's navigation and its first
// contentful paint, from the browser's own trace (CDP Tracing over every
// process), for the production popup and the blank popup of its size, run by
// run in turn, each run a browser of its own (a cold open, as a user's first).
// Prints each moment's median, in ms from the popup's navigationStart, and the
// bench's two figures from the page's own clock (docs/performance.md, "What the
// trace shows"). Builds nothing: `npm run build` first.
//
//   npm run trace:popup -- [popup|floor|<unpacked extension folder>]… [--runs N] [--save trace.json] [--categories a,b]
//
// `--save` writes each folder's last trace, for Perfetto or the DevTools Performance panel;
// `--categories` adds trace categories (`cc,viz`: the compositor's frames), at some cost to the figures.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchExtensionBrowser } from '../tooling/browsers/extension-browser';
import { pointAtStandIn } from '../tooling/browsers/point-at-stand-in';
import { startStandIn } from '../tooling/stand-in/server';
import { startXvfb } from '../tooling/browsers/xvfb';
import { TIMING_MARKS } from '../src/platform/timing';
import { writeSizedFloorExtension } from './lib/floor-extension';
import { latestEntry } from './lib/paint-timing';
import { MOMENT_CATEGORIES, popupMoments, traced, type PopupMoments, type TraceEvent } from './lib/popup-trace';
import { summarise } from './lib/stats';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const runs = Number(option('--runs') ?? 5);
const save = option('--save');
const categories = [...MOMENT_CATEGORIES, ...(option('--categories')?.split(',') ?? [])];
const scratch = await mkdtemp(join(tmpdir(), 'shrtnr-trace-'));
const folderOf = async (name: string) => {
  if (name === 'popup') return join(ROOT, 'dist', 'chrome');
  if (name !== 'floor') return resolve(name);
  await writeSizedFloorExtension(join(scratch, 'floor'));
  return join(scratch, 'floor');
};
const names = args.length > 0 ? args : ['popup', 'floor'];
const folders = await Promise.all(names.map(folderOf));

interface Run extends PopupMoments {
  clickToFcp: number;
  navigationToFcp: number;
}

const standIn = await startStandIn({ rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
const xvfb = await startXvfb();

async function traceOnce(folder: string, run: number): Promise<{ run: Run; events: TraceEvent[] }> {
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as { action: { default_popup: string } };
  const shrtnr = manifest.action.default_popup.startsWith('src/popup/');
  const browser = await launchExtensionBrowser({ extensionDir: folder, trustedSpkiHashes: [standIn.spkiHash], headless: false, display: xvfb.display });
  try {
    if (shrtnr) await pointAtStandIn(browser, standIn);
    const tab = await browser.context.newPage();
    await tab.goto(`${standIn.baseUrl}/demo/article?trace=${run}`);
    let figures = { clickToFcp: Number.NaN, navigationToFcp: Number.NaN };
    // The page the toolbar opened: Shrtnr's worker makes it the one of the UI language's direction (src/platform/popup-pages.ts).
    let popupUrl = '';
    const events = await traced(browser.cdp, async () => {
      const { popup, triggeredAt } = await browser.openPopupTimed(tab);
      popupUrl = popup.url();
      const paint = await latestEntry(popup, 'first-contentful-paint', 'paint');
      const origin = await popup.evaluate(() => performance.timeOrigin);
      figures = { clickToFcp: paint.startedAt - triggeredAt, navigationToFcp: paint.startedAt - origin };
      // The production popup: until its link is on screen.
      if (shrtnr) await latestEntry(popup, TIMING_MARKS.popupShortUrlShown, 'mark');
    }, categories);
    return { run: { ...popupMoments(events, popupUrl), ...figures }, events };
  } finally {
    await browser.close();
  }
}

const MOMENTS: [keyof Run, string][] = [
  ['committed', 'committed (its HTML arrives)'],
  ['stylesLoaded', 'stylesheets in'],
  ['firstPainted', 'first painted by the renderer (not yet on screen)'],
  ['lastScriptBeforeLoad', 'last script file in before the load event'],
  ['firstScript', 'first script runs'],
  ['firstApiCall', 'first browser API call (tabs.query)'],
  ['loaded', 'load event ends'],
  ['shown', "browser shows the popup's window"],
  ['firstContentfulPaint', 'first contentful paint (trace)'],
  ['linkShown', 'short link on screen'],
  ['scriptsBeforeLoad', 'script files before the load event (count)'],
  ['navigationToFcp', "navigation → FCP (the page's own clock)"],
  ['clickToFcp', 'click → FCP'],
];

try {
  const results = names.map(() => [] as Run[]);
  for (let run = 0; run < runs; run += 1) {
    // In turn, run by run: a machine busy for a moment weighs on each alike.
    for (const [index, folder] of folders.entries()) {
      const { run: moments, events } = await traceOnce(folder, run);
      results[index]?.push(moments);
      if (save !== undefined && run === runs - 1) await writeFile(folders.length === 1 ? save : save.replace(/(\.json)?$/, `-${index}$1`), JSON.stringify({ traceEvents: events }));
    }
  }
  const width = Math.max(...MOMENTS.map(([, label]) => label.length));
  console.log(`Medians of ${runs} cold runs, ms from the popup's navigationStart (trace clock):\n`);
  console.log(`${''.padEnd(width)}  ${names.map((name) => name.slice(-12).padStart(12)).join('')}`);
  for (const [key, label] of MOMENTS) {
    const cells = results.map((list) => {
      const values = list.map((moments) => moments[key]).filter((value): value is number => typeof value === 'number' && !Number.isNaN(value));
      return (values.length === 0 ? '—' : summarise(values).median.toFixed(1)).padStart(12);
    });
    console.log(`${label.padEnd(width)}  ${cells.join('')}`);
  }
} finally {
  await standIn.close();
  await xvfb.stop();
  await rm(scratch, { recursive: true, force: true });
}
