import type { RateLimitState } from '../../src/api/rate-limit-headers';
import type { RateLimitGateOptions } from '../../src/background/queue/gate-types';
import { createRateLimitGate } from '../../src/background/queue/rate-limit-gate';
import { RateLimiter, type CountedVerdict } from '../../tooling/stand-in/rate-limiter';

/**
 * A queue of shortening jobs run through the rate-limit gate against the
 * stand-in's own RateLimiter, on a simulated clock: minutes of traffic in
 * milliseconds, with latencies of any shape. The queue here is the smallest
 * that uses the gate as the real one will: it asks for a place for the job at
 * the head whenever a request ends or the gate's wait is over, puts a job
 * refused with 429 back at the head, and fails a job the gate says would wait
 * too long.
 */

/**
 * What the simulated server says of its limit:
 * - 'full': X-RateLimit-Limit, -Remaining and -Reset (delta seconds), and Retry-After on a 429 (the stand-in's default);
 * - 'contract': only what the contract documents, Limit and Remaining, and Retry-After on a 429;
 * - 'none': nothing at all, not even on a 429.
 */
export type ServerHeaders = 'full' | 'contract' | 'none';

export interface SimulationOptions {
  jobs: number;
  limit: number;
  windowMs: number;
  headers: ServerHeaders;
  /** Each request's round trip; the server counts it halfway. */
  roundTripMs: () => number;
  gate?: Partial<Omit<RateLimitGateOptions, 'now'>>;
}

export interface SimulationReport {
  /** When the last job ended, the clock having started at 0 with every job queued. */
  finishedAt: number;
  succeeded: number;
  tooLong: number;
  /** Requests the server answered with 429. */
  refusals: number;
  /** Per server window, in order: requests accepted and refused. */
  windows: { accepted: number; refused: number }[];
  /** The longest time from queuing to the request that succeeded. */
  longestWaitMs: number;
  /** When each request was sent. */
  sentAt: number[];
}

const MAX_EVENTS = 1_000_000;

export function simulateQueue(options: SimulationOptions): SimulationReport {
  const clock = new SimulatedClock();
  const server = new RateLimiter({ limit: options.limit, windowMs: options.windowMs }, () => clock.now);
  const gate = createRateLimitGate({ random: Math.random, ...options.gate, now: () => clock.now });
  const pending = Array.from({ length: options.jobs }, () => ({ queuedAt: 0 }));
  const windows = new Map<number, { accepted: number; refused: number }>();
  const report: SimulationReport = { finishedAt: 0, succeeded: 0, tooLong: 0, refusals: 0, windows: [], longestWaitMs: 0, sentAt: [] };
  const wakeUps = new Set<number>();

  const pump = (): void => {
    for (let job = pending[0]; job !== undefined; job = pending[0]) {
      const place = gate.reserve(job);
      if (place.ok) {
        pending.shift();
        send(job, place.release);
      } else if (place.reason === 'too-long') {
        pending.shift();
        report.tooLong += 1;
        report.finishedAt = clock.now;
      } else {
        if (place.waitMs !== undefined) wakeUpAt(clock.now + place.waitMs);
        return;
      }
    }
  };

  const wakeUpAt = (time: number): void => {
    if (wakeUps.has(time)) return;
    wakeUps.add(time);
    clock.at(time, () => {
      wakeUps.delete(time);
      pump();
    });
  };

  const send = (job: { queuedAt: number }, release: (answer: RateLimitState | undefined, rateLimited: boolean) => void): void => {
    const sentAt = clock.now;
    report.sentAt.push(sentAt);
    const roundTrip = options.roundTripMs();
    clock.at(sentAt + roundTrip / 2, () => {
      const verdict = server.hit('token');
      const tally = windows.get(verdict.window.id) ?? { accepted: 0, refused: 0 };
      if (verdict.allowed) tally.accepted += 1;
      else tally.refused += 1;
      windows.set(verdict.window.id, tally);
      clock.at(clock.now + roundTrip / 2, () => {
        release(answerHeaders(verdict, options.headers), !verdict.allowed);
        if (verdict.allowed) {
          report.succeeded += 1;
          report.longestWaitMs = Math.max(report.longestWaitMs, sentAt - job.queuedAt);
          report.finishedAt = clock.now;
        } else {
          report.refusals += 1;
          pending.unshift(job);
        }
        pump();
      });
    });
  };

  pump();
  clock.runAll();
  if (pending.length > 0) throw new Error(`simulation stalled with ${pending.length} jobs queued at ${clock.now} ms`);
  report.windows = [...windows.entries()].toSorted(([first], [second]) => first - second).map(([, tally]) => tally);
  return report;
}

function answerHeaders(verdict: CountedVerdict, headers: ServerHeaders): RateLimitState | undefined {
  if (headers === 'none') return undefined;
  const retryAfter = verdict.allowed ? {} : { retryAfterSeconds: verdict.retryAfterSeconds };
  const reset = headers === 'full' ? { resetSeconds: verdict.resetSeconds } : {};
  return { limit: verdict.limit, remaining: verdict.remaining, ...reset, ...retryAfter };
}

/** Events in time order (ties in the order they were scheduled); running one may schedule more. */
class SimulatedClock {
  now = 0;
  private events: { at: number; order: number; run: () => void }[] = [];
  private scheduled = 0;

  at(time: number, run: () => void): void {
    if (time < this.now) throw new Error(`simulated clock: an event at ${time} is in the past (now ${this.now})`);
    this.events.push({ at: time, order: this.scheduled, run });
    this.scheduled += 1;
  }

  runAll(): void {
    for (let count = 0; this.events.length > 0; count += 1) {
      if (count > MAX_EVENTS) throw new Error('simulated clock: too many events, something loops');
      let next = 0;
      this.events.forEach((event, index) => {
        const best = this.events[next];
        if (best !== undefined && (event.at < best.at || (event.at === best.at && event.order < best.order))) next = index;
      });
      const [event] = this.events.splice(next, 1);
      if (event === undefined) return;
      this.now = event.at;
      event.run();
    }
  }
}

/** A small seeded generator (mulberry32), so a simulation with random latencies is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
