// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advicelessBackoff, type RefusedWindow } from './adviceless-backoff';

const MINUTE = { baseMs: 1_000, windowMs: 60_000 };

/** `count` refusals in a row, each heard `answerMs` after its try, the next try sent as soon as the wait ends: when each try went, and the waits. */
function refusals(count: number, randoms: () => number, answerMs = 0): { sentAt: number[]; waits: number[] } {
  const sentAt: number[] = [];
  const waits: number[] = [];
  let window: RefusedWindow | undefined;
  let time = 0;
  for (let heard = 1; heard <= count; heard += 1) {
    sentAt.push(time);
    time += answerMs;
    const backoff = advicelessBackoff(window, heard, time, { ...MINUTE, random: randoms });
    window = backoff.window;
    waits.push(backoff.waitMs);
    time += backoff.waitMs;
  }
  return { sentAt: [...sentAt, time], waits };
}

const triesOf = (count: number, randoms: () => number): number[] => refusals(count, randoms).sentAt;

describe('the backoff after a 429 that gave no advice', () => {
  it('doubles its ceiling from the first step, with full jitter, while the window it met may last', () => {
    const randoms = [0.5, 0.5, 0.5];
    expect(triesOf(3, () => randoms.shift() ?? 0)).toEqual([0, 500, 1_500, 3_500]);
  });

  it('waits for the end of that window at the step that would pass it, then starts again from the first step', () => {
    // Every draw at its longest: 1, 2, 4, 8, 16 s (31 s in all), then 32 s would pass the minute: 29 s to its end.
    expect(triesOf(8, () => 0.999).map(Math.round)).toEqual([0, 999, 2_997, 6_993, 14_985, 30_969, 60_000, 60_999, 62_997]);
  });

  it('with no window known (a count restored without one): from the step the count had reached, to a window from now', () => {
    const { waitMs, window } = advicelessBackoff(undefined, 6, 1_000, { ...MINUTE, random: () => 0.5 });
    expect([waitMs, window]).toEqual([16_000, { overBy: 61_000, refusalsBefore: 0 }]);
  });

  it('never spends seven refusals and an eighth try inside the window, nor waits longer than a window, however the jitter and the answers fall (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 7, maxLength: 7 }), fc.integer({ min: 0, max: 5_000 }), (draws, answerMs) => {
        const { sentAt, waits } = refusals(7, () => draws.shift() ?? 0, answerMs);
        // The eighth try comes no sooner than a window after the first refusal was heard.
        expect(sentAt.at(-1)).toBeGreaterThanOrEqual(answerMs + MINUTE.windowMs);
        expect(waits.filter((wait) => wait < 0 || wait > MINUTE.windowMs)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
