import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShortenOutcome } from '../../api';
import type { ShortenProgress } from '../../shortening/shorten-request';
import { DEFAULT_NETWORK_WAIT_MS, FIRST_RETRY_MS, LONGEST_RETRY_MS, networkWaits, type NetworkWatch } from './network-waits';
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

const link = (queued: QueuedJob): ShortenOutcome => ({ result: { ok: true, value: { shortUrl: `https://shrtnr.test/${queued.id.slice(4)}`, longUrl: queued.longUrl, used: 1 } }, rateLimit: { limit: 60, remaining: 59 } });
const noAnswer = (host = 'shrtnr.test'): ShortenOutcome => ({ result: { ok: false, error: { kind: 'network', host } }, rateLimit: undefined });

/** A server that gives no answer while `down` (per server), and a link once it is up; every request noted. */
function flakyServers() {
  const down = new Set<string>();
  const sent: string[] = [];
  const send = vi.fn(async (queued: QueuedJob): Promise<ShortenOutcome> => {
    sent.push(queued.server);
    await Promise.resolve();
    return down.has(queued.server) ? noAnswer(new URL(queued.server).host) : link(queued);
  });
  return { send, down, sent };
}

/** The browser's word on the network, set by the test, with its `online` event. */
function fakeNetwork(): NetworkWatch & { set(online: boolean): void } {
  let online = true;
  const listeners: (() => void)[] = [];
  return {
    online: () => online,
    onOnline: (listener) => void listeners.push(listener),
    set(value) {
      online = value;
      if (value) for (const listener of listeners) listener();
    },
  };
}

function queueWith(send: ShortenQueueOptions['send'], more: Partial<ShortenQueueOptions> = {}) {
  const waiting: [number, number][] = [];
  const journal = { save: vi.fn(async () => undefined), remove: vi.fn(async () => undefined) };
  const queue = createShortenQueue({ send, journal, random: () => 0.5, maxAttempts: 2, onWaitingChange: (count, forNetwork) => waiting.push([count, forNetwork]), ...more });
  return { queue, waiting, journal };
}

