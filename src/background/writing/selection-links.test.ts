// "Shorten the links in the selection" from the popup, where the browser has no context menu (Firefox for
// Android): the popup's tab's selection, read in its top frame, shortened as the menu item's is, and recorded
// as the popup's way in, private as the tab's window is. The page read and the text written are the e2e tests'
// (test/e2e/writing.test.ts), through the menu.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addressesIn } from '../../shortening/text-links';

vi.mock('../../platform/page-reading', () => ({ readSelection: vi.fn(async () => ({ pieces: [{ text: 'see https://example.com/a' }] })) }));
vi.mock('../delivery/clipboard-rule', () => ({ clickNow: vi.fn(() => ({ order: 1 })) }));
vi.mock('./text-addresses', () => ({
  shortenTextAddresses: vi.fn(async () => ({ status: 'failed', error: { kind: 'no-links-selected' } })),
  shortLinkIn: vi.fn(),
}));
vi.mock('./deliver-text', () => ({ deliverText: vi.fn() }));
vi.mock('./text-error', () => ({ reportTextFailure: vi.fn(async (error: unknown) => ({ status: 'failed', error })) }));
vi.mock('../delivery/deliver', () => ({ shortenAndCopy: vi.fn(async () => ({ status: 'copied' })) }));

const { shortenSelectionLinks, shortenTabSelectionLinks } = await import('./selection-links');
const { readSelection } = await import('../../platform/page-reading');
const { shortenTextAddresses } = await import('./text-addresses');
const { shortenAndCopy } = await import('../delivery/deliver');
const { clickNow } = await import('../delivery/clipboard-rule');
const { reportTextFailure } = await import('./text-error');
const MENU_CLICK = { menuItemId: 'shorten-selection', editable: false, modifiers: [] };
const TAB = { id: 9, incognito: false } as Parameters<typeof shortenSelectionLinks>[1];
const ASKED = { private: false, fresh: false };

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
    await shortenSelectionLinks({ ...MENU_CLICK, frameId: 3 }, TAB, ASKED);
    expect(vi.mocked(readSelection).mock.calls).toEqual([[9, 3, expect.any(Number)]]);
    expect(vi.mocked(shortenTextAddresses).mock.calls[0]?.[1]).toEqual({ via: 'menu-selection', private: false, fresh: false });
    expect(shortenAndCopy).not.toHaveBeenCalled();
  });

  it('from the menu, a selection a person sees as one address is shortened as a link is, with the click taken as the menu was chosen', async () => {
    // The browser's selection text has the part the page placed out of sight; the page's reading has what is seen.
    vi.mocked(readSelection).mockResolvedValueOnce({ pieces: [{ text: ' https://bank.example' }, { text: '/login. ' }] });
    await shortenSelectionLinks({ ...MENU_CLICK, frameId: 0, selectionText: 'https://bank.example.evil.example/login.' }, { ...TAB, incognito: true } as typeof TAB, { private: true, fresh: false });
    expect(vi.mocked(shortenAndCopy).mock.calls).toEqual([[{ url: 'https://bank.example/login', via: 'menu-selection', private: true, fresh: false }, undefined, { order: 1 }]]);
    expect(vi.mocked(clickNow).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(readSelection).mock.invocationCallOrder[0] ?? 0);
    expect(shortenTextAddresses).not.toHaveBeenCalled();
  });

  it.each([
    ['two links whose space between them the page did not draw', [{ text: 'https://a.example', href: 'https://a.example/' }, { text: 'https://b.example', href: 'https://b.example/' }], 'https://a.example https://b.example'],
    ['a selection the page moved once the menu opened', [{ text: 'https://evil.example/' }], 'https://bank.example/'],
  ])('from the menu, no one address is taken from %s: the addresses seen are shortened in the text', async (_name, read, selectionText) => {
    vi.mocked(readSelection).mockResolvedValueOnce({ pieces: read });
    await shortenSelectionLinks({ ...MENU_CLICK, selectionText }, TAB, ASKED);
    expect(shortenAndCopy).not.toHaveBeenCalled();
    expect(vi.mocked(shortenTextAddresses).mock.calls[0]?.[0]).toEqual(addressesIn(read));
  });

  it.each([
    ['a selection grown past what is read once the menu opened', 0, { tooLong: true }, { kind: 'selection-too-long', most: 100_000 }],
    ['a selection in a frame of another site, which cannot be read', 4, undefined, { kind: 'selection-unreadable' }],
  ])("from the menu, %s is refused: the browser's selection text, hidden text and all, is never used", async (_name, frameId, read, error) => {
    vi.mocked(readSelection).mockResolvedValueOnce(read);
    await expect(shortenSelectionLinks({ ...MENU_CLICK, frameId, selectionText: 'https://bank.example.evil.example/' }, TAB, ASKED)).resolves.toEqual({ status: 'failed', error });
    expect(shortenAndCopy).not.toHaveBeenCalled();
    expect(shortenTextAddresses).not.toHaveBeenCalled();
    expect(vi.mocked(reportTextFailure).mock.calls).toEqual([[error]]);
  });

  it('from the menu, a top frame that cannot be read (a PDF) leaves the browser\'s selection text, one address or text with links in it', async () => {
    vi.mocked(readSelection).mockResolvedValueOnce(undefined).mockResolvedValueOnce(undefined);
    await shortenSelectionLinks({ ...MENU_CLICK, selectionText: 'https://example.org/one' }, TAB, ASKED);
    expect(vi.mocked(shortenAndCopy).mock.calls[0]?.[0]).toMatchObject({ url: 'https://example.org/one' });
    await shortenSelectionLinks({ ...MENU_CLICK, selectionText: 'see https://example.org/one and https://example.org/two' }, TAB, ASKED);
    expect(shortenAndCopy).toHaveBeenCalledTimes(1);
    expect(shortenTextAddresses).toHaveBeenCalledTimes(1);
  });
});
