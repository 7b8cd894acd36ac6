import { describe, expect, it } from 'vitest';
import { seededRandom, simulateQueue, type ServerHeaders } from '../../../test/support/rate-limit-simulation';
import type { RateLimitState } from '../../api/rate-limit-headers';
import type { Answered, RateLimitGateOptions, Release, Reservation } from './gate-types';
import { createRateLimitGate } from './rate-limit-gate';

/** A gate on a clock the test moves by hand. */
function gateAt(options: Partial<RateLimitGateOptions> = {}) {
  let time = 0;
  const gate = createRateLimitGate({ now: () => time, random: () => 0.5, ...options });
  /** Reserves and insists it went through. */
  const taken = (job?: { queuedAt: number }) => {
    const place = gate.reserve(job);
    if (!place.ok) throw new Error(`expected a place, got ${JSON.stringify(place)}`);
    return place;
  };
  return {
    gate,
    at: (ms: number) => {
      time = ms;
    },
    take: (job?: { queuedAt: number }): Release => taken(job).release,
    /** As take, for an answer whose outcome is then kept: its place stays taken until settled. */
    takeToKeep: (): Answered => taken().answered,
  };
}

const refusal = (place: Reservation) => (place.ok ? 'ok' : place);
const limits = (limit: number, remaining: number, extra: RateLimitState = {}): RateLimitState => ({ limit, remaining, ...extra });

describe('before the server has been heard', () => {
  it('sends one request, then as many at once as the server has left, up to maxInFlight', () => {
    const { gate, take } = gateAt({ maxInFlight: 3 });
    const first = take();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
    first(limits(60, 59), false);
    take();
    take();
    take();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
  });

  it('counts an answer whose outcome is still being kept against maxInFlight until it is settled, and once only', () => {
    const { gate, takeToKeep } = gateAt({ maxInFlight: 2 });
    const settleFirst = takeToKeep()(limits(60, 59), false);
    expect(gate.reserve().ok).toBe(true);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
    settleFirst();
    expect(gate.reserve().ok).toBe(true);
    settleFirst();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
  });

  it("reads an answer's count at once, its place still taken: the window used up waits for its end, not for a place", () => {
    const { gate, takeToKeep } = gateAt({ maxInFlight: 4 });
    takeToKeep()(limits(2, 1, { resetSeconds: 5 }), false);
    takeToKeep()(limits(2, 0, { resetSeconds: 5 }), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 5_000 });
  });

  it('keeps to maxInFlight when the server sends no limit header at all', () => {
    const { gate, take } = gateAt({ maxInFlight: 2 });
    take()(undefined, false);
    take();
    take();
    expect(gate.reserve().ok).toBe(false);
  });
});

