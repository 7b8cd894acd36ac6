const WINDOW_MS = 60_000;

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Per-token fixed one-minute windows, the throttle the contract describes
 * (default 60 a minute). A window starts with the token's first request in it.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for the token and says whether it is within the limit. */
  hit(token: string): RateLimitVerdict {
    const window = this.currentWindow(token);
    window.count += 1;
    return this.verdict(window, window.count <= this.limit);
  }

  /** The token's state without counting anything (for responses that never reach the throttle). */
  peek(token: string | undefined): RateLimitVerdict {
    const window = token === undefined ? undefined : this.windows.get(token);
    if (window === undefined || this.hasEnded(window)) {
      return { allowed: true, limit: this.limit, remaining: this.limit, retryAfterSeconds: WINDOW_MS / 1000 };
    }
    return this.verdict(window, window.count < this.limit);
  }

  reset(): void {
    this.windows.clear();
  }

  private currentWindow(token: string): Window {
    const existing = this.windows.get(token);
    if (existing !== undefined && !this.hasEnded(existing)) return existing;
    const fresh = { startedAt: this.now(), count: 0 };
    this.windows.set(token, fresh);
    return fresh;
  }

  private hasEnded(window: Window): boolean {
    return this.now() >= window.startedAt + WINDOW_MS;
  }

  private verdict(window: Window, allowed: boolean): RateLimitVerdict {
    const msLeft = window.startedAt + WINDOW_MS - this.now();
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
    };
  }
}
