import { describe, expect, it } from 'vitest';
import { MAX_REASONABLE_WAIT_SECONDS, readRateLimitState } from './rate-limit-headers';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const read = (headers: Record<string, string>, now = NOW) => readRateLimitState(new Headers(headers), now);

describe('readRateLimitState', () => {
  it('reads limit, remaining, reset and Retry-After, header names in any letter case', () => {
    expect(read({ 'X-RATELIMIT-LIMIT': '60', 'x-ratelimit-remaining': '7', 'X-RateLimit-Reset': '42', 'retry-AFTER': '30' })).toEqual({
      limit: 60,
      remaining: 7,
      resetSeconds: 42,
      retryAfterSeconds: 30,
    });
  });

  it('is undefined when no limit header is there (or none is readable), and leaves out what is missing', () => {
    expect(read({})).toBeUndefined();
    expect(read({ 'content-type': 'application/json' })).toBeUndefined();
    expect(read({ 'x-ratelimit-limit': 'many', 'retry-after': 'soon' })).toBeUndefined();
    expect(read({ 'x-ratelimit-remaining': '0' })).toEqual({ remaining: 0 });
  });

  it('takes the unprefixed RateLimit-* names when the X- ones are absent, and prefers the X- ones', () => {
    expect(read({ 'RateLimit-Limit': '100', 'RateLimit-Remaining': '99', 'RateLimit-Reset': '50' })).toEqual({ limit: 100, remaining: 99, resetSeconds: 50 });
    expect(read({ 'X-RateLimit-Limit': '60', 'RateLimit-Limit': '100' })).toEqual({ limit: 60 });
  });

  it.each([
    ['-1'],
    ['1.5'],
    ['1e3'],
    ['60, 60'],
    ['0x10'],
    [''],
    ['9999999999'],
  ])('reads no count from %j', (value) => {
    expect(read({ 'x-ratelimit-limit': value, 'x-ratelimit-remaining': value })).toBeUndefined();
  });

  describe('the reset, which servers send in two forms', () => {
    it('is delta seconds up to 10^9', () => {
      expect(read({ 'x-ratelimit-reset': '0' })).toEqual({ resetSeconds: 0 });
      expect(read({ 'x-ratelimit-reset': ' 59 ' })).toEqual({ resetSeconds: 59 });
      expect(read({ 'x-ratelimit-reset': '1000000000' })).toEqual({ resetSeconds: MAX_REASONABLE_WAIT_SECONDS });
    });

    it('is an epoch second above 10^9, counted from the answer\'s Date header', () => {
      const serverDate = new Date(NOW).toUTCString();
      const epoch = String(NOW / 1000 + 42);
      expect(read({ 'x-ratelimit-reset': epoch, date: serverDate })).toEqual({ resetSeconds: 42 });
      // This machine's clock is 10 minutes fast: the server's clock still gives 42.
      expect(read({ 'x-ratelimit-reset': epoch, date: serverDate }, NOW + 600_000)).toEqual({ resetSeconds: 42 });
    });

    it('is counted from now when the Date header is missing or unreadable, rounded up and never negative', () => {
      expect(read({ 'x-ratelimit-reset': String(NOW / 1000 + 42) })).toEqual({ resetSeconds: 42 });
      expect(read({ 'x-ratelimit-reset': String(NOW / 1000 + 42) }, NOW + 500)).toEqual({ resetSeconds: 42 });
      expect(read({ 'x-ratelimit-reset': String(NOW / 1000 + 42), date: 'yesterday' })).toEqual({ resetSeconds: 42 });
      expect(read({ 'x-ratelimit-reset': String(NOW / 1000 - 5) })).toEqual({ resetSeconds: 0 });
      expect(read({ 'x-ratelimit-reset': String(NOW / 1000 + 3 * 86_400) })).toEqual({ resetSeconds: MAX_REASONABLE_WAIT_SECONDS });
    });

    it.each([['-3'], ['2.5'], ['soon'], [new Date(NOW + 5_000).toUTCString()], ['1234567890123']])('is unreadable as %j', (value) => {
      expect(read({ 'x-ratelimit-reset': value })).toBeUndefined();
    });
  });

  it('reads an HTTP-date Retry-After against the answer\'s Date header', () => {
    const headers = { 'retry-after': new Date(NOW + 30_000).toUTCString(), date: new Date(NOW).toUTCString() };
    expect(read(headers, NOW + 600_000)).toEqual({ retryAfterSeconds: 30 });
    expect(read({ 'retry-after': new Date(NOW + 30_000).toUTCString() })).toEqual({ retryAfterSeconds: 30 });
  });
});
