import { browser } from '../platform/browser';
import { recordShownForE2e } from './e2e-hooks';

const DEFAULT_TITLE = 'Shorten this page';
const RESULT_VISIBLE_MS = 6_000;
const COLORS = { working: '#57606a', success: '#1a7f37', failure: '#cf222e' } as const;

/**
 * The toolbar badge as a truthful summary of background shortenings: "…"
 * while any is running; once all have ended, ✓ if every one succeeded,
 * otherwise ! with the counts and the last error in the button's tooltip.
 */
let running = 0;
let succeeded = 0;
let failed = 0;
let lastFailure = '';
let clearTimer: ReturnType<typeof setTimeout> | undefined;

export async function badgeJobStarted(): Promise<void> {
  if (running === 0) {
    succeeded = 0;
    failed = 0;
    lastFailure = '';
  }
  running += 1;
  clearTimeout(clearTimer);
  await show('…', COLORS.working, 'Shortening…');
}

export async function badgeJobFinished(outcome: { ok: true } | { ok: false; message: string }): Promise<void> {
  running = Math.max(0, running - 1);
  if (outcome.ok) succeeded += 1;
  else {
    failed += 1;
    lastFailure = outcome.message;
  }
  if (running > 0) return;
  if (failed === 0) {
    await show('✓', COLORS.success, succeeded === 1 ? 'Short link copied' : `${succeeded} short links copied`);
  } else {
    const summary = succeeded + failed === 1 ? lastFailure : `${failed} of ${succeeded + failed} failed. Last error: ${lastFailure}`;
    await show('!', COLORS.failure, summary);
  }
  clearTimer = setTimeout(() => void show('', COLORS.working, DEFAULT_TITLE), RESULT_VISIBLE_MS);
}

async function show(text: string, color: string, title: string): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text }),
    browser.action.setBadgeBackgroundColor({ color }),
    browser.action.setTitle({ title }),
  ]);
  if (import.meta.env.MODE === 'e2e') recordShownForE2e({ surface: 'badge-title', text: title });
}
