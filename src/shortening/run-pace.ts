import type { RunPace } from '../storage/session/bulk-run';

export type { RunPace };

/**
 * The pace a tabs run goes at (the server's limit: `limit` requests per
 * `windowMs`), and what follows from it: the least time a number of links
 * takes, and how long a run's links may wait. Shared by the worker, which
 * bounds the run's jobs, and the popup, which says how long it will take.
 */

/** The contract's documented limit, until the server has said its own: 60 requests a minute. */
export const CONTRACT_PACE: RunPace = { limit: 60, windowMs: 60_000 };

/** The pace to plan with: what the server said, where it said it, else the contract's. */
export function planningPace(known: { limit: number | undefined; windowMs: number }): RunPace {
  const limit = known.limit !== undefined && known.limit >= 1 ? known.limit : CONTRACT_PACE.limit;
  return { limit, windowMs: known.windowMs > 0 ? known.windowMs : CONTRACT_PACE.windowMs };
}

/**
 * The least time `links` requests take at this pace: a window opens with its
 * first request, so the first `limit` go at once and each further `limit` a
 * window later.
 */
export function leastTimeMs(links: number, pace: RunPace): number {
  return links <= 0 ? 0 : (Math.ceil(links / pace.limit) - 1) * pace.windowMs;
}

/** A single click's bound (the queue's own): two minutes from the click. */
export const CLICK_WAIT_BOUND_MS = 120_000;

/**
 * How long each link of a run may wait from the run's start: twice the least
 * time its links take, and a click's bound on top (a slower server than
 * believed, 429s, clicks that go first), so a run of any size ends rather
 * than waits for ever, and never fails for its size alone.
 */
export function runWaitBoundMs(links: number, pace: RunPace): number {
  return 2 * leastTimeMs(links, pace) + CLICK_WAIT_BOUND_MS;
}

/** Requests a minute at this pace, for the popup's words: whole from ten up, else to a tenth. */
export function perMinute(pace: RunPace): number {
  const rate = (pace.limit * 60_000) / pace.windowMs;
  return rate >= 10 ? Math.round(rate) : Math.round(rate * 10) / 10;
}
