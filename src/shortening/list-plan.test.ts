import { describe, expect, it } from 'vitest';
import type { ListRun } from '../storage/session/list-run';
import { planBulk } from './bulk-plan';
import { listPlan, listProgress } from './list-plan';

const PACE = { limit: 60, windowMs: 3_000 };

describe("a list's plan", () => {
  it('counts the new, those history holds, the repeated, and names each address that cannot be sent with its place', () => {
    const planned = planBulk(['https://a.test/', 'https://b.test/', 'mailto:x@y.z', 'https://A.test/', 'https://c.test/'].map((url) => ({ url })), { stripTracking: false });
    expect(listPlan(planned, [false, true, false, false, false], PACE)).toEqual({
      addresses: 5,
      fresh: 2,
      inHistory: 1,
      duplicates: 1,
      invalid: [{ place: 3, address: 'mailto:x@y.z', error: { kind: 'unsupported-scheme', scheme: 'mailto:' } }],
      pace: PACE,
    });
  });
});

describe("a list run's progress", () => {
  it('counts where its addresses stand, and the soonest end of a wait for the server', () => {
    const run: ListRun = {
      id: 'list-1',
      startedAt: 0,
      private: false,
      pace: PACE,
      account: 'account-1',
      paused: true,
      items: [
        { url: 'a', status: { state: 'done', shortUrl: 's/a', longUrl: 'a', fromHistory: false } },
        { url: 'b', status: { state: 'done', shortUrl: 's/b', longUrl: 'b', fromHistory: true } },
        { url: 'c', status: { state: 'skipped', skip: { reason: 'duplicate', of: 1 } } },
        { url: 'd', status: { state: 'failed', error: { kind: 'cancelled' } } },
        { url: 'e', status: { state: 'waiting', ahead: 0, untilMs: 9_000 } },
        { url: 'f', status: { state: 'waiting', ahead: 1, untilMs: 7_000 } },
        { url: 'g', status: { state: 'waiting', ahead: 2 } },
        { url: 'h', status: { state: 'sending' } },
        { url: 'i', status: { state: 'queued' } },
      ],
    };
    expect(listProgress(run)).toEqual({ id: 'list-1', paused: true, pace: PACE, addresses: 9, toShorten: 8, made: 2, fromHistory: 1, failed: 1, untilMs: 7_000 });
    expect(listProgress({ ...run, items: [] })).toEqual({ id: 'list-1', paused: true, pace: PACE, addresses: 0, toShorten: 0, made: 0, fromHistory: 0, failed: 0 });
    // One link waiting for the network: the run says so, beside the window others wait for.
    const offline = { ...run, items: [...run.items, { url: 'j', status: { state: 'waiting' as const, ahead: 0, forNetwork: true as const } }] };
    expect(listProgress(offline)).toMatchObject({ forNetwork: true, untilMs: 7_000 });
  });
});
