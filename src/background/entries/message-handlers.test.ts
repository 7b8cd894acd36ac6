// What the worker answers the extension's pages: the presets, and a switch of account only to one that is saved.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryArea } from '../../../test/support/memory-area';
import type { Runtime } from '../../platform/browser';
import type { Account } from '../../storage/accounts';

const area = memoryArea();
vi.mock('../../storage/extension-storage', () => ({ localArea: area }));
vi.mock('../writing/selection-links', () => ({ shortenTabSelectionLinks: vi.fn(async () => ({ status: 'copied', made: 1, found: 2 })) }));
vi.mock('../delivery/clipboard-rule', () => ({ clickNow: () => ({ queuedAt: 1_800_000_000_000, clickOrder: 42 }), pageCopies: vi.fn(async () => undefined) }));
vi.mock('../service/history-access', () => ({ recentHistory: vi.fn(async (limit: number) => ({ enabled: true, entries: [], limit })) }));

const { backgroundMessageHandlers } = await import('./message-handlers');

const HOME: Account = { id: 'account-1', name: 'Home', server: 'https://shrtnr.co' };
const WORK: Account = { id: 'account-2', name: 'Work', server: 'https://links.example' };
const SENDER = {} as Runtime.MessageSender;
const handler = <Key extends keyof typeof backgroundMessageHandlers>(key: Key) => {
  const found = backgroundMessageHandlers[key];
  if (found === undefined) throw new Error(`No handler for ${key}.`);
  return found;
};

beforeEach(() => {
  for (const key of Object.keys(area.items)) delete area.items[key];
});

describe("the worker's answers to its pages", () => {
  it("shortens the links of the popup's tab's selection (no context menu there), private as the popup says", async () => {
    const { shortenTabSelectionLinks } = await import('../writing/selection-links');
    await expect(handler('selection-links')({ tab: 7, private: true }, SENDER)).resolves.toEqual({ status: 'copied', made: 1, found: 2 });
    expect(vi.mocked(shortenTabSelectionLinks).mock.calls).toEqual([[7, true]]);
  });

  it("counts a page's copy by hand as the latest click, answered once the links being copied have landed", async () => {
    const { pageCopies } = await import('../delivery/clipboard-rule');
    await expect(handler('hand-copy')({}, SENDER)).resolves.toBeNull();
    expect(vi.mocked(pageCopies).mock.calls).toEqual([[{ queuedAt: 1_800_000_000_000, clickOrder: 42 }]]);
  });

  it('switches to an account that is saved', async () => {
    await area.set({ accounts: [HOME, WORK] });
    await expect(handler('use-account')({ account: 'account-2' }, SENDER)).resolves.toBe(true);
    expect(area.items.activeAccount).toBe('account-2');
  });

  it('refuses an account that is not saved, or no id at all, and leaves the active one as it was', async () => {
    await area.set({ accounts: [HOME, WORK], activeAccount: 'account-1' });
    await expect(handler('use-account')({ account: 'account-9' }, SENDER)).resolves.toBe(false);
    await expect(handler('use-account')({ account: 42 as unknown as string }, SENDER)).resolves.toBe(false);
    expect(area.items.activeAccount).toBe('account-1');
  });

  it('gives the campaign presets as stored, and none when there are none', async () => {
    await expect(handler('campaign-presets')({}, SENDER)).resolves.toEqual([]);
    const presets = [{ name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] }];
    await area.set({ campaignPresets: presets });
    await expect(handler('campaign-presets')({}, SENDER)).resolves.toEqual(presets);
  });

  it('gives the recent links, as many as asked for', async () => {
    await expect(handler('recent-history')({ limit: 3 }, SENDER)).resolves.toMatchObject({ enabled: true, limit: 3 });
  });
});
