// Twenty context-menu shortenings at once against a server allowing ten a
// minute: each ends in a short link or the rate-limit error (none hangs:
// every one answers before the test's own timeout), and the badge ends
// telling the truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundOutcome } from '../../src/background/shorten-and-copy';
import { settledBadge, startE2eSession, type E2eSession } from '../support/e2e-session';

let session: E2eSession;

beforeAll(async () => {
  session = await startE2eSession({ standIn: { rateLimit: { limit: 10, windowMs: 60_000 } } });
  await session.useStandIn();
});
afterAll(() => session?.close());

describe('load', () => {
  it('20 menu shortenings at once, 10 allowed per minute', async () => {
    const worker = await session.worker();
    const outcomes = await worker.evaluate(async (count) => {
      const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object): Promise<BackgroundOutcome | undefined> } }).shrtnrE2e;
      return Promise.all(
        Array.from({ length: count }, (_, index) => hooks.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: `https://example.com/load/${index}`, editable: false })),
      );
    }, 20);

    const copied = outcomes.filter((outcome) => outcome?.status === 'copied');
    const limited = outcomes.filter((outcome) => outcome?.status === 'failed' && outcome.error.kind === 'rate-limited');
    expect(copied).toHaveLength(10);
    expect(limited).toHaveLength(10);
    for (const outcome of limited) {
      expect(outcome?.status === 'failed' ? outcome.error : undefined).toMatchObject({ kind: 'rate-limited', limit: 10, retryAfterSeconds: expect.any(Number) });
    }
    expect(session.standIn.apiRequests()).toHaveLength(20);

    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toMatch(/^10 of 20 failed\. Last error: Too many requests \(the limit is 10 per minute\)\. Try again in \d+ seconds?\.$/);

    const clipboard = await session.readClipboard();
    const shortUrls = copied.map((outcome) => (outcome?.status === 'copied' ? outcome.shortened.shortUrl : ''));
    expect(shortUrls).toContain(clipboard);
    // The job journal is empty again: nothing is left to resume.
    expect(await worker.evaluate(async () => Object.keys(await chrome.storage.session.get(null)))).toEqual([]);
    expect(await worker.evaluate(() => chrome.alarms.getAll())).toEqual([]);
  });

  it('nine copies at once while Chrome is closing the offscreen document: each one is copied, three rounds', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl });
    const worker = await session.worker();
    for (let round = 0; round < 3; round += 1) {
      session.standIn.resetRateLimits();
      await session.clearHistory();
      // Make sure the document exists, then close it (as Chrome may) and click before it is gone.
      await worker.evaluate(() => (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object): Promise<unknown> } }).shrtnrE2e.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: 'https://example.com/warm-up', editable: false }));
      const offscreen = session.browser.context.pages().find((page) => page.url().endsWith('src/offscreen/index.html'));
      const closing = offscreen === undefined ? closeOffscreenOverCdp() : offscreen.close();
      const outcomes = await worker.evaluate(async (count) => {
        const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object): Promise<BackgroundOutcome | undefined> } }).shrtnrE2e;
        return Promise.all(
          Array.from({ length: count }, (_, index) => hooks.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: `https://example.com/closing/${index}`, editable: false })),
        );
      }, 9);
      await closing;
      expect(outcomes.map((outcome) => outcome?.status)).toEqual(Array.from({ length: 9 }, () => 'copied'));
    }
  });
});

/** Closes the offscreen document through CDP, when Playwright does not list it as a page. */
async function closeOffscreenOverCdp(): Promise<void> {
  const { targetInfos } = await session.browser.cdp.send('Target.getTargets');
  const target = targetInfos.find((info) => info.url.endsWith('src/offscreen/index.html'));
  if (target === undefined) throw new Error('No offscreen document to close.');
  await session.browser.cdp.send('Target.closeTarget', { targetId: target.targetId });
}
