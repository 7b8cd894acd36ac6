import type { RateLimitState } from '../../api/rate-limit-headers';
import type { GateSnapshot } from '../../storage/session/gate-snapshots';

/**
 * When the next request to the Shrtnr API may go, from what earlier answers
 * said (issue 11). Pure: no browser API, time and randomness injected, so the
 * queue that will use it is tested with a fake clock.
 *
 * The model is the contract's: a fixed window per token that opens with its
 * first request (Laravel's throttle, and the stand-in's), default 60 requests
 * a minute. Everything it believes errs late rather than early:
 * - it sends nothing the server said it will refuse: with `remaining` used up
 *   (requests in flight count against it) it waits for the window's end, from
 *   the reset header when there is one; otherwise from when the window opened
 *   (the answer to its first request) plus a window length assumed from the
 *   contract, which a measure may later correct (the opener's reset, a Retry-After);
 * - the reset comes in whole seconds, rounded whichever way the server rounds:
 *   the answer to the window's opening request read the whole window, so its
 *   reset is the window's end, unless a later answer's says more than a second
 *   (RESET_RESOLUTION_MS) more, which no rounding explains; then, and for a
 *   window whose opener it did not hear, the latest end any answer gave;
 * - on a 429 it waits what the server advised (Retry-After, else the reset),
 *   or, with no advice, backs off exponentially with full jitter, never past
 *   the assumed window after the first such refusal (adviceless-backoff.ts);
 * - a request that got no answer counts as spent; a count that goes back up,
 *   for a request sent after the lower count was read, is a new window;
 * - until it has heard the server, after any 429 and after a window whose end
 *   it only estimated, it sends one request at a time;
 * - it says when a job would wait longer than its bound in all, so the job
 *   can fail with its own message instead of waiting for ever.
 */
export interface RateLimitGateOptions {
  now: () => number;
  /** A number in [0, 1), for the jitter. */
  random: () => number;
  /** The window length believed until an answer measures it (the opener's reset, a Retry-After); default 60 s, the contract's "per minute". */
  assumedWindowMs?: number;
  /** The first backoff step after a 429 without advice; default 1 s, doubling with each (adviceless-backoff.ts). */
  baseBackoffMs?: number;
  /** The longest a job may wait from its queuing to its request; default 2 minutes. */
  maxWaitMs?: number;
  /**
   * Requests in flight at once, however many the server would take, counting those answered whose outcome is still
   * being kept (Answered); default 4. So a worker stopped at any moment has at most this many requests to send again.
   */
  maxInFlight?: number;
  /** What an earlier gate for the same limit (account and server) knew (a stopped worker's: see snapshot()). */
  restore?: GateSnapshot;
}

/** A reset header's resolution: whole seconds. */
export const RESET_RESOLUTION_MS = 1_000;

/** The window length a gate believes until the server measures it: the contract's "per minute". */
export const ASSUMED_WINDOW_MS = 60_000;

/**
 * Says how a reserved request ended: the rate-limit state of its answer
 * (undefined when it got none, or none readable), and whether it was a 429.
 * Call it exactly once, whatever happened.
 */
export type Release = (answer: RateLimitState | undefined, rateLimited: boolean, unanswered?: boolean) => void;

/**
 * Says how a reserved request ended, as Release does, at once; but its place stays taken until the function it
 * returns is called: when what came of the answer (a new link) is on record, and a worker stopped from then on
 * would not send it again.
 */
export type Answered = (answer: RateLimitState | undefined, rateLimited: boolean, unanswered?: boolean) => () => void;

export type Reservation =
  | { ok: true; release: Release; answered: Answered }
  /** The limit is used up (or the server asked for a pause): ask again in `waitMs`. */
  | { ok: false; reason: 'wait'; waitMs: number }
  /** Enough requests are in flight: ask again when one is released (or in `waitMs`, when the window's end is known). */
  | { ok: false; reason: 'in-flight'; waitMs?: number }
  /** Waiting `waitMs` would take the job past its bound: fail it. */
  | { ok: false; reason: 'too-long'; waitMs: number };

export interface RateLimitGate {
  /**
   * Takes a place for one request now, if one may go. `queuedAt` (when the
   * job was queued) enables the bound: the job's own `maxWaitMs` (a tabs
   * run's, which fits its size), else the gate's.
   */
  reserve(job?: { queuedAt: number; maxWaitMs?: number | undefined }): Reservation;
  /** What it knows now, for a gate of a later worker (`restore`). */
  snapshot(): GateSnapshot;
}

export interface Window {
  /** The fewest requests an answer in this window said were left. */
  remaining: number;
  /** The event at which that reading arrived: a request reserved after it that reads more was counted in a newer window. */
  lowestReadOrder: number;
  /** The latest end any answer in this window gave (or an estimate of it): see `endOf` in rate-limit-gate.ts. */
  endsAt: number;
  /** Whether the server gave the end (a reset header, a Retry-After), rather than it being estimated. */
  endKnown: boolean;
  /** Whether a request sent after the previous window's end was answered in it; until then `endsAt` is provisional. */
  confirmed: boolean;
  /** The end the reset of its opening request's answer gave, when that answer was heard (not kept past a worker's restart). */
  openerEnd?: number;
}

/** A request's place: when it was sent, and its order among the gate's events (times can tie, orders cannot). */
export interface Sent {
  at: number;
  order: number;
}
