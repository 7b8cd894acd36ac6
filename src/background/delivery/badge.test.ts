import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The badge as the toolbar shows it: its text, and the tooltip it has at the moment the text shows (a reader who sees
// "✓" sees its sentence too, never the one before).
const shown: string[] = [];
let badgeTitle = '';
vi.mock('../../platform/browser', () => ({
  browser: {
    action: {
      setBadgeText: async ({ text }: { text: string }) => {
        shown.push(`${text} | ${badgeTitle}`);
      },
      setBadgeBackgroundColor: async () => undefined,
      setTitle: async ({ title }: { title: string }) => {
        badgeTitle = title;
      },
    },
  },
}));
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string, ...values: unknown[]) => `${key}(${values.join(',')})` }) }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  shown.length = 0;
});
afterEach(() => vi.useRealTimers());

describe('the badge', () => {
  it("a worker starting clears what the stopped one left; a job it resumes shows after, never before, that clearing", async () => {
    const badge = await import('./badge');
    const cleared = badge.badgeAtWorkerStart();
    const resumed = badge.badgeJobStarted();
    await Promise.all([cleared, resumed]);
    expect(shown).toEqual([' | actionTitle()', '… | badgeWorking()']);
    // Nothing to clear once this worker's own job runs.
    await badge.badgeAtWorkerStart();
    expect(shown.at(-1)).toBe('… | badgeWorking()');
  });

  it('counts the links waiting, then sums up the background jobs once all have ended', async () => {
    const badge = await import('./badge');
    await badge.badgeJobStarted();
    await badge.badgeWaiting(3);
    expect(shown.at(-1)).toBe('3 | badgeWaiting(3)');
    await badge.badgeWaiting(0);
    expect(shown.at(-1)).toBe('… | badgeWorking()');
    await badge.badgeJobFinished({ ok: false, sentence: 'Your token is not accepted' });
    expect(shown.at(-1)).toBe('! | Your token is not accepted');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(shown.at(-1)).toBe(' | actionTitle()');
  });

  it('says when the links waiting wait for the network rather than the limit', async () => {
    const badge = await import('./badge');
    await badge.badgeJobStarted();
    await badge.badgeWaiting(2, 2);
    expect(shown.at(-1)).toBe('2 | badgeWaitingForNetwork(2)');
    await badge.badgeWaiting(0, 0);
    expect(shown.at(-1)).toBe('… | badgeWorking()');
  });

  it('a summary once cleared is not brought back when a later wait (a popup, a tabs run) ends', async () => {
    const badge = await import('./badge');
    await badge.badgeJobStarted();
    await badge.badgeJobFinished({ ok: false, sentence: 'Your token is not accepted' });
    await vi.advanceTimersByTimeAsync(10_000);
    shown.length = 0;
    await badge.badgeWaiting(12);
    await badge.badgeWaiting(0);
    expect(shown).toEqual(['12 | badgeWaiting(12)', ' | actionTitle()']);
  });

  it('shows a count that changes with every request at most twice a second, the latest one, and the end of the waits at once', async () => {
    const badge = await import('./badge');
    await badge.badgeWaiting(1_000);
    for (let count = 999; count >= 990; count -= 1) {
      await badge.badgeWaiting(count);
      await vi.advanceTimersByTimeAsync(40);
    }
    // 400 ms of ten changes: the first count only, so far.
    expect(shown).toEqual(['1000 | badgeWaiting(1000)']);
    await vi.advanceTimersByTimeAsync(100);
    expect(shown).toEqual(['1000 | badgeWaiting(1000)', '990 | badgeWaiting(990)']);
    await badge.badgeWaiting(989);
    await badge.badgeWaiting(0);
    await vi.advanceTimersByTimeAsync(1_000);
    // The end of the waits at once; the count still on its way is not shown over it.
    expect(shown.slice(2)).toEqual([' | actionTitle()']);
  });
});
