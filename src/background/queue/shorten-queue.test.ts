import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '../../../tooling/stand-in/rate-limiter';
import type { ShortenOutcome } from '../../api';
import type { ShortenProgress } from '../../shortening/shorten-request';
import type { GateSnapshot } from '../../storage/session/gate-snapshots';
import type { QueuedJob, ShortenQueueOptions } from './queue-types';
import { createShortenQueue } from './shorten-queue';
import { queuedJob } from '../../../test/support/queued-job';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const job = queuedJob;

/** A server throttled by the stand-in's own RateLimiter on the fake clock, answering after `latencyMs`; its limit is each account's token's. */
function throttledServer(limit: number, windowMs: number, headers: 'full' | 'none', latencyMs = 50) {
  const limiter = new RateLimiter({ limit, windowMs }, () => Date.now());
  const tallies = new Map<number, { accepted: number; refused: number }>();
  const send = vi.fn(async (queued: QueuedJob): Promise<ShortenOutcome> => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs / 2));
    const verdict = limiter.hit(queued.account);
    const tally = tallies.get(verdict.window.id) ?? { accepted: 0, refused: 0 };
    tallies.set(verdict.window.id, tally);
    await new Promise((resolve) => setTimeout(resolve, latencyMs / 2));
    const rateLimit =
      headers === 'none'
        ? undefined
        : { limit: verdict.limit, remaining: verdict.remaining, resetSeconds: verdict.resetSeconds, ...(verdict.allowed ? {} : { retryAfterSeconds: verdict.retryAfterSeconds }) };
    if (!verdict.allowed) {
      tally.refused += 1;
      return { result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit };
    }
    tally.accepted += 1;
    return { result: { ok: true, value: { shortUrl: `https://shrtnr.test/${queued.id.slice(4)}`, longUrl: queued.longUrl, used: 1 } }, rateLimit };
  });
  return { send, windows: () => [...tallies.values()] };
}

function memoryJournal() {
  const stored = new Map<string, QueuedJob>();
  return {
    stored,
    journal: {
      save: vi.fn(async (queued: QueuedJob) => void stored.set(queued.id, structuredClone(queued))),
      remove: vi.fn(async (queued: QueuedJob) => void stored.delete(queued.id)),
    },
  };
}

function queueWith(send: ShortenQueueOptions['send'], more: Partial<ShortenQueueOptions> = {}) {
  const { journal, stored } = memoryJournal();
  const waitingCounts: number[] = [];
  const queue = createShortenQueue({ send, journal, random: () => 0.5, onWaitingChange: (count) => waitingCounts.push(count), ...more });
  return { queue, stored, waitingCounts };
}

const sameLink = (more: Partial<QueuedJob> = {}) => job({ longUrl: 'https://example.com/same', ...more });

/** A server the test answers by hand, request by request. */
function handServer() {
  const pending: ((outcome: ShortenOutcome) => void)[] = [];
  const send = vi.fn((): Promise<ShortenOutcome> => new Promise((resolve) => pending.push(resolve)));
  const answer = (outcome: ShortenOutcome) => pending.shift()?.(outcome);
  return { send, answer, pending };
}
const link = (longUrl: string): ShortenOutcome => ({ result: { ok: true, value: { shortUrl: 'https://shrtnr.test/x', longUrl, used: 1 } }, rateLimit: { limit: 60, remaining: 58 } });
const refusal = (retryAfterSeconds: number): ShortenOutcome => ({ result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: { retryAfterSeconds } });
const textJob = (more: Partial<QueuedJob> = {}) => job({ owner: 'text', request: { url: 'https://example.com/', via: 'menu-field', private: false, fresh: false }, ...more });
const bulkJob = (more: Partial<QueuedJob> = {}) => sameLink({ owner: 'bulk', request: { url: 'https://example.com/same', via: 'bulk', private: false, fresh: false }, ...more });

