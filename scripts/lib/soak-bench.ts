// Issue 24's soak: a "Shorten all tabs" run on a window of many tabs, with
// menu clicks and popup shortenings mixed in and the worker stopped at seeded
// random moments (SOAK_SEED=N repeats one), in the e2e build; then what must
// hold (see SoakResult). `npm run bench` runs it at a thousand tabs after the
// clean runs (scripts/lib/scale-bench.ts), test/e2e/scale.test.ts at forty.
import type { Worker } from 'playwright-core';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import { LATE_AFTER_MS } from '../../src/background/delivery/late-link';
import { leastTimeMs } from '../../src/shortening/run-pace';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import type { StandIn } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';
import { seededRandom } from './seeded-random';
import { awakeWorker, BULK_BUTTON, clicksHeld, endedRun, endsWithinMs, historyEntries, openTabsWindow, requestedUrl, shortenRequests, startRun, tabUrl, windowTabUrls, type ScaleShape, type TabsWindow } from './scale-run';

export interface SoakResult {
  seed: number;
  tabs: number;
  tookMs: number;
  stops: number;
  /** Tabs of the run without a short link at its end: each address and how its item ended. */
  unfinished: string[];
  /** Long URLs requested more than once: after a 429 (as designed), after a stop cut the earlier request off (sent again rather than lost), or else (a fault). */
  sentAgainAfter429: number;
  sentAgainAfterStop: number;
  sentTwiceOtherwise: string[];
  /** Links the soak asked for (run, clicks, popups) that history does not hold exactly once. */
  notInHistoryOnce: string[];
  refused: number;
  /**
   * What the clipboard may hold (the link of the last click whose link came in time, the clipboard rule, or of a later
   * click whose menu link came too near the rule's 30 s for the soak's clock to judge; none when no click's came in
   * time), what it must never hold (the links of menu clicks that surely came late: offered, not copied), and what it holds.
   */
  clipboard: { acceptable: string[]; late: string[]; actual: string };
}

/** A click of the soak's: when it was made (a menu click's by the worker's clock, see menuClick) and where. */
interface SoakClick {
  longUrl: string;
  at: number;
  kind: 'menu' | 'popup';
}

interface SoakEvent {
  atMs: number;
  kind: 'stop' | 'menu' | 'popup';
  index: number;
}

/** The soak on `window` (a new one of the shape's tabs when none is given, their links not yet made). */
export async function soak(extension: ExtensionBrowser, standIn: StandIn, shape: ScaleShape, given?: TabsWindow): Promise<SoakResult> {
  const random = seededRandom(shape.seed);
  const window = given ?? (await openTabsWindow(extension, standIn, 'soak', shape.tabs));
  // Its verdicts are over the tabs it opened: a tab left in the window by what ran before (the clean runs' bench) would
  // be part of the run, and a second tab of one page is skipped as a duplicate, which would read as a tab unfinished.
  const strangers = (await windowTabUrls(extension, window.windowId)).filter((url) => !window.urls.includes(url));
  if (strangers.length > 0) throw new Error(`The soak's window holds tabs it did not open: ${strangers.join(', ')}.`);
  const plain = await extension.context.newPage();
  await plain.goto(`${standIn.baseUrl}/demo/blank`);
  standIn.clearLog();
  const startedAt = await startRun(extension, window.first, BULK_BUTTON);
  const spanMs = Math.max(leastTimeMs(shape.tabs, shape), shape.windowMs);
  const events: SoakEvent[] = [
    ...Array.from({ length: shape.stops }, (_, index) => ({ atMs: random() * spanMs, kind: 'stop' as const, index })),
    ...Array.from({ length: shape.clicks }, (_, index) => ({ atMs: random() * spanMs, kind: 'menu' as const, index })),
    ...Array.from({ length: shape.popups }, (_, index) => ({ atMs: random() * spanMs, kind: 'popup' as const, index })),
  ].toSorted((a, b) => a.atMs - b.atMs);
  const stopTimes: number[] = [];
  const clicks: SoakClick[] = [];
  const say = (text: string) => process.env.SOAK_TRACE !== undefined && console.log(`soak ${((Date.now() - startedAt) / 1000).toFixed(2)} s: ${text}`);
  for (const event of events) {
    await new Promise((done) => setTimeout(done, Math.max(0, startedAt + event.atMs - Date.now())));
    say(`${event.kind} ${event.index}`);
    if (event.kind === 'stop') {
      // Chrome never stops a worker in the middle of an event it is handling: a stop comes once the worker holds every click's link.
      const clicked = clicks.map((click) => click.longUrl);
      await pollUntil(async () => ((await clicksHeld(extension, clicked)) ? true : undefined), { timeoutMs: 30_000, intervalMs: 100, failure: `The worker did not take the soak's clicks in hand: ${clicked.join(', ')}.` });
      stopTimes.push(Date.now());
      await extension.stopServiceWorkers();
    } else if (event.kind === 'menu') {
      const longUrl = tabUrl(standIn, 'menu', event.index);
      // The click happens when the worker has it: a worker stopped just before takes up to a second to
      // wake, and two clicks waiting for it at once would reach it in either order.
      const worker = await awakeWorker(extension);
      clicks.push({ longUrl, at: await menuClick(worker, longUrl), kind: 'menu' });
    } else {
      const longUrl = tabUrl(standIn, 'popup', event.index);
      await plain.goto(longUrl);
      clicks.push({ longUrl, at: Date.now(), kind: 'popup' });
      const popup = await extension.openPopup(plain);
      // Closed once it says how the copy went, as a person would see it: the copy follows the link on screen.
      await popup.getByTestId('copy-status').filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
      await popup.close();
    }
  }
  say('events done');
  const items = await pollUntil(() => endedRun(extension, window.windowId), { timeoutMs: endsWithinMs(shape), intervalMs: 500, failure: `The soak's run of ${shape.tabs} tabs did not end within ${Math.round(endsWithinMs(shape) / 1000)} s.` });
  const tookMs = Date.now() - startedAt;
  say('run ended');
  // Every click's link made (some may come as late as the queue's bound after a stop).
  const asked = [...window.urls, ...clicks.map((click) => click.longUrl)];
  let missing: string[] = [];
  const history = await pollUntil(
    async () => {
      const entries = await historyEntries(extension);
      const made = new Set(entries.map((entry) => entry.longUrl));
      missing = asked.filter((url) => !made.has(url));
      return missing.length === 0 ? entries : undefined;
    },
    // A click's link waits at most its two-minute bound; one stopped late may come that long after.
    { timeoutMs: 150_000, intervalMs: 500, failure: () => `Not every link the soak asked for reached history: ${missing.join(', ')}.` },
  );
  return { seed: shape.seed, tabs: shape.tabs, tookMs, stops: stopTimes.length, unfinished: items.filter((item) => item.status.state !== 'done').map((item) => `${item.url}: ${JSON.stringify(item.status)}`), ...requestsAudit(standIn, stopTimes), notInHistoryOnce: asked.filter((url) => history.filter((entry) => entry.longUrl === url).length !== 1), clipboard: await clipboardAudit(extension, standIn, clicks, history) };
}

