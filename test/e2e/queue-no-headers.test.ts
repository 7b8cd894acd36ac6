// The queue against a server that throttles without saying how (issue 11):
// no X-RateLimit-* and no Retry-After on any answer, a 429 included. The
// queue can only back off with jitter; every link still ends in a short one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundOutcome } from '../../src/background/delivery/deliver';
import { startE2eSession, type E2eSession } from '../support/e2e-session';

let session: E2eSession;

beforeAll(async () => {
  session = await startE2eSession({ standIn: { rateLimit: { limit: 5, windowMs: 2_000 }, rateLimitHeaders: 'none' } });
  await session.useStandIn();
});
afterAll(() => session?.close());

describe('a server that sends no rate-limit header', () => {
  it('12 menu clicks against 5 per window: the 429s are waited out, every click ends in its own short link', async () => {
    const outcomes = await (await session.worker()).evaluate(async (count) => {
      const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: object): Promise<BackgroundOutcome | undefined> } }).shrtnrE2e;
      return Promise.all(Array.from({ length: count }, (_, index) => hooks.onMenuClicked({ menuItemId: 'shorten-link', linkUrl: `https://example.com/quiet/${index}`, editable: false })));
    }, 12);
    expect(outcomes.filter((outcome) => outcome?.status === 'failed')).toEqual([]);
    const shortUrls = outcomes.map((outcome) => (outcome !== undefined && 'shortened' in outcome ? outcome.shortened.shortUrl : ''));
    expect(new Set(shortUrls).size).toBe(12);
    // Every request the server accepted made one of these links.
    const windows = session.standIn.rateLimitWindows();
    expect(windows.reduce((sum, window) => sum + window.accepted, 0)).toBe(12);
    for (const window of windows) expect(window.accepted).toBeLessThanOrEqual(5);
    expect(await session.readClipboard()).toBe(shortUrls[11]);
  });
});
