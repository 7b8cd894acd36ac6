// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REASONABLE_WAIT_SECONDS, readRateLimitState } from './rate-limit-headers';

/** The most a field may hold: a wait is at most a day. */
const ceiling = (field: string) => (field.endsWith('Seconds') ? MAX_REASONABLE_WAIT_SECONDS : Number.MAX_SAFE_INTEGER);

describe('readRateLimitState (properties)', () => {
  it('never throws, and gives only whole numbers from 0, waits of at most a day (property)', () => {
    const names = fc.constantFrom('x-ratelimit-limit', 'X-RateLimit-Remaining', 'x-ratelimit-reset', 'RateLimit-Reset', 'Retry-After', 'Date');
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9'), minLength: 1, maxLength: 13 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.dictionary(names, value), fc.integer({ min: 0, max: 4_102_444_800_000 }), (headers, now) => {
        // No state at all is an answer too (no header it could read); a state has only whole numbers from 0.
        const fields = Object.entries(readRateLimitState(new Headers(headers), now) ?? {});
        expect(fields.filter(([field, number]) => !Number.isInteger(number) || number < 0 || number > ceiling(field))).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });
});
