/**
 * What an answer says about the server's rate limit, read from any answer
 * (success included), so a scheduler can avoid a 429 rather than only react
 * to one. Every field is optional: the contract names X-RateLimit-Limit,
 * -Remaining and Retry-After; servers differ on the rest.
 */
export interface RateLimitState {
  limit?: number;
  remaining?: number;
  /** Seconds until the current window ends, from X-RateLimit-Reset or RateLimit-Reset. */
  resetSeconds?: number;
  /** Seconds to wait, from Retry-After (delay-seconds or an HTTP-date). */
  retryAfterSeconds?: number;
}

/** No wait a server announces is believed beyond a day. */
export const MAX_REASONABLE_WAIT_SECONDS = 24 * 60 * 60;

// A reset above this is an epoch second (GitHub: 10 digits since 2001), below it
// delta seconds (the IETF draft, and this project's stand-in). Laravel sends
// epoch seconds too, and only on a 429.
const EPOCH_SECONDS_FROM = 1e9;

/**
 * The rate-limit state of an answer, or undefined when it carries none of the
 * headers in a readable form. Header names match in any letter case (Headers
 * does that); X-RateLimit-* wins over the unprefixed RateLimit-* of the IETF
 * draft's earlier versions. Epoch times and HTTP-dates are measured against
 * the answer's own Date header when it has one, so a wrong clock here does not
 * stretch or cut the wait; otherwise against `now`.
 */
export function readRateLimitState(headers: Headers, now = Date.now()): RateLimitState | undefined {
  const serverNow = httpDate(headers.get('date')) ?? now;
  const state: RateLimitState = {};
  const limit = headerCount(either(headers, 'x-ratelimit-limit', 'ratelimit-limit'));
  if (limit !== undefined) state.limit = limit;
  const remaining = headerCount(either(headers, 'x-ratelimit-remaining', 'ratelimit-remaining'));
  if (remaining !== undefined) state.remaining = remaining;
  const resetSeconds = readReset(either(headers, 'x-ratelimit-reset', 'ratelimit-reset'), serverNow);
  if (resetSeconds !== undefined) state.resetSeconds = resetSeconds;
  const retryAfterSeconds = readRetryAfter(headers.get('retry-after'), serverNow);
  if (retryAfterSeconds !== undefined) state.retryAfterSeconds = retryAfterSeconds;
  return Object.keys(state).length === 0 ? undefined : state;
}

function either(headers: Headers, name: string, otherName: string): string | null {
  return headers.get(name) ?? headers.get(otherName);
}

/** A count of requests: digits only (a repeated header, "60, 60", is not one). */
function headerCount(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,9}\s*$/.test(value)) return undefined;
  return Number(value);
}

/** Delta seconds, or an epoch second converted to the seconds left (rounded up, never negative). */
function readReset(value: string | null, serverNow: number): number | undefined {
  const text = value?.trim();
  if (text === undefined || !/^\d{1,12}$/.test(text)) return undefined;
  const number = Number(text);
  const seconds = number > EPOCH_SECONDS_FROM ? Math.max(0, Math.ceil(number - serverNow / 1000)) : number;
  return Math.min(seconds, MAX_REASONABLE_WAIT_SECONDS);
}

/**
 * `Retry-After` is delay-seconds or an HTTP-date (RFC 9110 §10.2.3); anything
 * else is no advice. Date.parse alone would read "-5" or "0.1" as dates.
 */
function readRetryAfter(header: string | null, serverNow: number): number | undefined {
  const value = header?.trim();
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value), MAX_REASONABLE_WAIT_SECONDS);
  const date = httpDate(value);
  if (date === undefined) return undefined;
  return Math.min(Math.max(0, Math.ceil((date - serverNow) / 1000)), MAX_REASONABLE_WAIT_SECONDS);
}

// RFC 9110 §5.6.7: IMF-fixdate, the obsolete RFC 850 form, and asctime (which carries no zone but means GMT).
const GMT_DATE = /^[A-Z][a-z]+, \d\d[ -][A-Z][a-z]{2}[ -]\d\d(\d\d)? [\d:]{8} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d [\d:]{8} \d{4}$/;

function httpDate(header: string | null): number | undefined {
  const value = header?.trim();
  if (value === undefined) return undefined;
  const date = GMT_DATE.test(value) ? Date.parse(value) : ASCTIME_DATE.test(value) ? Date.parse(`${value} GMT`) : Number.NaN;
  return Number.isNaN(date) ? undefined : date;
}
