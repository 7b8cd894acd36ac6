import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNetwork } from './network';

afterEach(() => vi.unstubAllGlobals());

describe("the browser's word on the network", () => {
  it('is offline only when navigator.onLine says false, and hears the global online event', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(browserNetwork.online()).toBe(false);
    vi.stubGlobal('navigator', { onLine: true });
    expect(browserNetwork.online()).toBe(true);
    // A context with no navigator at all (none here: Node's own) says nothing: online.
    vi.stubGlobal('navigator', undefined);
    expect(browserNetwork.online()).toBe(true);

    const target = new EventTarget();
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    const heard = vi.fn();
    browserNetwork.onOnline(heard);
    target.dispatchEvent(new Event('offline'));
    expect(heard).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('online'));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