describe('the server\'s remaining count', () => {
  it('counts requests in flight against it', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    take()(limits(10, 3, { resetSeconds: 30 }), false);
    at(100);
    take();
    take();
    take();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight', waitMs: 29_900 });
  });

  it('at 0, waits for the window\'s end given by the reset header', () => {
    const { gate, at, take } = gateAt();
    at(1_000);
    take()(limits(10, 0, { resetSeconds: 12 }), false);
    at(4_000);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 9_000 });
    at(13_000);
    expect(gate.reserve().ok).toBe(true);
  });

  it('at 0 without a reset, waits for the assumed window counted from the answer that opened it', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    at(100);
    const releases = Array.from({ length: 1 }, () => take());
    at(150);
    releases[0]?.(limits(3, 2), false);
    const second = take();
    const third = take();
    at(5_000);
    second(limits(3, 1), false);
    third(limits(3, 0), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 150 + 60_000 - 5_000 });
    at(60_149);
    expect(gate.reserve().ok).toBe(false);
    at(60_150);
    expect(gate.reserve().ok).toBe(true);
  });

  it('takes a count that goes back up, for a request sent after the lower one was read, as a new window', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    take()(limits(10, 9), false);
    at(1_000);
    take()(limits(10, 2), false);
    at(2_000);
    // The server's window restarted early (it is shorter than assumed): 9 left, not 2.
    take()(limits(10, 9), false);
    const places = Array.from({ length: 10 }, () => gate.reserve());
    expect(places.filter((place) => place.ok)).toHaveLength(9);
  });

  it('does not believe a higher count from a request sent before the lower one was read', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    take()(limits(10, 9), false);
    const early = take();
    const late = take();
    at(500);
    late(limits(10, 1), false);
    early(limits(10, 7), false);
    expect(gate.reserve().ok).toBe(true);
    expect(refusal(gate.reserve())).toMatchObject({ ok: false });
  });

  it('lets an answer to a request sent before the last window ended confirm nothing: the first sent after it dates the new window', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10, assumedWindowMs: 10_000 });
    take()(limits(10, 9), false);
    at(9_000);
    const stale = take();
    // The estimated end (10 s) has passed; this answer may come from either window.
    at(10_010);
    stale(limits(10, 5), false);
    at(10_020);
    const probe = take();
    at(10_500);
    probe(limits(10, 4), false);
    const more = [take(), take(), take(), take()];
    at(10_600);
    more.forEach((release, index) => release(limits(10, 3 - index), false));
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 10_500 + 10_000 - 10_600 });
  });

  it('counts a request that got no answer as spent: the server may have counted it', () => {
    const { gate, take } = gateAt({ maxInFlight: 10 });
    take()(limits(10, 2), false);
    take()(undefined, false);
    expect(gate.reserve().ok).toBe(true);
    expect(gate.reserve().ok).toBe(false);
  });
});

/** A window of 10 requests and 3 s, opened at 5 ms by the request sent at 0, its reset rounded up as the stand-in rounds it. */
function openedWindow() {
  const gated = gateAt({ maxInFlight: 10 });
  const opener = gated.take();
  gated.at(10);
  opener(limits(10, 9, { resetSeconds: 3 }), false);
  return gated;
}

describe('a reset in whole seconds', () => {
  it("ends the window at its opening request's reset, not at a later answer's rounded up", () => {
    const { gate, at, take } = openedWindow();
    // Read 0.8 s in: 2.2 s left, said as 3.
    at(800);
    take()(limits(10, 0, { resetSeconds: 3 }), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 2_210 });
    at(3_010);
    expect(gate.reserve().ok).toBe(true);
  });

  it('takes a later reset in full when it is more than a second past the opener\'s: no rounding explains it', () => {
    const { gate, at, take } = openedWindow();
    at(800);
    take()(limits(10, 0, { resetSeconds: 5 }), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 5_000 });
  });

  it.each([['opener', 'later'] as const, ['later', 'opener'] as const])('comes to the same end whichever answer comes first (%s first)', (first, second) => {
    const { gate, at, take } = openedWindow();
    // The next window: its opener and another request in flight at once, answered together.
    at(3_010);
    const answers = { opener: take(), later: take() };
    const said = { opener: limits(10, 9, { resetSeconds: 3 }), later: limits(10, 0, { resetSeconds: 5 }) };
    at(3_800);
    answers[first](said[first], false);
    answers[second](said[second], false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 5_000 });
  });

  it("a window another client opened while the opener's still runs here: waits for that window's end, not a second less", () => {
    // The server's window ends at 3 s; its opener was answered late (at 400 ms), so here it ends at 3.4 s.
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    const opener = take();
    at(400);
    opener(limits(10, 9, { resetSeconds: 3 }), false);
    // Another client opens the next window at 3.01 s (to 6.01 s) and spends six; four sent here at 3.05 s land in it.
    at(3_050);
    const four = [take(), take(), take(), take()];
    at(3_100);
    for (const [index, release] of four.entries()) release(limits(10, 3 - index, { resetSeconds: 3 }), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 3_000 });
    at(6_010);
    expect(gate.reserve().ok).toBe(false);
    at(6_100);
    expect(gate.reserve().ok).toBe(true);
  });

  it('without its opening request heard (a window another client opened), waits for the latest reset', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 10 });
    const first = take();
    at(10);
    first(limits(10, 5, { resetSeconds: 3 }), false);
    at(800);
    take()(limits(10, 0, { resetSeconds: 3 }), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 3_000 });
  });
});

