import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkRun } from '../../messages/bulk-port';

// The run book over a fake storage.session that records each write of the runs.
const session = new Map<string, unknown>();
const writes: BulkRun[][] = [];

vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  const area = fakeSessionArea(session);
  return {
    browser: {
      storage: {
        session: {
          ...area,
          set: async (items: Record<string, unknown>) => {
            if ('bulk-runs' in items) writes.push(structuredClone(items['bulk-runs']) as BulkRun[]);
            await area.set(items);
          },
        },
      },
    },
  };
});

const run = (done: number, of: number): BulkRun => ({
  id: 'run-1',
  windowId: 3,
  startedAt: 0,
  private: false,
  items: Array.from({ length: of }, (_, index) => ({
    url: `https://example.com/${index}`,
    status: index < done ? { state: 'done', shortUrl: `https://s.test/${index}`, longUrl: `https://example.com/${index}`, fromHistory: false } : { state: 'queued' },
  })),
});
const doneIn = (written: BulkRun[] | undefined) => written?.[0]?.items.filter((item) => item.status.state === 'done').length;

/** A fresh worker's run book holding a run of `tabs` tabs none of which has ended, and that run. */
async function bookWithRun(tabs: number) {
  const { runBook } = await import('./run-book');
  const { tabsRuns } = await import('../../storage/session/run-items');
  const book = runBook<BulkRun>({ load: () => tabsRuns.get(), save: (runs) => tabsRuns.set(runs), keyOf: (kept) => kept.windowId, what: 'the tabs run' });
  const kept = run(0, tabs);
  (await book.runs()).set(kept.windowId, kept);
  return { book, kept };
}
/** The run's tab at `index` ends with its link. */
const finish = (kept: BulkRun, index: number) => Object.assign(kept.items[index] ?? {}, run(kept.items.length, kept.items.length).items[index]);

beforeEach(() => {
  session.clear();
  writes.length = 0;
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the run book', () => {
  it('writes a run of many changes at most once a second, each write holding every change made before it', async () => {
    const { book, kept } = await bookWithRun(50);
    await book.changed(kept, 'now');
    expect(writes).toHaveLength(1);

    // Fifty tabs end within half a second: one write, a second after the last.
    const written: Promise<void>[] = [];
    for (let index = 0; index < 50; index += 1) {
      finish(kept, index);
      written.push(book.changed(kept));
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(written);
    expect(writes).toHaveLength(2);
    expect(doneIn(writes[1])).toBe(50);
  });

  it("writes a run's start or end at once, even inside the second", async () => {
    const { book, kept } = await bookWithRun(2);
    await book.changed(kept, 'now');
    finish(kept, 0);
    const soon = book.changed(kept);
    await vi.advanceTimersByTimeAsync(100);
    expect(writes).toHaveLength(1);
    // The last tab ends: the run's end is written without waiting out the second, with the change before it.
    finish(kept, 1);
    await Promise.all([book.changed(kept, 'now'), soon]);
    expect(writes).toHaveLength(2);
    expect(doneIn(writes[1])).toBe(2);
  });

  it('writes a change made at the moment the write before it is reported done', async () => {
    const { book, kept } = await bookWithRun(1);
    let next: Promise<void> | undefined;
    await book.changed(kept, 'now').then(() => {
      finish(kept, 0);
      next = book.changed(kept, 'now');
    });
    await next;
    expect(writes).toHaveLength(2);
    expect(doneIn(writes[1])).toBe(1);
  });
});
