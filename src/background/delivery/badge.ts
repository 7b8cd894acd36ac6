import { browser } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import { tellShown } from './shown';

const RESULT_VISIBLE_MS = 6_000;
const COLORS = { working: '#57606a', success: '#1a7f37', failure: '#cf222e' } as const;

/**
 * The toolbar badge as a truthful summary of background shortenings: the
 * number of links waiting in the queue for the server's limit while any
 * wait (issue 11), "…" while any is running; once all have ended, ✓ if every
 * one succeeded, otherwise ! with the counts and the last error in the
 * button's tooltip.
 */
let running = 0;
let succeeded = 0;
/** Of those that succeeded, how many were copied (the others were passed over or came late: clipboard-rule.ts). */
let copied = 0;
/** Of those that succeeded, how many put their links in a text field (nothing to copy: they are where they were asked for). */
let placed = 0;
let failed = 0;
let waiting = 0;
/** Of those, the links waiting for the network (the browser offline, or the server not answering). */
let waitingForNetwork = 0;
/** The last failure, already in words (the background's one wording: shorten-and-copy.ts). */
let lastFailure = '';
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A worker starts with nothing of its own running. The browser keeps the badge
 * of the worker that stopped ("…" for a job it never finished, a count, a
 * summary whose clearing went with it): cleared, so that only what this worker
 * does shows. Jobs it resumes (deliver.ts) show themselves again.
 */
export function badgeAtWorkerStart(): Promise<void> {
  return running + waiting === 0 ? show('', COLORS.working, browserWords().t('actionTitle')) : Promise.resolve();
}

export async function badgeJobStarted(): Promise<void> {
  if (running === 0) {
    succeeded = 0;
    copied = 0;
    placed = 0;
    failed = 0;
    lastFailure = '';
  }
  running += 1;
  clearTimeout(clearTimer);
  await showProgress();
}

/**
 * A count that changes with every request of a long run (twenty a second at
 * a scaled limit) is shown at most this often: each showing is three calls,
 * and the browser redraws the toolbar for each. The first wait and the last
 * are shown at once.
 */
const COUNT_SHOWN_EVERY_MS = 500;
let countShownAt = Number.NEGATIVE_INFINITY;
let countTimer: ReturnType<typeof setTimeout> | undefined;

/** The queue's count of links waiting (the popup's included: the limit is the same for all), `forNetwork` of them for the network. */
export async function badgeWaiting(count: number, forNetwork = 0): Promise<void> {
  const before = waiting;
  waiting = count;
  waitingForNetwork = forNetwork;
  if (count > 0) {
    clearTimeout(clearTimer);
    if (before > 0) return showCountSoon();
    await showProgress();
  } else if (before > 0) {
    clearTimeout(countTimer);
    countTimer = undefined;
    // The last wait ended: the summary follows when the running jobs end, or the badge clears.
    await (running > 0 ? showProgress() : showSummaryOrNothing());
  }
}

function showCountSoon(): void {
  if (countTimer !== undefined) return;
  countTimer = setTimeout(
    () => {
      countTimer = undefined;
      if (waiting > 0) void showProgress();
    },
    Math.max(0, countShownAt + COUNT_SHOWN_EVERY_MS - Date.now()),
  );
}

export async function badgeJobFinished(outcome: { ok: true; copied: boolean; placed?: boolean } | { ok: false; sentence: string }): Promise<void> {
  running = Math.max(0, running - 1);
  if (outcome.ok) {
    succeeded += 1;
    if (outcome.copied) copied += 1;
    if (outcome.placed === true) placed += 1;
  } else {
    failed += 1;
    lastFailure = outcome.sentence;
  }
  if (running > 0 || waiting > 0) return showProgress();
  return showSummaryOrNothing();
}

function showProgress(): Promise<void> {
  const { t } = browserWords();
  if (waiting > 0) {
    countShownAt = Date.now();
    return show(String(waiting), COLORS.working, waitingForNetwork > 0 ? t('badgeWaitingForNetwork', waitingForNetwork) : t('badgeWaiting', waiting));
  }
  if (running > 0) return show('…', COLORS.working, t('badgeWorking'));
  return Promise.resolve();
}

async function showSummaryOrNothing(): Promise<void> {
  const { t } = browserWords();
  if (succeeded + failed === 0) {
    await show('', COLORS.working, t('actionTitle'));
    return;
  }
  if (failed === 0) {
    const title =
      placed === succeeded ? t('badgeLinksPlaced') : copied + placed < succeeded ? t('badgeMadeNotAllCopied', succeeded, copied) : succeeded === 1 ? t('badgeCopiedOne') : t('badgeCopiedMany', succeeded);
    await show('✓', COLORS.success, title);
  } else {
    const summary = succeeded + failed === 1 ? lastFailure : t('badgeSomeFailed', failed, succeeded + failed, lastFailure);
    await show('!', COLORS.failure, summary);
  }
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    // Said and cleared: a later wait that ends must not bring this summary back.
    succeeded = 0;
    copied = 0;
    placed = 0;
    failed = 0;
    lastFailure = '';
    void show('', COLORS.working, t('actionTitle'));
  }, RESULT_VISIBLE_MS);
}

/** The showing under way: each is three calls, and one asked for later must not land before it. */
let showing: Promise<void> = Promise.resolve();

function show(text: string, color: string, title: string): Promise<void> {
  const shown = showing.then(() => showNow(text, color, title));
  showing = shown.catch(() => undefined);
  return shown;
}

async function showNow(text: string, color: string, title: string): Promise<void> {
  // The tooltip and colour first, then the text: whoever sees the text change (a person, a test) finds its sentence
  // already there, not the one before (a full run read "✓" with "Shortening…" when the three went at once).
  await Promise.all([browser.action.setBadgeBackgroundColor({ color }), browser.action.setTitle({ title })]);
  await browser.action.setBadgeText({ text });
  tellShown({ surface: 'badge-title', text: title });
}
