import type { RateLimitState } from '../../api/rate-limit-headers';
import type { GateSnapshot } from '../../storage/session/gate-snapshots';
import { advicelessBackoff, type RefusedWindow } from './adviceless-backoff';
import { ASSUMED_WINDOW_MS, RESET_RESOLUTION_MS, type Answered, type RateLimitGate, type RateLimitGateOptions, type Reservation, type Sent, type Window } from './gate-types';

/** One limit's gate (an account's on its server; see gate-types.ts for the model it keeps to). */
export function createRateLimitGate(options: RateLimitGateOptions): RateLimitGate {
  const { now, random, restore } = options;
  const baseBackoffMs = options.baseBackoffMs ?? 1_000;
  const [maxWaitMs, maxInFlight] = [options.maxWaitMs ?? 120_000, options.maxInFlight ?? 4];
  const assumedWindowMs = options.assumedWindowMs ?? ASSUMED_WINDOW_MS;
  let windowMs = restore?.windowMs ?? assumedWindowMs;
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
  // Answered, what came of the answer not yet on record: each still holds its place (maxInFlight), not the window's count.
  const unsettled = new Set<Sent>();
  // One request at a time until one reserved after this event is answered without a 429: at first, after a 429, and after a window whose end was only estimated.
  let oneAtATimeUntilAfter: number | undefined = 0;
  let refusalsInARow = restore?.refusalsInARow ?? 0;
  let lastRefusalOrder = Number.NEGATIVE_INFINITY;
  // The window the last refusal without advice met (adviceless-backoff.ts).
  let refusedWindow: RefusedWindow | undefined = restore?.refusedWindow;

  function rollOver(time: number): void {
    if (window === undefined || time < endOf(window)) return;
    boundary = endOf(window);
    if (!window.endKnown) oneAtATimeUntilAfter = events;
    window = undefined;
  }

  function decide(time: number): Extract<Reservation, { ok: false }> | 'go' {
    if (time < blockedUntil) return { ok: false, reason: 'wait', waitMs: blockedUntil - time };
    if (window !== undefined && window.remaining - inFlight <= 0) {
      const waitMs = endOf(window) - time;
      return window.remaining === 0 ? { ok: false, reason: 'wait', waitMs } : { ok: false, reason: 'in-flight', waitMs };
    }
    // A limit below one says nothing a request could keep to (nothing would ever go, and nothing in flight would wake the queue):
    // the remaining count and the 429s govern then.
    const room = Math.min(limit !== undefined && limit >= 1 ? limit : Number.POSITIVE_INFINITY, oneAtATimeUntilAfter === undefined ? maxInFlight : 1);
    return inFlight + unsettled.size < room ? 'go' : { ok: false, reason: 'in-flight' };
  }

  function reserve(job?: { queuedAt: number; maxWaitMs?: number | undefined }): Reservation {
    const time = now();
    rollOver(time);
    const decision = decide(time);
    if (decision !== 'go') {
      const tooLong = job !== undefined && decision.reason === 'wait' && time + decision.waitMs - job.queuedAt > (job.maxWaitMs ?? maxWaitMs);
      return tooLong ? { ok: false, reason: 'too-long', waitMs: decision.waitMs } : decision;
    }
    inFlight += 1;
    events += 1;
    const sent: Sent = { at: time, order: events };
    let released = false;
    const answered: Answered = (answer, rateLimited, unanswered = false) => {
      if (released) throw new Error('rate-limit gate: a reservation was released twice');
      released = true;
      inFlight -= 1;
      unsettled.add(sent);
      events += 1;
      learn(answer, rateLimited, unanswered, sent, now());
      return () => void unsettled.delete(sent);
    };
    return { ok: true, answered, release: (answer, rateLimited, unanswered) => answered(answer, rateLimited, unanswered)() };
  }

  function learn(answer: RateLimitState | undefined, rateLimited: boolean, unanswered: boolean, sent: Sent, time: number): void {
    rollOver(time);
    if (answer?.limit !== undefined) limit = answer.limit;
    if (answer?.remaining !== undefined) readRemaining(answer.remaining, answer.resetSeconds, sent, time);
    // No count came back (no answer, or none readable): the request may still have counted.
    else if (window !== undefined) window.remaining = Math.max(0, window.remaining - 1);
    if (rateLimited) {
      refused(answer, sent, time);
      return;
    }
    // No answer at all is no sign the server takes requests again: after a 429, one at a time and the backoff hold.
    if (unanswered) return;
    if (oneAtATimeUntilAfter !== undefined && sent.order > oneAtATimeUntilAfter) oneAtATimeUntilAfter = undefined;
    if (sent.order > lastRefusalOrder) [refusalsInARow, refusedWindow] = [0, undefined];
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
    // The answer to the request that opened a window (the first of its count); this window's, its reset read all of it.
    const firstOfItsWindow = limit !== undefined && remaining === limit - 1;
    const opens = firstOfItsWindow && inThisWindow && resetEnd !== undefined;
    if (firstOfItsWindow && (opener === undefined || sent.at > opener.sentAt)) {
      opener = { sentAt: sent.at, answeredOrder: events };
      // The window this request opened ends at the reset: it lasts at most from the request's sending to then
      // (an upper bound, as a refusal's measure is), which is what a tabs run plans its time with.
      if (resetEnd !== undefined) measureWindow(resetEnd - sent.at);
    }
    // This request counted in the window, which so opened before this answer and ends a window later at the latest.
    const end = resetEnd ?? time + windowMs;
    if (window === undefined) {
      window = { remaining, lowestReadOrder: events, endsAt: end, endKnown: resetEnd !== undefined, confirmed: inThisWindow, ...(opens ? { openerEnd: end } : {}) };
      return;
    }
    if (remaining < window.remaining) {
      window.remaining = remaining;
      window.lowestReadOrder = events;
    }
    if (opens) window.openerEnd = end;
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
      const backoff = advicelessBackoff(refusedWindow, refusalsInARow, time, { baseMs: baseBackoffMs, windowMs: assumedWindowMs, random });
      refusedWindow = backoff.window;
      blockedUntil = Math.max(blockedUntil, time + backoff.waitMs);
      return;
    }
    const until = time + adviceSeconds * 1000;
    blockedUntil = Math.max(blockedUntil, until);
    if (window !== undefined && sent.at >= boundary) {
      window.remaining = 0;
      window.endsAt = until;
      // The server's advice, not its opener's reset, says when this window ends.
      delete window.openerEnd;
      window.endKnown = true;
    }
    // The window that refused opened after the opener was sent (or is a later one): it lasts at most this.
    if (opener !== undefined && sent.order > opener.answeredOrder) measureWindow(until - opener.sentAt);
  }

  /** Each measure is an upper bound on the window's length: the smallest is kept (the assumed length is not one). */
  function measureWindow(measured: number): void {
    if (measured <= 0) return;
    windowMs = measuredOnce ? Math.min(windowMs, measured) : measured;
    measuredOnce = true;
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
      ...(window === undefined ? {} : { window: { remaining: window.remaining, endsAt: endOf(window), endKnown: window.endKnown, confirmed: window.confirmed } }),
      ...(refusedWindow === undefined ? {} : { refusedWindow }),
    };
  }

  return { reserve, snapshot };
}

/**
 * When the window ends. The reset comes in whole seconds: the answer to the request that opened the window read the
 * whole window, so its reset is the end; a later one, read part-way through a second, may say up to a second more.
 * A later reset past that second means the window is not what its opener said (another client's window, say): the
 * latest end any answer gave is taken then, as it is when the opener was not heard.
 */
function endOf(window: Window): number {
  return window.openerEnd !== undefined && window.endsAt - RESET_RESOLUTION_MS <= window.openerEnd ? window.openerEnd : window.endsAt;
}

const positiveSeconds = (seconds: number | undefined): number | undefined => (seconds !== undefined && seconds > 0 ? seconds : undefined);
