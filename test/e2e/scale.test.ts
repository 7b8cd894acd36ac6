// Issue 24's soak at a small scale, so CI runs it: a tabs run with menu
// clicks and popup shortenings mixed in and the worker stopped at seeded
// random moments (SOAK_SEED=N repeats one; the seed is printed), in headed
// Chromium under Xvfb against the stand-in. `npm run bench` runs the same soak
// at a thousand tabs (scripts/lib/soak-bench.ts), which takes minutes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withScaleBrowser } from '../../scripts/lib/scale-bench';
import type { ScaleShape } from '../../scripts/lib/scale-run';
import { soak } from '../../scripts/lib/soak-bench';
import { startXvfb, type XvfbServer } from '../../tooling/browsers/xvfb';

const seed = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 1_000_000));
const SHAPE: ScaleShape = { tabs: 40, limit: 10, windowMs: 2_000, clicks: 4, popups: 2, stops: 3, seed };

let xvfb: XvfbServer;
beforeAll(async () => {
  xvfb = await startXvfb();
});
afterAll(() => xvfb?.stop());

it(`a run of ${SHAPE.tabs} tabs with clicks, popups and ${SHAPE.stops} worker stops (seed ${seed}): every link made once, none refused, the clipboard the last click's`, async () => {
  console.log(`Soak seed: ${seed} (SOAK_SEED=${seed} repeats it)`);
  const result = await withScaleBrowser(SHAPE, xvfb, (extension, standIn) => soak(extension, standIn, SHAPE));
  expect(result.stops).toBe(SHAPE.stops);
  expect(result.unfinished).toEqual([]);
  // The stand-in's log: a long URL sent twice only after a 429, or after a stop cut its request off
  // (the job is sent again rather than its link lost: the worker never heard the answer).
  expect(result.sentTwiceOtherwise).toEqual([]);
  expect(result.sentAgainAfterStop).toBeLessThanOrEqual(SHAPE.stops * 4);
  expect(result.refused).toBe(0);
  // Every tab's link, every click's, once in history; the clipboard holds the last click's that came in time.
  expect(result.notInHistoryOnce).toEqual([]);
  // A late link is offered, never copied; when a click's link came in time, the last such is on the clipboard.
  const { acceptable, late, actual } = result.clipboard;
  expect(late).not.toContain(actual);
  expect(acceptable.length === 0 || acceptable.includes(actual), `the clipboard holds ${actual}, not the last in-time click's (${acceptable.join(' or ')})`).toBe(true);
});
