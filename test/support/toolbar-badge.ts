import { pollUntil } from '../../tooling/poll';
import type { E2eSession } from './e2e-session';

// The toolbar badge between a test's click and its end: emptied before, read
// once it settles after.

/** Waits until the badge settles on a final ✓ or !, and returns it. */
export async function settledBadge(session: E2eSession, timeoutMs = 30_000): Promise<{ text: string; title: string }> {
  let last = { text: '', title: '' };
  return pollUntil(
    async () => {
      last = await session.badge();
      return last.text === '✓' || last.text === '!' ? last : undefined;
    },
    { timeoutMs, failure: () => `The badge did not settle; it shows "${last.text}" (${last.title}).` },
  );
}

/**
 * The badge emptied before a test's click, once no earlier job shows on it ('…', or a count of links waiting): the
 * click's settledBadge then reads its own end. Left as it was, a test read the ✓ of the test before, shown for 6 s
 * (or still to come from a job that test never waited for), and went on while its own job ran on into the next test.
 */
export async function clearedBadge(session: E2eSession, timeoutMs = 30_000): Promise<void> {
  let last = { text: '', title: '' };
  await pollUntil(async () => ((last = await session.badge()).text === '…' || /^\d+$/.test(last.text) ? undefined : true), {
    timeoutMs,
    failure: () => `A job of an earlier test still shows on the badge: "${last.text}" (${last.title}).`,
  });
  await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
}