describe('the shorten queue', () => {
  it('20 jobs at 10 per 3 s: every one ends in a link, in two windows, none refused', async () => {
    const server = throttledServer(10, 3_000, 'full');
    const { queue, stored, waitingCounts } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
    const results = Promise.all(Array.from({ length: 20 }, () => queue.add(job())));
    await vi.advanceTimersByTimeAsync(10_000);
    const ended = await results;
    expect(ended.every((result) => result.ok)).toBe(true);
    expect(server.windows()).toEqual([
      { accepted: 10, refused: 0 },
      { accepted: 10, refused: 0 },
    ]);
    expect(stored.size).toBe(0);
    // The second window's ten waited for the limit (the first ten were under way, not waiting for it).
    expect(Math.max(...waitingCounts)).toBe(10);
    expect(waitingCounts.at(-1)).toBe(0);
  });

  it("two accounts on one server keep a limit each: one's line waiting for its window holds none of the other's", async () => {
    const server = throttledServer(2, 3_000, 'full');
    const { queue } = queueWith(server.send);
    const first = Array.from({ length: 6 }, () => queue.add(job({ account: 'account-1' })));
    await vi.advanceTimersByTimeAsync(500);
    // The first account has spent its window; the second's click goes at once, on its own count.
    let secondEnded: boolean | undefined;
    void queue.add(job({ account: 'account-2' })).then((result) => (secondEnded = result.ok));
    await vi.advanceTimersByTimeAsync(200);
    expect(secondEnded).toBe(true);
    expect(queue.pace({ server: 'https://shrtnr.test', account: 'account-2' }).limit).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await Promise.all(first)).every((result) => result.ok)).toBe(true);
    expect(server.windows().reduce((sum, window) => sum + window.refused, 0)).toBe(0);
  });

  it('a server that says nothing of its limit: 429s are waited out with backoff, every job ends in a link', async () => {
    const server = throttledServer(5, 3_000, 'none');
    const { queue } = queueWith(server.send, { maxAttempts: 10 });
    const results = Promise.all(Array.from({ length: 12 }, () => queue.add(job())));
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await results).map((result) => result.ok)).toEqual(Array.from({ length: 12 }, () => true));
    expect(server.windows().reduce((sum, window) => sum + window.accepted, 0)).toBe(12);
  });

  it("a server that says nothing of its limit, on the contract's minute: a link refused in a used-up window gets its link once that is over, even with the jitter at its least", async () => {
    // Full jitter drawn at its least: the tries go at once; with nothing else, all eight were refused within a second.
    const server = throttledServer(1, 60_000, 'none');
    const { queue } = queueWith(server.send, { random: () => 0 });
    const first = queue.add(job());
    await vi.advanceTimersByTimeAsync(100);
    const second = queue.add(job());
    await vi.advanceTimersByTimeAsync(61_000);
    expect([(await first).ok, (await second).ok]).toEqual([true, true]);
    expect(server.windows()).toEqual([
      { accepted: 1, refused: 7 },
      { accepted: 1, refused: 0 },
    ]);
  });

  it('tells the head job when its wait ends, the others how many are ahead, then that it is being sent', async () => {
    const server = throttledServer(1, 3_000, 'full');
    const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
    void queue.add(job());
    await vi.advanceTimersByTimeAsync(100);
    const second: ShortenProgress[] = [];
    const third: ShortenProgress[] = [];
    const start = Date.now();
    void queue.add(job(), (progress) => second.push(progress));
    void queue.add(job(), (progress) => third.push(progress));
    expect(second).toEqual([{ state: 'waiting', untilMs: expect.any(Number), ahead: 0 }]);
    const [waiting] = second;
    expect(waiting?.state === 'waiting' ? (waiting.untilMs ?? 0) - start : 0).toBeGreaterThan(2_000);
    expect(third).toEqual([{ state: 'waiting', ahead: 1 }]);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(second.at(-1)).toEqual({ state: 'sending' });
    expect(third.at(-1)).toEqual({ state: 'waiting', untilMs: expect.any(Number), ahead: 0 });
  });

  it('cancels a waiting job, which then ends cancelled and leaves the journal; one being sent cannot be', async () => {
    const server = throttledServer(1, 3_000, 'full');
    const { queue, stored } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
    const first = job();
    const firstResult = queue.add(first);
    const waiting = job();
    const waitingResult = queue.add(waiting);
    expect(queue.cancel(first.id)).toBe(false);
    expect(queue.cancel(waiting.id)).toBe(true);
    expect(await waitingResult).toEqual({ ok: false, error: { kind: 'cancelled' } });
    await vi.advanceTimersByTimeAsync(100);
    expect((await firstResult).ok).toBe(true);
    expect(stored.size).toBe(0);
    expect(server.send).toHaveBeenCalledTimes(1);
  });

  it('gives up after the attempt cap when the server refuses every time', async () => {
    const send = vi.fn(async (): Promise<ShortenOutcome> => ({ result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: { retryAfterSeconds: 1 } }));
    const { queue } = queueWith(send, { maxAttempts: 3 });
    const result = queue.add(job());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toEqual({ ok: false, error: { kind: 'gave-up', attempts: 3 } });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('fails a job whose wait would pass the bound with its own error, not a 429', async () => {
    const send = vi.fn(async (): Promise<ShortenOutcome> => ({ result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: { retryAfterSeconds: 600 } }));
    const { queue } = queueWith(send);
    const result = queue.add(job());
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toEqual({ ok: false, error: { kind: 'wait-too-long', waitSeconds: 600 } });
  });

  it("a tabs run's jobs wait as long as their own bound says, past a click's two minutes and the ten-minute age", async () => {
    // 3 a minute: 40 links take 13 windows, some 13 minutes; a click's bound would fail all but the first nine.
    const server = throttledServer(3, 60_000, 'full');
    const { queue } = queueWith(server.send);
    const run = Array.from({ length: 40 }, () => job({ owner: 'bulk', waitBoundMs: 30 * 60_000 }));
    const results = Promise.all(run.map((queued) => queue.add(queued)));
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect((await results).every((result) => result.ok)).toBe(true);
    expect(server.windows().every((window) => window.refused === 0 && window.accepted <= 3)).toBe(true);
  });

  it("a run's bound is still a bound: past it the job fails, and a click keeps its own two minutes", async () => {
    const server = throttledServer(3, 60_000, 'full');
    const { queue } = queueWith(server.send);
    const run = Array.from({ length: 12 }, () => queue.add(job({ owner: 'bulk', waitBoundMs: 150_000 })));
    await vi.advanceTimersByTimeAsync(100);
    const click = queue.add(job({ owner: 'background' }));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const ended = await Promise.all(run);
    // Three a minute, the click first in the second window: windows at 0, 60 and 120 s take eight of the run's jobs; the fourth, at 180 s, is past its 150 s.
    expect(ended.map((result) => (result.ok ? 'link' : result.error.kind))).toEqual([...Array.from({ length: 8 }, () => 'link'), ...Array.from({ length: 4 }, () => 'wait-too-long')]);
    expect((await click).ok).toBe(true);
  });

  it('a resumed job past its maximum age, or its attempts, ends without a request', async () => {
    const send = vi.fn(async (): Promise<ShortenOutcome> => ({ result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: undefined }));
    const { queue } = queueWith(send);
    expect(await queue.add(job({ queuedAt: Date.now() - 11 * 60_000 }))).toEqual({ ok: false, error: { kind: 'expired', minutes: 11 } });
    expect(await queue.add(job({ attempts: 8 }))).toEqual({ ok: false, error: { kind: 'gave-up', attempts: 8 } });
    expect(send).not.toHaveBeenCalled();
  });

  it('fails a permanent error at once, and counts each attempt in the journal before it is sent', async () => {
    const { journal, stored } = memoryJournal();
    const seen: number[] = [];
    const send = vi.fn(async (queued: QueuedJob): Promise<ShortenOutcome> => {
      seen.push(stored.get(queued.id)?.attempts ?? -1);
      return { result: { ok: false, error: { kind: 'unauthorized' } }, rateLimit: undefined };
    });
    const queue = createShortenQueue({ send, journal });
    expect(await queue.add(job())).toEqual({ ok: false, error: { kind: 'unauthorized' } });
    expect(seen).toEqual([1]);
    expect(stored.size).toBe(0);
  });

  it('keeps a new link before the job leaves the journal, so a worker stopped in between loses no link', async () => {
    const { journal, stored } = memoryJournal();
    const inJournalWhileKept: boolean[] = [];
    const send = vi.fn(async (queued: QueuedJob): Promise<ShortenOutcome> => ({ result: { ok: true, value: { shortUrl: 'https://shrtnr.test/k', longUrl: queued.longUrl, used: 1 } }, rateLimit: undefined }));
    const queue = createShortenQueue({ send, journal, keep: async (queued) => void inJournalWhileKept.push(stored.has(queued.id)) });
    expect((await queue.add(job())).ok).toBe(true);
    expect(inJournalWhileKept).toEqual([true]);
    await vi.advanceTimersByTimeAsync(0);
    expect(stored.size).toBe(0);
  });

  it('a new link holds its place until it is kept: never more than four requests whose link is not on record, all a stopped worker would send again', async () => {
    const keeps: (() => void)[] = [];
    const send = vi.fn(async (queued: QueuedJob): Promise<ShortenOutcome> => link(queued.longUrl));
    const { queue } = queueWith(send, { keep: () => new Promise<void>((resolve) => keeps.push(resolve)) });
    const results = Promise.all(Array.from({ length: 6 }, () => queue.add(job())));
    await vi.advanceTimersByTimeAsync(1_000);
    // Four answered, none kept yet: the next two wait, though the server would take them.
    expect(send).toHaveBeenCalledTimes(4);
    expect(keeps).toHaveLength(4);
    keeps.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(5);
    while (keeps.length > 0) {
      keeps.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(send).toHaveBeenCalledTimes(6);
    expect((await results).map((result) => result.ok)).toEqual([true, true, true, true, true, true]);
  });

  it('keeps the order of the clicks: a later job never overtakes a waiting one', async () => {
    const server = throttledServer(2, 3_000, 'full');
    const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
    const order: string[] = [];
    const jobs = Array.from({ length: 6 }, () => job());
    const results = Promise.all(jobs.map((queued) => queue.add(queued).then(() => order.push(queued.id))));
    await vi.advanceTimersByTimeAsync(12_000);
    await results;
    expect(order).toEqual(jobs.map((queued) => queued.id));
  });

  it("a click goes before a tabs run's jobs still waiting, never before one being sent, and the run keeps its own order", async () => {
    const server = throttledServer(2, 3_000, 'full');
    const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
    const bulk = Array.from({ length: 5 }, () => job({ owner: 'bulk', request: { url: 'https://example.com/', via: 'bulk', private: false, fresh: false } }));
    const running = Promise.all(bulk.map((queued) => queue.add(queued)));
    // The first window's two go; the others wait for the next.
    await vi.advanceTimersByTimeAsync(500);
    const click = job();
    const clicked = queue.add(click);
    await vi.advanceTimersByTimeAsync(12_000);
    await Promise.all([running, clicked]);
    expect(server.send.mock.calls.map(([queued]) => queued.id)).toEqual([bulk[0]?.id, bulk[1]?.id, click.id, bulk[2]?.id, bulk[3]?.id, bulk[4]?.id]);
    expect(server.windows().every((window) => window.refused === 0)).toBe(true);
  });

  describe("the user's own clicks before a text's links (a selection's, a field's: issue 33)", () => {
    it("a click goes before a text's jobs still waiting, never before one being sent, and the text keeps its own order", async () => {
      const server = throttledServer(2, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      const text = Array.from({ length: 5 }, () => textJob());
      const running = Promise.all(text.map((queued) => queue.add(queued)));
      // The first window's two go; the others wait for the next.
      await vi.advanceTimersByTimeAsync(500);
      const [menu, popup] = [job(), job({ owner: 'popup' })];
      const clicked = Promise.all([queue.add(menu), queue.add(popup)]);
      await vi.advanceTimersByTimeAsync(12_000);
      await Promise.all([running, clicked]);
      expect(server.send.mock.calls.map(([queued]) => queued.id)).toEqual([text[0]?.id, text[1]?.id, menu.id, popup.id, text[2]?.id, text[3]?.id, text[4]?.id]);
      expect(server.windows().every((window) => window.refused === 0)).toBe(true);
    });

    it("a text's jobs and a tabs run's keep first come, first served between them", async () => {
      const server = throttledServer(1, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      const bulkRequest = { url: 'https://example.com/', via: 'bulk' as const, private: false, fresh: false };
      const queued = [job({ owner: 'bulk', request: bulkRequest }), textJob(), job({ owner: 'bulk', request: bulkRequest }), textJob()];
      const running = Promise.all(queued.map((each) => queue.add(each)));
      await vi.advanceTimersByTimeAsync(12_000);
      await running;
      expect(server.send.mock.calls.map(([sent]) => sent.id)).toEqual(queued.map((each) => each.id));
    });

    it("a click joining a text's job takes that job ahead; a text's job joining a click's leaves it where it was", async () => {
      const server = throttledServer(1, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      const text = [textJob(), textJob(), sameLink({ owner: 'text' })];
      const running = Promise.all(text.map((queued) => queue.add(queued)));
      await vi.advanceTimersByTimeAsync(100);
      const clicked = queue.add(sameLink({ owner: 'background' }));
      await vi.advanceTimersByTimeAsync(12_000);
      await Promise.all([running, clicked]);
      expect(server.send.mock.calls.map(([queued]) => queued.id)).toEqual([text[0]?.id, text[2]?.id, text[1]?.id]);

      server.send.mockClear();
      const clicks = [job(), job(), job({ longUrl: 'https://example.com/clicked' })];
      const waiting = Promise.all(clicks.map((queued) => queue.add(queued)));
      await vi.advanceTimersByTimeAsync(100);
      const joined = queue.add(textJob({ longUrl: 'https://example.com/clicked' }));
      await vi.advanceTimersByTimeAsync(12_000);
      await Promise.all([waiting, joined]);
      expect(server.send.mock.calls.map(([queued]) => queued.id)).toEqual(clicks.map((queued) => queued.id));
    });
  });

  it("a queue started after a worker stopped mid-window goes on from what the last one knew of the limit: no request refused", async () => {
    for (const keepsGates of [true, false]) {
      const server = throttledServer(3, 3_000, 'full');
      const snapshots = new Map<string, GateSnapshot>();
      const gateStore = {
        load: async () => Object.fromEntries(snapshots),
        save: async (server_: string, snapshot: GateSnapshot) => void snapshots.set(server_, JSON.parse(JSON.stringify(snapshot)) as GateSnapshot),
      };
      const first = queueWith(server.send, { gate: { assumedWindowMs: 3_000 }, ...(keepsGates ? { gateStore } : {}) });
      const spent = Promise.all([first.queue.add(job()), first.queue.add(job()), first.queue.add(job())]);
      await vi.advanceTimersByTimeAsync(500);
      expect((await spent).every((result) => result.ok)).toBe(true);
      // The window is used up; the worker stops; the next one takes the remaining jobs over.
      const next = queueWith(server.send, { gate: { assumedWindowMs: 3_000 }, ...(keepsGates ? { gateStore } : {}) });
      const rest = Promise.all([next.queue.add(job()), next.queue.add(job())]);
      await vi.advanceTimersByTimeAsync(8_000);
      expect((await rest).every((result) => result.ok)).toBe(true);
      const refused = server.windows().reduce((sum, window) => sum + window.refused, 0);
      // Without what the last gate knew, the new one probes the spent window and meets a 429.
      expect(refused, keepsGates ? 'with the gate kept' : 'without it').toBe(keepsGates ? 0 : 1);
    }
  });

  it('Cancel while its request is under way: the link is kept if it comes, but a 429 ends it cancelled instead of sending it again', async () => {
    let calls = 0;
    const send = vi.fn(async (): Promise<ShortenOutcome> => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: { limit: 5, remaining: 0, retryAfterSeconds: 3 } };
    });
    const { queue, stored } = queueWith(send);
    const queued = job();
    const result = queue.add(queued);
    await vi.advanceTimersByTimeAsync(50);
    expect(queue.cancel(queued.id)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(calls).toBe(1);
    expect(stored.size).toBe(0);
  });

  it('a server that says its limit is 0 never leaves a job waiting for ever: it ends, at the latest when it comes of age', async () => {
    const send = vi.fn(async (): Promise<ShortenOutcome> => ({ result: { ok: false, error: { kind: 'rate-limited' } }, rateLimit: { limit: 0, remaining: 0, resetSeconds: 1 } }));
    const { queue, waitingCounts } = queueWith(send, { gate: { assumedWindowMs: 1_000, maxWaitMs: 60 * 60_000 }, maxAttempts: 1_000 });
    const result = queue.add(job());
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    const ended = await result;
    expect(ended.ok).toBe(false);
    expect(waitingCounts.at(-1)).toBe(0);
    // It kept asking, one request a window, rather than stalling after the first.
    expect(send.mock.calls.length).toBeGreaterThan(10);
  });

  describe('the same link asked for again while it waits', () => {

    it('waits for the request already queued: one request, the same link for both, both journalled until it comes', async () => {
      const server = throttledServer(1, 3_000, 'full');
      const { queue, stored } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      void queue.add(job());
      await vi.advanceTimersByTimeAsync(100);
      const firstProgress: ShortenProgress[] = [];
      const againProgress: ShortenProgress[] = [];
      const first = queue.add(sameLink(), (progress) => firstProgress.push(progress));
      const again = queue.add(sameLink({ owner: 'popup' }), (progress) => againProgress.push(progress));
      // The one joining hears at once where the link stands.
      expect(againProgress).toEqual(firstProgress);
      // Both are journalled, so a restarted worker takes each caller up again (the job before them has ended).
      expect(stored.size).toBe(2);
      await vi.advanceTimersByTimeAsync(5_000);
      const [a, b] = await Promise.all([first, again]);
      expect(a).toEqual(b);
      expect(stored.size).toBe(0);
      expect(a.ok).toBe(true);
      expect(server.send.mock.calls.filter(([queued]) => queued.longUrl === 'https://example.com/same')).toHaveLength(1);
    });

    it('not when a new link is asked for, nor across a private and a normal window, nor across accounts', async () => {
      const server = throttledServer(10, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      const results = Promise.all([
        queue.add(sameLink()),
        queue.add(sameLink({ request: { url: 'https://example.com/same', via: 'popup-tab', private: false, fresh: true } })),
        queue.add(sameLink({ request: { url: 'https://example.com/same', via: 'menu-link', private: true, fresh: false } })),
        queue.add(sameLink({ account: 'account-2' })),
      ]);
      await vi.advanceTimersByTimeAsync(2_000);
      const [first, , , otherAccount] = await results;
      expect(server.send).toHaveBeenCalledTimes(4);
      // Each account's link is its own, made with its own token.
      expect(server.send.mock.calls.map(([queued]) => queued.account).toSorted()).toEqual(['account-1', 'account-1', 'account-1', 'account-2']);
      expect(otherAccount).not.toEqual(first);
    });

    it('Cancel of the one that joined leaves the first waiting; Cancel of the first leaves it to the one that joined', async () => {
      const server = throttledServer(1, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      void queue.add(job());
      await vi.advanceTimersByTimeAsync(100);
      const firstJob = sameLink();
      const joinedJob = sameLink();
      const first = queue.add(firstJob);
      const joined = queue.add(joinedJob);
      expect(queue.cancel(joinedJob.id)).toBe(true);
      expect(await joined).toEqual({ ok: false, error: { kind: 'cancelled' } });
      const rejoined = queue.add(sameLink());
      expect(queue.cancel(firstJob.id)).toBe(true);
      expect(await first).toEqual({ ok: false, error: { kind: 'cancelled' } });
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await rejoined).ok).toBe(true);
      expect(server.send).toHaveBeenCalledTimes(2);
    });

    it("a click joining a tabs run's job takes that job ahead of the run's others", async () => {
      const server = throttledServer(1, 3_000, 'full');
      const { queue } = queueWith(server.send, { gate: { assumedWindowMs: 3_000 } });
      const bulkRequest = { url: 'https://example.com/', via: 'bulk' as const, private: false, fresh: false };
      const bulk = [job({ owner: 'bulk', request: bulkRequest }), job({ owner: 'bulk', request: bulkRequest }), sameLink({ owner: 'bulk', request: bulkRequest })];
      const running = Promise.all(bulk.map((queued) => queue.add(queued)));
      await vi.advanceTimersByTimeAsync(100);
      const clicked = queue.add(sameLink({ owner: 'popup' }));
      await vi.advanceTimersByTimeAsync(12_000);
      await Promise.all([running, clicked]);
      expect(server.send.mock.calls.map(([queued]) => queued.id)).toEqual([bulk[0]?.id, bulk[2]?.id, bulk[1]?.id]);
    });
  });

  describe('callers joined on one link (second review)', () => {
    it("a click that joins a run's job waits within its own bound, counted from its click, not the run's", async () => {
      const server = handServer();
      const { queue } = queueWith(server.send);
      const run = queue.add(sameLink({ owner: 'bulk' }));
      await vi.advanceTimersByTimeAsync(60_000);
      const click = queue.add(sameLink());
      // Refused with a pause that takes the run's job past two minutes from its queuing, not the click.
      server.answer(refusal(70));
      await vi.advanceTimersByTimeAsync(71_000);
      server.answer(link('https://example.com/same'));
      await vi.advanceTimersByTimeAsync(100);
      expect((await click).ok).toBe(true);
      expect((await run).ok).toBe(true);
    });

    it('every caller is journalled until the link comes, so a restarted worker takes each up again; then none is left', async () => {
      const server = handServer();
      const { queue, stored } = queueWith(server.send);
      const run = queue.add(bulkJob());
      const click = sameLink();
      const clicked = queue.add(click);
      await vi.advanceTimersByTimeAsync(10);
      expect([...stored.values()].map((queued) => queued.owner).toSorted()).toEqual(['background', 'bulk']);
      server.answer(link('https://example.com/same'));
      await vi.advanceTimersByTimeAsync(10);
      await Promise.all([run, clicked]);
      expect(stored.size).toBe(0);
    });

    it('a Cancel during the request stays a Cancel when another caller joins: after a 429 only the other waits on', async () => {
      const server = handServer();
      const { queue } = queueWith(server.send);
      const cancelledProgress: string[] = [];
      const popup = sameLink({ owner: 'popup' });
      const popupResult = queue.add(popup, (progress) => cancelledProgress.push(progress.state));
      await vi.advanceTimersByTimeAsync(10);
      expect(queue.cancel(popup.id)).toBe(false);
      const other = queue.add(sameLink());
      server.answer(refusal(3));
      await vi.advanceTimersByTimeAsync(10);
      expect(await popupResult).toEqual({ ok: false, error: { kind: 'cancelled' } });
      const heardBefore = cancelledProgress.length;
      await vi.advanceTimersByTimeAsync(3_500);
      server.answer(link('https://example.com/same'));
      await vi.advanceTimersByTimeAsync(10);
      expect((await other).ok).toBe(true);
      expect(cancelledProgress).toHaveLength(heardBefore);
    });

    it('the same link asked for while the first is being kept in history joins it: no second request', async () => {
      const server = handServer();
      const keeping = { done: (): void => undefined };
      const keep = vi.fn(() => new Promise<void>((resolve) => (keeping.done = resolve)));
      const { queue } = queueWith(server.send, { keep });
      const first = queue.add(sameLink());
      await vi.advanceTimersByTimeAsync(10);
      server.answer(link('https://example.com/same'));
      await vi.advanceTimersByTimeAsync(10);
      const again = queue.add(sameLink());
      keeping.done();
      await vi.advanceTimersByTimeAsync(10);
      expect((await first).ok && (await again).ok).toBe(true);
      expect(server.send).toHaveBeenCalledTimes(1);
    });

    it('jobs added while the gates are read can be cancelled and joined too', async () => {
      const server = handServer();
      const loading = { done: (_snapshots: Record<string, GateSnapshot>): void => undefined };
      const gateStore = { load: () => new Promise<Record<string, GateSnapshot>>((resolve) => (loading.done = resolve)), save: async () => undefined };
      const { queue } = queueWith(server.send, { gateStore });
      const first = sameLink();
      const firstResult = queue.add(first);
      const joined = queue.add(sameLink());
      const other = job();
      const otherResult = queue.add(other);
      expect(queue.cancel(other.id)).toBe(true);
      expect(await otherResult).toEqual({ ok: false, error: { kind: 'cancelled' } });
      loading.done({});
      await vi.advanceTimersByTimeAsync(10);
      server.answer(link('https://example.com/same'));
      await vi.advanceTimersByTimeAsync(10);
      expect((await firstResult).ok && (await joined).ok).toBe(true);
      expect(server.send).toHaveBeenCalledTimes(1);
    });
  });
});
