// The shortcut's command: the tab it was pressed on, or the focused window's active one, shortened and copied.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tabs } from '../../platform/browser';

const active: Tabs.Tab[] = [];
vi.mock('../../platform/browser', () => ({ browser: { tabs: { query: vi.fn(async () => active) } } }));
vi.mock('../delivery/deliver', () => ({ shortenAndCopy: vi.fn(async () => ({ ok: true })) }));

const { onCommand, SHORTEN_COMMAND } = await import('./keyboard-command');
const { browser } = await import('../../platform/browser');
const { shortenAndCopy } = await import('../delivery/deliver');

const TAB = { id: 3, url: 'https://example.com/article', title: 'An article', incognito: false } as Tabs.Tab;

beforeEach(() => {
  active.splice(0);
  vi.clearAllMocks();
});

describe('the shortcut', () => {
  it('shortens the tab it was pressed on, in that tab', async () => {
    await onCommand(SHORTEN_COMMAND, { ...TAB, incognito: true });
    expect(vi.mocked(shortenAndCopy).mock.calls).toEqual([[{ url: TAB.url, via: 'shortcut', title: 'An article', private: true, fresh: false }, 3]]);
    expect(browser.tabs.query).not.toHaveBeenCalled();
  });

  it('without a tab, shortens the active tab of the focused window', async () => {
    active.push(TAB);
    await onCommand(SHORTEN_COMMAND, undefined);
    expect(browser.tabs.query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
    expect(vi.mocked(shortenAndCopy).mock.calls).toEqual([[{ url: TAB.url, via: 'shortcut', title: 'An article', private: false, fresh: false }, 3]]);
  });

  it('with no tab at all asks for an empty address, which the shortening refuses with its own words', async () => {
    await onCommand(SHORTEN_COMMAND, undefined);
    expect(vi.mocked(shortenAndCopy).mock.calls).toEqual([[{ url: '', via: 'shortcut', private: false, fresh: false }, undefined]]);
  });

  it('leaves another command alone', async () => {
    await expect(onCommand('_execute_action', TAB)).resolves.toBeUndefined();
    expect(shortenAndCopy).not.toHaveBeenCalled();
  });
});
