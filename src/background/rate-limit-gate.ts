import type { RateLimitState } from '../api/rate-limit-headers';

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
 *   contract, which a Retry-After may later correct;
 * - on a 429 it waits what the server advised (Retry-After, else the reset),
 *   or, with no advice, backs off exponentially with full jitter, capped;
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
  /** The window length believed until a Retry-After measures it; default 60 s, the contract's "per minute". */
  assumedWindowMs?: number;
  /** The first backoff step after a 429 without advice; default 1 s, doubling with each. */
  baseBackoffMs?: number;
  /** The longest backoff step; default 30 s. */
  maxBackoffMs?: number;
  /** The longest a job may wait from its queuing to its request; default 2 minutes. */
  maxWaitMs?: number;
  /** Requests in flight at once, however many the server would take; default 4. */
  maxInFlight?: number;
  /** What an earlier gate for the same server knew (a stopped worker's: see snapshot()). */
  restore?: GateSnapshot;
}

/**
 * What a gate knows that outlives it, as plain data with absolute times
 * (Date.now()), so a worker started after another was stopped goes on from
 * what that one had heard instead of probing the server with a request it
 * may refuse. Requests in flight when it was taken may have counted at the
 * server: a restored gate counts them as spent, and sends one at a time until
 * it hears the server again.
 */
export interface GateSnapshot {
  limit?: number;
  windowMs: number;
  measuredOnce: boolean;
  blockedUntil?: number;
  refusalsInARow: number;
  inFlight: number;
  window?: { remaining: number; endsAt: number; endKnown: boolean; confirmed: boolean };
}

/**
 * Says how a reserved request ended: the rate-limit state of its answer
 * (undefined when it got none, or none readable), and whether it was a 429.
 * Call it exactly once, whatever happened.
 */
export type Release = (answer: RateLimitState | undefined, rateLimited: boolean) => void;

export type Reservation =
  | { ok: true; release: Release }
  /** The limit is used up (or the server asked for a pause): ask again in `waitMs`. */
  | { ok: false; reason: 'wait'; waitMs: number }
  /** Enough requests are in flight: ask again when one is released (or in `waitMs`, when the window's end is known). */
  | { ok: false; reason: 'in-flight'; waitMs?: number }
  /** Waiting `waitMs` would take the job past its bound: fail it. */
  | { ok: false; reason: 'too-long'; waitMs: number };

export interface RateLimitGate {
  /** Takes a place for one request now, if one may go. `queuedAt` (when the job was queued) enables the bound. */
  reserve(job?: { queuedAt: number }): Reservation;
  /** What it knows now, for a gate of a later worker (`restore`). */
  snapshot(): GateSnapshot;
}

interface Window {
  /** The fewest requests an answer in this window said were left. */
  remaining: number;
  /** The event at which that reading arrived: a request reserved after it that reads more was counted in a newer window. */
  lowestReadOrder: number;
  /** When the window ends at the latest. */
  endsAt: number;
  /** Whether the server gave the end (a reset header, a Retry-After), rather than it being estimated. */
  endKnown: boolean;
  /** Whether a request sent after the previous window's end was answered in it; until then `endsAt` is provisional. */
  confirmed: boolean;
}

/** A request's place: when it was sent, and its order among the gate's events (times can tie, orders cannot). */
interface Sent {
  at: number;
  order: number;
}

