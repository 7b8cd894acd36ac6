import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../tooling/stand-in/rate-limiter';

function limiterAt(limit: number, windowMs: number): { limiter: RateLimiter; advance: (ms: number) => void } {
  let now = 1_000_000;
  return { limiter: new RateLimiter({ limit, windowMs }, () => now), advance: (ms) => (now += ms) };
}

describe("the stand-in's RateLimiter", () => {
  it('opens a window with the first request and closes it exactly windowMs later', () => {
    const { limiter, advance } = limiterAt(2, 3_000);
    const first = limiter.hit('t');
    expect(first).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 3, window: { startedAt: 1_000_000, endsAt: 1_003_000 } });
    advance(2_999);
    const last = limiter.hit('t');
    expect(last).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 1, window: first.window });
    expect(limiter.hit('t')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    advance(1);
    const next = limiter.hit('t');
    expect(next).toMatchObject({ allowed: true, remaining: 1, window: { startedAt: 1_003_000 } });
    expect(next.window.id).not.toBe(first.window.id);
  });

  it('rounds the seconds to the window\'s end up, and gives Retry-After at least 1', () => {
    const { limiter, advance } = limiterAt(1, 3_000);
    limiter.hit('t');
    advance(500);
    expect(limiter.hit('t')).toMatchObject({ allowed: false, resetSeconds: 3, retryAfterSeconds: 3 });
    advance(1_000);
    expect(limiter.hit('t')).toMatchObject({ resetSeconds: 2, retryAfterSeconds: 2 });
    const short = limiterAt(1, 200).limiter;
    short.hit('t');
    expect(short.hit('t')).toMatchObject({ allowed: false, resetSeconds: 1, retryAfterSeconds: 1 });
  });

  it('keeps windows per token; peek counts nothing; reset() opens fresh windows with new ids', () => {
    const { limiter } = limiterAt(1, 60_000);
    const mine = limiter.hit('mine');
    expect(limiter.hit('yours')).toMatchObject({ allowed: true });
    expect(limiter.peek('mine')).toMatchObject({ remaining: 0, resetSeconds: 60 });
    expect(limiter.peek('nobody')).toMatchObject({ remaining: 1, resetSeconds: 60 });
    expect(limiter.peek(undefined)).toMatchObject({ remaining: 1 });
    limiter.reset();
    const again = limiter.hit('mine');
    expect(again.allowed).toBe(true);
    expect(again.window.id).toBeGreaterThan(mine.window.id);
  });

  it.each([
    [{ limit: -1, windowMs: 1_000 }],
    [{ limit: 1.5, windowMs: 1_000 }],
    [{ limit: 1, windowMs: 0 }],
    [{ limit: 1, windowMs: Number.NaN }],
  ])('refuses the policy %j', (policy) => {
    expect(() => new RateLimiter(policy)).toThrow(RangeError);
  });
});
