import { describe, expect, it } from 'vitest';
import { CLICK_WAIT_BOUND_MS, CONTRACT_PACE, leastTimeMs, perMinute, planningPace, runWaitBoundMs } from './run-pace';

describe("a tabs run's pace", () => {
  it('plans with what the server said, else the contract: 60 a minute', () => {
    expect(planningPace({ limit: 100, windowMs: 60_000 })).toEqual({ limit: 100, windowMs: 60_000 });
    expect(planningPace({ limit: undefined, windowMs: 60_000 })).toEqual(CONTRACT_PACE);
    // A limit below one says nothing a plan could keep to.
    expect(planningPace({ limit: 0, windowMs: 3_000 })).toEqual({ limit: 60, windowMs: 3_000 });
  });

  it('takes no time for what fits in the first window, a window more for each limit after', () => {
    expect(leastTimeMs(0, CONTRACT_PACE)).toBe(0);
    expect(leastTimeMs(60, CONTRACT_PACE)).toBe(0);
    expect(leastTimeMs(61, CONTRACT_PACE)).toBe(60_000);
    expect(leastTimeMs(312, CONTRACT_PACE)).toBe(5 * 60_000);
    expect(leastTimeMs(1_000, { limit: 60, windowMs: 3_000 })).toBe(16 * 3_000);
  });

  it("bounds a run's wait by its size: a small run as a click, a thousand links well past their least time", () => {
    expect(runWaitBoundMs(10, CONTRACT_PACE)).toBe(CLICK_WAIT_BOUND_MS);
    expect(runWaitBoundMs(1_000, CONTRACT_PACE)).toBe(2 * 16 * 60_000 + CLICK_WAIT_BOUND_MS);
  });

  it('says the rate per minute, whatever the window', () => {
    expect(perMinute(CONTRACT_PACE)).toBe(60);
    expect(perMinute({ limit: 5, windowMs: 3_000 })).toBe(100);
    expect(perMinute({ limit: 1, windowMs: 120_000 })).toBe(0.5);
    // A window measured from a reset header comes with the request's own latency.
    expect(perMinute({ limit: 5, windowMs: 3_050 })).toBe(98);
  });
});