export function createRateLimitGate(options: RateLimitGateOptions): RateLimitGate {
  const { now, random } = options;
  const baseBackoffMs = options.baseBackoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  const maxInFlight = options.maxInFlight ?? 4;
  const { restore } = options;
  let windowMs = restore?.windowMs ?? options.assumedWindowMs ?? 60_000;
  let measuredOnce = restore?.measuredOnce ?? false;

  let events = 0;
  let limit: number | undefined = restore?.limit;
  // A restored window: its requests then in flight are counted as spent.
  let window: Window | undefined =
    restore?.window === undefined
      ? undefined
      : { ...restore.window, remaining: Math.max(0, restore.window.remaining - restore.inFlight), lowestReadOrder: 0 };
  // Requests sent at or after this time cannot have counted in a window that is over.
  let boundary = Number.NEGATIVE_INFINITY;
  // The latest request answered with limit − 1: the first of its window, which so opened after it was sent.
  let opener: { sentAt: number; answeredOrder: number } | undefined;
  let blockedUntil = restore?.blockedUntil ?? Number.NEGATIVE_INFINITY;
  let inFlight = 0;
  // One request at a time until one reserved after this event is answered without a 429:
  // at first, after a 429, and after a window whose end was only estimated.
  let oneAtATimeUntilAfter: number | undefined = 0;
  let refusalsInARow = restore?.refusalsInARow ?? 0;
  let lastRefusalOrder = Number.NEGATIVE_INFINITY;

  function rollOver(time: number): void {
    if (window === undefined || time < window.endsAt) return;
    boundary = window.endsAt;
    if (!window.endKnown) oneAtATimeUntilAfter = events;
    window = undefined;
  }

  function decide(time: number): Extract<Reservation, { ok: false }> | 'go' {
    if (time < blockedUntil) return { ok: false, reason: 'wait', waitMs: blockedUntil - time };
    if (window !== undefined && window.remaining - inFlight <= 0) {
      const waitMs = window.endsAt - time;
      return window.remaining === 0 ? { ok: false, reason: 'wait', waitMs } : { ok: false, reason: 'in-flight', waitMs };
    }
    // A limit below one says nothing a request could keep to (nothing would ever go, and nothing in flight would wake the queue):
    // the remaining count and the 429s govern then.
    const room = Math.min(limit !== undefined && limit >= 1 ? limit : Number.POSITIVE_INFINITY, oneAtATimeUntilAfter === undefined ? maxInFlight : 1);
    return inFlight < room ? 'go' : { ok: false, reason: 'in-flight' };
  }

  function reserve(job?: { queuedAt: number }): Reservation {
    const time = now();
    rollOver(time);
    const decision = decide(time);
    if (decision !== 'go') {
      const tooLong = job !== undefined && decision.reason === 'wait' && time + decision.waitMs - job.queuedAt > maxWaitMs;
      return tooLong ? { ok: false, reason: 'too-long', waitMs: decision.waitMs } : decision;
    }
    inFlight += 1;
    events += 1;
    const sent: Sent = { at: time, order: events };
    let released = false;
    return {
      ok: true,
      release(answer, rateLimited) {
        if (released) throw new Error('rate-limit gate: a reservation was released twice');
        released = true;
        inFlight -= 1;
        events += 1;
        learn(answer, rateLimited, sent, now());
      },
    };
  }

  function learn(answer: RateLimitState | undefined, rateLimited: boolean, sent: Sent, time: number): void {
    rollOver(time);
    if (answer?.limit !== undefined) limit = answer.limit;
    if (answer?.remaining !== undefined) readRemaining(answer.remaining, answer.resetSeconds, sent, time);
    // No count came back (no answer, or none readable): the request may still have counted.
    else if (window !== undefined) window.remaining = Math.max(0, window.remaining - 1);

    if (rateLimited) {
      refused(answer, sent, time);
      return;
    }
    if (oneAtATimeUntilAfter !== undefined && sent.order > oneAtATimeUntilAfter) oneAtATimeUntilAfter = undefined;
    if (sent.order > lastRefusalOrder) refusalsInARow = 0;
    // RFC 9110 gives Retry-After to a 503 as well: honoured whatever the status.
    const pause = positiveSeconds(answer?.retryAfterSeconds);
    if (pause !== undefined) blockedUntil = Math.max(blockedUntil, time + pause * 1000);
  }

  function readRemaining(remaining: number, resetSeconds: number | undefined, sent: Sent, time: number): void {
    const resetEnd = resetSeconds === undefined ? undefined : time + resetSeconds * 1000;
    let inThisWindow = sent.at >= boundary;
    // The count went back up for a request reserved after the lower one was read: the server opened a new window.
    if (window !== undefined && sent.order > window.lowestReadOrder && remaining > window.remaining) {
      boundary = time;
      window = undefined;
      inThisWindow = true;
    }
    if (limit !== undefined && remaining === limit - 1 && (opener === undefined || sent.at > opener.sentAt)) {
      opener = { sentAt: sent.at, answeredOrder: events };
    }
    // This request counted in the window, which so opened before this answer and ends a window later at the latest.
    const end = resetEnd ?? time + windowMs;
    if (window === undefined) {
      window = { remaining, lowestReadOrder: events, endsAt: end, endKnown: resetEnd !== undefined, confirmed: inThisWindow };
      return;
    }
    if (remaining < window.remaining) {
      window.remaining = remaining;
      window.lowestReadOrder = events;
    }
    if (!window.confirmed && inThisWindow) {
      window.confirmed = true;
      window.endsAt = Math.max(window.endsAt, end);
      window.endKnown = resetEnd !== undefined;
    } else if (resetEnd !== undefined) {
      window.endsAt = Math.max(window.endsAt, resetEnd);
      window.endKnown = true;
    }
  }

  function refused(answer: RateLimitState | undefined, sent: Sent, time: number): void {
    const fresh = sent.order > lastRefusalOrder;
    oneAtATimeUntilAfter = events;
    lastRefusalOrder = events;
    const adviceSeconds = positiveSeconds(answer?.retryAfterSeconds) ?? positiveSeconds(answer?.resetSeconds);
    if (adviceSeconds === undefined) {
      // Only a refusal of a request sent after the last one was heard adds a step: four refused at once are one.
      if (!fresh) return;
      refusalsInARow += 1;
      const ceiling = Math.min(maxBackoffMs, baseBackoffMs * 2 ** (refusalsInARow - 1));
      blockedUntil = Math.max(blockedUntil, time + random() * ceiling);
      return;
    }
    const until = time + adviceSeconds * 1000;
    blockedUntil = Math.max(blockedUntil, until);
    if (window !== undefined && sent.at >= boundary) {
      window.remaining = 0;
      window.endsAt = until;
      window.endKnown = true;
    }
    // The window that refused opened after the opener was sent (or is a later one): it lasts at most this.
    // Each such measure is an upper bound, so the smallest is kept; the assumed length is not one.
    if (opener !== undefined && sent.order > opener.answeredOrder) {
      const measured = until - opener.sentAt;
      windowMs = measuredOnce ? Math.min(windowMs, measured) : measured;
      measuredOnce = true;
    }
  }

  function snapshot(): GateSnapshot {
    rollOver(now());
    return {
      ...(limit === undefined ? {} : { limit }),
      windowMs,
      measuredOnce,
      // JSON has no infinities: "never blocked" is no value.
      ...(Number.isFinite(blockedUntil) ? { blockedUntil } : {}),
      refusalsInARow,
      inFlight,
      ...(window === undefined ? {} : { window: { remaining: window.remaining, endsAt: window.endsAt, endKnown: window.endKnown, confirmed: window.confirmed } }),
    };
  }

  return { reserve, snapshot };
}

function positiveSeconds(seconds: number | undefined): number | undefined {
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}