/** `count` tries from `from`, each refused with no header and each sent as soon as the gate lets it: when each went. */
function refusedInARow(count: number, { gate, at }: ReturnType<typeof gateAt>, from = 0): number[] {
  const sentAt: number[] = [];
  let time = from;
  at(time);
  while (sentAt.length < count) {
    const place = gate.reserve();
    if (place.ok) {
      sentAt.push(time);
      place.release(undefined, true);
    } else if (place.reason === 'wait') at((time += place.waitMs));
    else throw new Error(`expected a place or a wait, got ${JSON.stringify(place)}`);
  }
  return sentAt;
}

describe('a 429', () => {
  it('with Retry-After: waits exactly that, then sends one request at a time until one succeeds', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 4 });
    take()(limits(10, 5), false);
    at(1_000);
    take()(limits(10, 0, { retryAfterSeconds: 7 }), true);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 7_000 });
    at(8_000);
    const probe = take();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
    probe(limits(10, 9), false);
    take();
    take();
    expect(gate.reserve().ok).toBe(true);
  });

  it('for a request sent before the last window ended, does not cut the current window short', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 4 });
    take()(limits(4, 3, { resetSeconds: 10 }), false);
    at(9_000);
    const stale = take();
    at(10_000);
    const fresh = [take(), take(), take()];
    at(10_100);
    fresh.forEach((release, index) => release(limits(4, 3 - index), false));
    // Its Retry-After speaks of the window that ended at 10 s; the new one has no room until a window after 10.1 s
    // (10 s at the most, measured from the first answer: its window, opened by it, ended at its reset).
    at(10_200);
    stale(limits(4, 0, { retryAfterSeconds: 1 }), true);
    at(11_200);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 10_100 + 10_000 - 11_200 });
  });

  it('with only a reset header: waits for the reset', () => {
    const { gate, take } = gateAt();
    take()({ resetSeconds: 4 }, true);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 4_000 });
  });

  it("measures the window from the reset its opening request was answered with: a tabs run plans with it", () => {
    const { gate, at, take } = gateAt({ maxInFlight: 1 });
    at(1_000);
    const opener = take();
    at(1_050);
    opener(limits(5, 4, { resetSeconds: 3 }), false);
    expect(gate.snapshot()).toMatchObject({ limit: 5, windowMs: 3_050, measuredOnce: true });
  });

  it('measures the window from its Retry-After, and uses that length for the next window', () => {
    const { gate, at, take } = gateAt({ maxInFlight: 1 });
    at(1_000);
    const opener = take();
    at(1_050);
    opener(limits(5, 4), false);
    // Another client spends the rest; a request refused at 2 s is told to come back in 2 s: the window is 3 s.
    at(2_000);
    take()(limits(5, 0, { retryAfterSeconds: 2 }), true);
    at(4_000);
    const next = take();
    at(4_050);
    next(limits(5, 4), false);
    at(4_100);
    take()(limits(5, 0), false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 4_050 + 3_000 - 4_100 });
  });

  it('without any header: backs off with full jitter, doubling, never past a window from the refusal, then from the first step; and after a success', () => {
    const randoms = [0.999, 0.999, 0.999, 0.999, 0.999, 0.999, 0.25];
    const gated = gateAt({ random: () => randoms.shift() ?? 0, baseBackoffMs: 1_000, assumedWindowMs: 10_000 });
    // The fourth step (up to 8 s) would pass the 10 s after the first refusal: it waits until then; refused then, a new
    // window's steps start again from 1 s (no one waits a whole window at each refusal).
    expect(refusedInARow(8, gated).map(Math.round)).toEqual([0, 999, 2_997, 6_993, 10_000, 10_999, 12_997, 16_993]);
    gated.at(20_000);
    gated.take()(undefined, false);
    gated.take()(undefined, true);
    expect(refusal(gated.gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 250 });
  });

  it('without any header, at the least likely jitter: the eighth try comes only once the window the first refusal met is over', () => {
    // With full jitter alone, seven steps drawn near nothing spent all eight tries within a second, inside a minute's window.
    expect(refusedInARow(8, gateAt({ random: () => 0 }))).toEqual([0, 0, 0, 0, 0, 0, 0, 60_000]);
  });

  it('without any header: the window assumed, not one measured (such a 429 is a proxy’s), bounds the backoff', () => {
    for (const resetSeconds of [1, 3_600]) {
      const gated = gateAt({ random: () => 0 });
      // The opener's reset measures the API's window: a second, or an hour.
      gated.take()(limits(5, 4, { resetSeconds }), false);
      expect(gated.gate.snapshot().windowMs).toBe(resetSeconds * 1000);
      const from = resetSeconds * 1000;
      expect(refusedInARow(8, gated, from)).toEqual([0, 0, 0, 0, 0, 0, 0, 60_000].map((at) => from + at));
    }
  });

  it('a try that got no answer at all ends no caution a 429 taught: one at a time and the backoff hold until an answer comes', () => {
    const randoms = [0.999, 0.999, 0.999];
    const { gate, at, take } = gateAt({ random: () => randoms.shift() ?? 0.999, baseBackoffMs: 1_000, maxInFlight: 4 });
    take()(undefined, true);
    at(1_000);
    // The probe after the refusal gets no answer (the network failed): still one at a time.
    take()(undefined, false, true);
    const probe = take();
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
    // Refused again: the backoff's second step, not its first again.
    probe(undefined, true);
    expect(refusal(gate.reserve())).toMatchObject({ reason: 'wait', waitMs: 1_998 });
    at(3_000);
    // A real answer ends it: several at once, and the backoff back to its first step.
    take()(limits(10, 8), false);
    take();
    expect(gate.reserve().ok).toBe(true);
  });

  it('without any header: four refused at once are one step, not four', () => {
    const { gate, take } = gateAt({ random: () => 0.999, maxInFlight: 4 });
    take()(undefined, false);
    const inFlight = [take(), take(), take(), take()];
    for (const release of inFlight) release(undefined, true);
    expect(refusal(gate.reserve())).toMatchObject({ reason: 'wait', waitMs: 999 });
  });

  it('with a Retry-After of 0: backs off rather than retrying at once', () => {
    const { gate, take } = gateAt({ random: () => 0.999 });
    take()({ retryAfterSeconds: 0 }, true);
    expect(refusal(gate.reserve())).toMatchObject({ reason: 'wait', waitMs: 999 });
  });
});