/**
 * A menu click in the worker; resolves with the worker's clock as it takes the click, which it stamps the click with a
 * moment later: the soak's own clock, a round trip to the worker earlier, was seconds early on a loaded machine. The
 * click's end is not awaited: a worker stopped meanwhile loses the answer, not the link (its job is journalled), and
 * the soak waits for every link in history.
 */
function menuClick(worker: Worker, linkUrl: string): Promise<number> {
  return worker.evaluate((url) => {
    const takenAt = Date.now();
    const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object, tab: object): Promise<BackgroundOutcome | undefined> } }).shrtnrE2e;
    hooks.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: url, editable: false }, { index: 0, active: true, incognito: false }).catch(() => undefined);
    return takenAt;
  }, linkUrl);
}

/** Each long URL sent more than once, by why: a 429 answered the earlier request, a worker stop fell between the two, or neither. */
function requestsAudit(standIn: StandIn, stopTimes: number[]): Pick<SoakResult, 'sentAgainAfter429' | 'sentAgainAfterStop' | 'sentTwiceOtherwise' | 'refused'> {
  const requests = shortenRequests(standIn);
  const byUrl = new Map<string, typeof requests>();
  for (const request of requests) {
    const url = requestedUrl(request);
    byUrl.set(url, [...(byUrl.get(url) ?? []), request]);
  }
  let sentAgainAfter429 = 0;
  let sentAgainAfterStop = 0;
  const sentTwiceOtherwise: string[] = [];
  for (const [url, sent] of byUrl) {
    for (const [index, earlier] of sent.slice(0, -1).entries()) {
      const later = sent[index + 1]?.at ?? Number.POSITIVE_INFINITY;
      if (earlier.throttle?.verdict === 'refused') sentAgainAfter429 += 1;
      else if (stopTimes.some((stop) => stop >= earlier.at - 1_000 && stop <= later)) sentAgainAfterStop += 1;
      else sentTwiceOtherwise.push(url);
    }
  }
  return { sentAgainAfter429, sentAgainAfterStop, sentTwiceOtherwise, refused: requests.filter((request) => request.throttle?.verdict === 'refused').length };
}

/**
 * What the clipboard may hold and must not. The popup copies its link whenever it comes while it is open (the soak
 * waits for it): a popup click is always in time. A menu click's link is copied only within LATE_AFTER_MS of the click,
 * judged by the worker's clock from its own stamp; the soak's (the click as the worker took it, history's createdAt as
 * it recorded the link) are a little before each, so a link within SKEW_MS of the bound may have gone either way. The last click surely in time has its
 * link copied unless a later click's was: the clipboard holds its link, or that of a later click near the bound.
 */
async function clipboardAudit(extension: ExtensionBrowser, standIn: StandIn, clicks: SoakClick[], history: { longUrl: string; shortUrl: string; createdAt: number }[]): Promise<SoakResult['clipboard']> {
  const delay = (click: SoakClick) => Math.min(...history.filter((entry) => entry.longUrl === click.longUrl).map((entry) => entry.createdAt - click.at));
  if (process.env.SOAK_TRACE !== undefined) for (const click of clicks) console.log(`${click.kind} click ${click.longUrl.replace(/.*\?/, '')} at ${click.at}: its link +${delay(click)} ms`);
  const SKEW_MS = 1_000;
  const surelyInTime = (click: SoakClick) => click.kind === 'popup' || delay(click) <= LATE_AFTER_MS - SKEW_MS;
  const surelyLate = (click: SoakClick) => click.kind === 'menu' && delay(click) > LATE_AFTER_MS + SKEW_MS;
  const lastInTime = clicks.findLastIndex(surelyInTime);
  const linkOf = (click: SoakClick) => history.find((entry) => entry.longUrl === click.longUrl)?.shortUrl ?? [];
  const acceptable = lastInTime === -1 ? [] : clicks.slice(lastInTime).filter((click, index) => index === 0 || !surelyLate(click)).flatMap(linkOf);
  return { acceptable, late: clicks.filter(surelyLate).flatMap(linkOf), actual: await extension.readClipboard(`${standIn.baseUrl}/demo/blank`) };
}
