// "Shorten the links in the selection" from the popup, where the browser has no context menu (Firefox for
// Android): the popup's tab's selection, read in its top frame, shortened as the menu item's is, and recorded
// as the popup's way in, private as the tab's window is. The page read and the text written are the e2e tests'
// (test/e2e/writing.test.ts), through the menu.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../platform/page-reading', () => ({ readSelection: vi.fn(async () => ({ pieces: [{ text: 'see https://example.com/a' }] })) }));
vi.mock('../delivery/clipboard-rule', () => ({ clickNow: () => ({ order: 1 }) }));
vi.mock('./text-addresses', () => ({
  shortenTextAddresses: vi.fn(async () => ({ status: 'failed', error: { kind: 'no-links-selected' } })),
  shortLinkIn: vi.fn(),
}));
vi.mock('./deliver-text', () => ({ deliverText: vi.fn() }));

const { shortenSelectionLinks, shortenTabSelectionLinks } = await import('./selection-links');
const { readSelection } = await import('../../platform/page-reading');
const { shortenTextAddresses } = await import('./text-addresses');

beforeEach(() => {
  vi.clearAllMocks();
});

describe("the selection's links", () => {
  it("from the popup: read in the popup's tab's top frame, recorded as the popup's, private as its window", async () => {
    await expect(shortenTabSelectionLinks(7, true)).resolves.toEqual({ status: 'failed', error: { kind: 'no-links-selected' } });
    expect(vi.mocked(readSelection).mock.calls).toEqual([[7, 0, expect.any(Number)]]);
    expect(vi.mocked(shortenTextAddresses).mock.calls[0]?.[1]).toEqual({ via: 'popup-selection', private: true, fresh: false });
  });

  it("from the menu: the frame right-clicked, recorded as the menu's", async () => {
    await shortenSelectionLinks({ menuItemId: 'shorten-selection', editable: false, modifiers: [], frameId: 3 }, { id: 9, incognito: false } as Parameters<typeof shortenSelectionLinks>[1]);
    expect(vi.mocked(readSelection).mock.calls).toEqual([[9, 3, expect.any(Number)]]);
    expect(vi.mocked(shortenTextAddresses).mock.calls[0]?.[1]).toEqual({ via: 'menu-selection', private: false, fresh: false });
  });
});