describe('Retry-After on an answer that is not a 429', () => {
  it('is honoured (RFC 9110 gives it to 503 too)', () => {
    const { gate, take } = gateAt();
    take()({ retryAfterSeconds: 20 }, false);
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 20_000 });
  });
});

describe('the bound on a job\'s wait', () => {
  it('says when waiting would take a job past maxWaitMs from its queuing', () => {
    const { gate, at, take } = gateAt({ maxWaitMs: 120_000 });
    at(10_000);
    take()(limits(60, 0, { resetSeconds: 100 }), false);
    expect(refusal(gate.reserve({ queuedAt: 10_000 }))).toEqual({ ok: false, reason: 'wait', waitMs: 100_000 });
    expect(refusal(gate.reserve({ queuedAt: 0 }))).toEqual({ ok: false, reason: 'wait', waitMs: 100_000 });
    expect(refusal(gate.reserve({ queuedAt: -10_001 }))).toEqual({ ok: false, reason: 'too-long', waitMs: 100_000 });
    expect(refusal(gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 100_000 });
  });

  it("takes a job's own bound over the gate's: a tabs run's fits its size", () => {
    const { gate, take } = gateAt({ maxWaitMs: 120_000 });
    take()({ retryAfterSeconds: 600 }, true);
    expect(refusal(gate.reserve({ queuedAt: 0, maxWaitMs: 600_000 }))).toEqual({ ok: false, reason: 'wait', waitMs: 600_000 });
    expect(refusal(gate.reserve({ queuedAt: 0, maxWaitMs: 599_999 }))).toEqual({ ok: false, reason: 'too-long', waitMs: 600_000 });
    expect(refusal(gate.reserve({ queuedAt: 0, maxWaitMs: undefined }))).toEqual({ ok: false, reason: 'too-long', waitMs: 600_000 });
  });

  it('applies to a Retry-After the same way', () => {
    const { gate, take } = gateAt({ maxWaitMs: 120_000 });
    take()({ retryAfterSeconds: 600 }, true);
    expect(refusal(gate.reserve({ queuedAt: 0 }))).toEqual({ ok: false, reason: 'too-long', waitMs: 600_000 });
  });

  it('lets a job go whose bound has passed when the gate is open: only waiting is bounded', () => {
    const { gate, at } = gateAt({ maxWaitMs: 1_000 });
    at(5_000);
    expect(gate.reserve({ queuedAt: 0 }).ok).toBe(true);
  });
});

