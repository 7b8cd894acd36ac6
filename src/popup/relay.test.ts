import { describe, expect, it, vi } from 'vitest';
import { relay } from './relay';

describe('a relay', () => {
  it('keeps the latest report made before anyone listens, and gives it at once to who listens', () => {
    const reports = relay<string>();
    reports.report('the run at 10 of 1000');
    reports.report('the run at 12 of 1000');
    const listener = vi.fn();
    reports.listen(listener);
    expect(listener.mock.calls).toEqual([['the run at 12 of 1000']]);
  });

  it('passes on each report after that, and nothing when nothing was reported', () => {
    const reports = relay<string>();
    const listener = vi.fn();
    reports.listen(listener);
    expect(listener).not.toHaveBeenCalled();
    reports.report('first');
    reports.report('second');
    expect(listener.mock.calls).toEqual([['first'], ['second']]);
  });
});