describe('a link whose request gets no answer (offline is a wait, not a failure)', () => {
  it('waits for the network, is tried again later each time, and ends in its link once the server answers: no try counts against the limit', async () => {
    const servers = flakyServers();
    servers.down.add('https://shrtnr.test');
    const { queue, waiting } = queueWith(servers.send);
    const progress: ShortenProgress[] = [];
    const result = queue.add(job(), (step) => progress.push(step));
    await vi.advanceTimersByTimeAsync(0);
    expect(servers.sent).toHaveLength(1);
    expect(progress.at(-1)).toEqual({ state: 'waiting', ahead: 0, forNetwork: true });
    expect(waiting.at(-1)).toEqual([1, 1]);
    // Tried again after 1 s, then 2 s later, then 4 s later: three more tries in 7 s, more than maxAttempts (2) allows a refusal.
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 7);
    expect(servers.sent).toHaveLength(4);
    servers.down.clear();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 8);
    expect((await result).ok).toBe(true);
    expect(servers.sent).toHaveLength(5);
    expect(waiting.at(-1)).toEqual([0, 0]);
  });

  it('sends nothing while the browser says it is offline, and goes at once when it is back', async () => {
    const servers = flakyServers();
    const network = fakeNetwork();
    network.set(false);
    const { queue, waiting } = queueWith(servers.send, { network });
    const progress: ShortenProgress[] = [];
    let ended = false;
    void queue.add(job(), (step) => progress.push(step)).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(servers.sent).toEqual([]);
    expect(progress).toEqual([{ state: 'waiting', ahead: 0, forNetwork: true }]);
    expect(waiting.at(-1)).toEqual([1, 1]);
    network.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(servers.sent).toHaveLength(1);
    expect(ended).toBe(true);
  });

  it("ends, at a click's bound, with how long it waited and the host, and sends nothing more", async () => {
    const servers = flakyServers();
    servers.down.add('https://shrtnr.test');
    const { queue } = queueWith(servers.send);
    const result = queue.add(job());
    await vi.advanceTimersByTimeAsync(DEFAULT_NETWORK_WAIT_MS + 1_000);
    expect(await result).toEqual({ ok: false, error: { kind: 'network', host: 'shrtnr.test', waitedSeconds: DEFAULT_NETWORK_WAIT_MS / 1000 } });
    const tries = servers.sent.length;
    // 1 + 1 + 2 + 4 + … seconds apart, never more than 30 s: some eight tries in two minutes, not a flood.
    expect(tries).toBeGreaterThanOrEqual(2 + Math.floor((DEFAULT_NETWORK_WAIT_MS - 31_000) / LONGEST_RETRY_MS));
    expect(tries).toBeLessThanOrEqual(10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(servers.sent).toHaveLength(tries);
  });

  it("a tabs run's link waits as long as its run's own bound, longer than a click's", async () => {
    const servers = flakyServers();
    servers.down.add('https://shrtnr.test');
    const { queue } = queueWith(servers.send);
    let clickEnded = false;
    let runEnded = false;
    void queue.add(job()).then(() => (clickEnded = true));
    void queue.add(job({ owner: 'bulk', account: 'account-2', waitBoundMs: 10 * 60_000 })).then(() => (runEnded = true));
    await vi.advanceTimersByTimeAsync(DEFAULT_NETWORK_WAIT_MS + 1_000);
    expect([clickEnded, runEnded]).toEqual([true, false]);
    servers.down.clear();
    await vi.advanceTimersByTimeAsync(LONGEST_RETRY_MS + 1_000);
    expect(runEnded).toBe(true);
  });

  it('an answer cut off in its body is the server speaking: it fails at once, no wait', async () => {
    const send = vi.fn(async (): Promise<ShortenOutcome> => ({ result: { ok: false, error: { kind: 'network', host: 'shrtnr.test', answered: true } }, rateLimit: undefined }));
    const { queue } = queueWith(send);
    expect(await queue.add(job())).toEqual({ ok: false, error: { kind: 'network', host: 'shrtnr.test', answered: true } });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('Cancel ends a link waiting for the network, and nothing more is sent for it', async () => {
    const servers = flakyServers();
    servers.down.add('https://shrtnr.test');
    const { queue } = queueWith(servers.send);
    const waiting = job();
    const result = queue.add(waiting);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.cancel(waiting.id)).toBe(true);
    expect(await result).toEqual({ ok: false, error: { kind: 'cancelled' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(servers.sent).toHaveLength(1);
  });

  it("one server not answering holds only its own lines: another server's link goes at once", async () => {
    const servers = flakyServers();
    servers.down.add('https://down.test');
    const { queue } = queueWith(servers.send);
    void queue.add(job({ server: 'https://down.test' }));
    await vi.advanceTimersByTimeAsync(0);
    expect((await queue.add(job({ server: 'https://up.test' }))).ok).toBe(true);
  });
});

describe('network waits', () => {
  it('back off 1, 2, 4… s up to 30 s per server, forget a server once it answers, and try all at once when the browser is back online', () => {
    const waits = networkWaits(undefined);
    expect(waits.retryInMs('https://a.test', 0)).toBeUndefined();
    const delays: (number | undefined)[] = [];
    for (let tries = 0; tries < 7; tries += 1) {
      waits.unanswered('https://a.test', 'a.test', 0);
      delays.push(waits.retryInMs('https://a.test', 0));
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(waits.retryInMs('https://b.test', 0)).toBeUndefined();
    waits.retryAll();
    expect(waits.retryInMs('https://a.test', 0)).toBeUndefined();
    expect(waits.hostOf('https://a.test')).toBe('a.test');
    waits.answered('https://a.test');
    waits.unanswered('https://a.test', 'a.test', 0);
    expect(waits.retryInMs('https://a.test', 0)).toBe(1_000);
    expect(waits.hostOf('https://never.test:8443')).toBe('never.test:8443');
  });
});