it('refuses to be released twice: a queue that does so has lost count', () => {
  const { take } = gateAt();
  const release = take();
  release(undefined, false);
  expect(() => release(undefined, false)).toThrow('released twice');
});

describe('a queue through the gate, against the stand-in\'s RateLimiter on a simulated clock', () => {
  const headersModes: ServerHeaders[] = ['full', 'contract'];

  it.each(headersModes)('20 jobs against 10 per window (%s headers): no window exceeded, no 429, done early in the second window', (headers) => {
    const report = simulateQueue({ jobs: 20, limit: 10, windowMs: 60_000, headers, roundTripMs: () => 80 });
    expect(report).toMatchObject({ succeeded: 20, tooLong: 0, refusals: 0 });
    expect(report.windows).toEqual([{ accepted: 10, refused: 0 }, { accepted: 10, refused: 0 }]);
    expect(report.finishedAt).toBeGreaterThan(60_000);
    expect(report.finishedAt).toBeLessThan(63_000);
  });

  it.each(headersModes)('100 jobs at 60 per window (%s headers): within 5 %% of the least the limit allows, with no 429', (headers) => {
    const report = simulateQueue({ jobs: 100, limit: 60, windowMs: 60_000, headers, roundTripMs: () => 50 });
    expect(report).toMatchObject({ succeeded: 100, refusals: 0 });
    // The 61st request cannot be counted before the first window's minute is over.
    const least = 60_000;
    expect(report.finishedAt).toBeLessThanOrEqual(least * 1.05);
  });

  it("1,000 jobs at 60 per 3-s window: each window opens at its opener's reset, not up to a second after it, with no 429", () => {
    const report = simulateQueue({ jobs: 1_000, limit: 60, windowMs: 3_000, headers: 'full', roundTripMs: () => 12 });
    expect(report).toMatchObject({ succeeded: 1_000, refusals: 0 });
    expect(report.windows.every((window) => window.accepted === 60 || window.accepted === 40)).toBe(true);
    // The 17th window cannot open before 16 windows of 3 s are over.
    expect(report.finishedAt).toBeLessThanOrEqual(48_000 * 1.02);
  });

  it.each(headersModes)('never provokes a 429 with latencies from 10 ms to 2 s, out of order (%s headers)', (headers) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      const report = simulateQueue({
        jobs: 150,
        limit: 10,
        windowMs: 5_000,
        headers,
        roundTripMs: () => 10 + random() * 1_990,
        // With the reset header the gate needs no assumption about the window's length.
        gate: { maxInFlight: 6, maxWaitMs: Number.POSITIVE_INFINITY, ...(headers === 'contract' ? { assumedWindowMs: 5_000 } : {}) },
      });
      expect({ seed, refusals: report.refusals, succeeded: report.succeeded }).toEqual({ seed, refusals: 0, succeeded: 150 });
    }
  });

  it('with only the contract\'s headers and a window longer than assumed: one 429, then the window is measured and none again', () => {
    const report = simulateQueue({
      jobs: 40,
      limit: 10,
      windowMs: 90_000,
      headers: 'contract',
      roundTripMs: () => 50,
      gate: { maxWaitMs: Number.POSITIVE_INFINITY },
    });
    expect(report.succeeded).toBe(40);
    expect(report.refusals).toBe(1);
    expect(report.windows.map((window) => window.accepted)).toEqual([10, 10, 10, 10]);
  });

  it('with no header at all: backs off through the refusals and finishes every job within the bound', () => {
    const report = simulateQueue({ jobs: 20, limit: 10, windowMs: 60_000, headers: 'none', roundTripMs: () => 50, gate: { random: seededRandom(7) } });
    expect(report).toMatchObject({ succeeded: 20, tooLong: 0 });
    expect(report.refusals).toBeGreaterThan(0);
    expect(report.longestWaitMs).toBeLessThanOrEqual(120_000);
    expect(report.windows.every((window) => window.accepted <= 10)).toBe(true);
  });

  it('fails the jobs that would wait past the bound, and only those', () => {
    const report = simulateQueue({ jobs: 30, limit: 10, windowMs: 60_000, headers: 'full', roundTripMs: () => 50 });
    // 10 now, 10 after a minute, and the last 10 would go after two: past the 2-minute bound.
    expect(report).toMatchObject({ succeeded: 20, tooLong: 10, refusals: 0 });
  });
});

