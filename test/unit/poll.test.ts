import { describe, expect, it } from 'vitest';
import { pollUntil, pollWithin } from '../../tooling/poll';

describe('pollUntil', () => {
  it('keeps probing while the probe returns undefined, and returns its first other value', async () => {
    let calls = 0;
    const value = await pollUntil(async () => (++calls < 3 ? undefined : `after ${calls}`), { timeoutMs: 1_000, intervalMs: 1, failure: 'unused' });
    expect(value).toBe('after 3');
  });

  it('takes a synchronous probe, and returns falsy values other than undefined', async () => {
    expect(await pollUntil(() => 0, { timeoutMs: 0, failure: 'unused' })).toBe(0);
    expect(await pollUntil(() => null, { timeoutMs: 0, failure: 'unused' })).toBeNull();
  });

  it('fails with the message once the time is up, after probing at least once', async () => {
    let calls = 0;
    let last = 0;
    const waiting = pollUntil(
      () => {
        last = ++calls;
        return undefined;
      },
      { timeoutMs: 30, intervalMs: 5, failure: () => `still nothing after ${last} probes` },
    );
    await expect(waiting).rejects.toThrow(/^still nothing after \d+ probes$/);
    expect(calls).toBeGreaterThan(1);
  });

  it('stops at the first error the probe throws', async () => {
    let calls = 0;
    const waiting = pollUntil(
      () => {
        calls += 1;
        throw new Error('probe broke');
      },
      { timeoutMs: 1_000, failure: 'unused' },
    );
    await expect(waiting).rejects.toThrow('probe broke');
    expect(calls).toBe(1);
  });
});

describe('pollWithin', () => {
  it('returns the first value other than undefined', async () => {
    let calls = 0;
    expect(await pollWithin(() => (++calls < 3 ? undefined : calls), { timeoutMs: 1_000, intervalMs: 1 })).toBe(3);
  });

  it('gives undefined once the time is up, after probing more than once', async () => {
    let calls = 0;
    const value = await pollWithin(() => {
      calls += 1;
      return undefined;
    }, { timeoutMs: 30, intervalMs: 5 });
    expect(value).toBeUndefined();
    expect(calls).toBeGreaterThan(1);
  });
});
