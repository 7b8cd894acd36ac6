import type { RateLimitPolicy, RateLimitWindow } from './types';

/** The contract's default: 60 requests a minute. */
export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { limit: 60, windowMs: 60_000 };

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window ends, rounded up (for X-RateLimit-Reset); a full window when none is open. */
  resetSeconds: number;
  /** Whole seconds until the current window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

/** A verdict on a request that was counted, with the window it was counted in. */
export interface CountedVerdict extends RateLimitVerdict {
  window: RateLimitWindow;
}

interface Window extends RateLimitWindow {
  count: number;
}

/**
 * Per-token fixed windows, the throttle the contract describes (default 60 a
 * minute). A window starts with the token's first request in it and lasts
 * `windowMs`; tests shorten it (e.g. 5 per 3 s) so they take seconds.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  // Never reset, so a window's id stays unique for the stand-in's life (the request log groups by it).
  private nextWindowId = 1;

  constructor(
    private readonly policy: RateLimitPolicy = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(policy.limit) || policy.limit < 0) throw new RangeError(`rate limit must be a whole number, got ${policy.limit}`);
    if (!Number.isInteger(policy.windowMs) || policy.windowMs < 1) {
      throw new RangeError(`rate-limit window must be a positive whole number of ms, got ${policy.windowMs}`);
    }
  }

  /** Counts one request for the token and says whether it is within the limit. */
  hit(token: string): CountedVerdict {
    const window = this.currentWindow(token);
    window.count += 1;
    const { id, startedAt, endsAt } = window;
    return { ...this.verdict(window, window.count <= this.policy.limit), window: { id, startedAt, endsAt } };
  }

  /** The token's state without counting anything (for responses that never reach the throttle). */
  peek(token: string | undefined): RateLimitVerdict {
    const window = token === undefined ? undefined : this.windows.get(token);
    if (window === undefined || this.hasEnded(window)) {
      const { limit, windowMs } = this.policy;
      const wholeWindow = Math.ceil(windowMs / 1000);
      return { allowed: limit > 0, limit, remaining: limit, resetSeconds: wholeWindow, retryAfterSeconds: Math.max(1, wholeWindow) };
    }
    return this.verdict(window, window.count < this.policy.limit);
  }

  reset(): void {
    this.windows.clear();
  }

  private currentWindow(token: string): Window {
    const existing = this.windows.get(token);
    if (existing !== undefined && !this.hasEnded(existing)) return existing;
    const startedAt = this.now();
    const fresh = { id: this.nextWindowId, startedAt, endsAt: startedAt + this.policy.windowMs, count: 0 };
    this.nextWindowId += 1;
    this.windows.set(token, fresh);
    return fresh;
  }

  private hasEnded(window: Window): boolean {
    return this.now() >= window.endsAt;
  }

  private verdict(window: Window, allowed: boolean): RateLimitVerdict {
    const secondsLeft = Math.ceil((window.endsAt - this.now()) / 1000);
    return {
      allowed,
      limit: this.policy.limit,
      remaining: Math.max(0, this.policy.limit - window.count),
      resetSeconds: secondsLeft,
      retryAfterSeconds: Math.max(1, secondsLeft),
    };
  }
}