describe("what a gate knows outlives it (a stopped worker's gate, restored by the next)", () => {
  it('a used-up window stays used up until its end, through JSON as storage.session keeps it', () => {
    const { gate, take, at } = gateAt({ assumedWindowMs: 3_000 });
    at(1_000);
    take()(limits(2, 1, { resetSeconds: 3 }), false);
    take()(limits(2, 0, { resetSeconds: 3 }), false);
    const kept = JSON.parse(JSON.stringify(gate.snapshot())) as ReturnType<typeof gate.snapshot>;
    const next = gateAt({ assumedWindowMs: 3_000, restore: kept });
    next.at(2_000);
    expect(refusal(next.gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 2_000 });
    next.at(4_000);
    // The window is over: one request, to hear the server again.
    next.take();
    expect(refusal(next.gate.reserve())).toEqual({ ok: false, reason: 'in-flight' });
  });

  it('counts the requests in flight when it was taken as spent, and keeps a pause the server asked for', () => {
    const { gate, take, at } = gateAt({ assumedWindowMs: 3_000 });
    at(0);
    take()(limits(5, 3, { resetSeconds: 3 }), false);
    take();
    take();
    const restored = gateAt({ assumedWindowMs: 3_000, restore: gate.snapshot() });
    restored.at(100);
    // Three left, two of them maybe spent by the requests cut off: one may go, then it waits for the window's end.
    restored.take()(limits(5, 0, { resetSeconds: 3 }), false);
    expect(refusal(restored.gate.reserve())).toMatchObject({ ok: false, reason: 'wait' });

    const paused = gateAt();
    paused.at(0);
    paused.take()(limits(60, 0, { retryAfterSeconds: 20 }), true);
    const afterPause = gateAt({ restore: JSON.parse(JSON.stringify(paused.gate.snapshot())) });
    afterPause.at(5_000);
    expect(refusal(afterPause.gate.reserve())).toEqual({ ok: false, reason: 'wait', waitMs: 15_000 });
  });

  it('keeps the window that 429s without advice met: the backoff ends with it, not a window after the restart', () => {
    const first = gateAt({ random: () => 0 });
    expect(refusedInARow(3, first)).toEqual([0, 0, 0]);
    const next = gateAt({ random: () => 0, restore: JSON.parse(JSON.stringify(first.gate.snapshot())) });
    // The seventh refusal in a row waits for the end of the minute the first met, at 60 s.
    expect(refusedInARow(5, next, 10_000)).toEqual([10_000, 10_000, 10_000, 10_000, 60_000]);
  });
});
