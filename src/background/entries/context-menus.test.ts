// The context menu's items as the settings make them, and what a click on each one shortens,
// against a fake browser: the menus the browser shows and the real right-click are the e2e
// tests' (test/e2e/context-menu-and-shortcut.test.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryArea } from '../../../test/support/memory-area';
import type { Menus, Tabs } from '../../platform/browser';
import type { Account } from '../../storage/accounts';
import type { Campaign } from '../../storage/campaign';

const area = memoryArea();
/** The items the browser holds, in the order they were made. */
const items: Menus.CreateCreatePropertiesType[] = [];
/** The error the browser reports for the next item made, as `runtime.lastError` does. */
let failNext: string | undefined;
const runtime: { lastError: { message: string } | undefined } = { lastError: undefined };

vi.mock('../../platform/browser', () => ({
  browser: {
    contextMenus: {
      removeAll: async () => void items.splice(0),
      create: (properties: Menus.CreateCreatePropertiesType, done: () => void) => {
        runtime.lastError = failNext === undefined ? undefined : { message: failNext };
        failNext = undefined;
        if (runtime.lastError === undefined) items.push(properties);
        done();
      },
    },
    runtime,
  },
}));
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string) => key }) }));
vi.mock('../../storage/extension-storage', () => ({ localArea: area }));
vi.mock('../delivery/deliver', () => ({ shortenAndCopy: vi.fn(async () => ({ ok: true })) }));
vi.mock('../writing/field-links', () => ({ shortenFieldLinks: vi.fn(async () => ({ kind: 'field' })) }));
vi.mock('../writing/selection-links', () => ({ shortenSelectionLinks: vi.fn(async () => ({ kind: 'selection' })) }));

const { createMenus, MENU_IDS, onMenuClicked } = await import('./context-menus');
const { shortenAndCopy } = await import('../delivery/deliver');
const { shortenFieldLinks } = await import('../writing/field-links');
const { shortenSelectionLinks } = await import('../writing/selection-links');

const HOME: Account = { id: 'account-1', name: 'Home', server: 'https://shrtnr.co' };
const WORK: Account = { id: 'account-2', name: 'Work', server: 'https://links.example' };
const NEWSLETTER: Campaign = { name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] };
const TAB = { id: 7, url: 'https://example.com/page', title: 'A page', incognito: false } as Tabs.Tab;

const click = (info: Partial<Menus.OnClickData> & { menuItemId: string | number }, tab: Tabs.Tab | undefined = TAB) => onMenuClicked({ editable: false, modifiers: [], ...info }, tab);
/** The items under a submenu, by id and title. */
const under = (parent: string) => items.filter(({ parentId }) => parentId === parent).map(({ id, title }) => [id, title]);
const requested = () => vi.mocked(shortenAndCopy).mock.calls.map(([request, tabId]) => ({ ...request, tabId }));

beforeEach(() => {
  for (const key of Object.keys(area.items)) delete area.items[key];
  items.splice(0);
  failNext = undefined;
  vi.clearAllMocks();
});

describe('the menu items', () => {
  it('are the four ways in, on web pages, with one account and no campaign', async () => {
    await createMenus();
    expect(items.map(({ id, title, contexts }) => [id, title, contexts])).toEqual([
      [MENU_IDS.link, 'menuShortenLink', ['link']],
      [MENU_IDS.page, 'menuShortenPage', ['page']],
      [MENU_IDS.selection, 'menuShortenSelection', ['selection']],
      [MENU_IDS.field, 'menuShortenField', ['editable']],
    ]);
    // A link is offered only to http(s) targets, a page only on http(s) documents.
    expect(items[0]?.targetUrlPatterns).toEqual(['http://*/*', 'https://*/*']);
    expect(items[1]?.documentUrlPatterns).toEqual(['http://*/*', 'https://*/*']);
  });

  it('add a submenu of accounts for a link and for the page, and one of campaigns, when the settings have them', async () => {
    await area.set({ accounts: [HOME, WORK], campaignPresets: [NEWSLETTER] });
    await createMenus();
    expect(under(MENU_IDS.linkWithAccount)).toEqual([['account-link:account-1', 'Home'], ['account-link:account-2', 'Work']]);
    expect(under(MENU_IDS.pageWithAccount)).toEqual([['account-page:account-1', 'Home'], ['account-page:account-2', 'Work']]);
    expect(under(MENU_IDS.campaigns)).toEqual([['campaign:Newsletter', 'Newsletter']]);
  });

  it("show a name's & as written, not as an access key", async () => {
    await area.set({ accounts: [HOME, { ...WORK, name: 'R&D' }], campaignPresets: [{ ...NEWSLETTER, name: 'Q&A && more' }] });
    await createMenus();
    expect(under(MENU_IDS.linkWithAccount)).toEqual([['account-link:account-1', 'Home'], ['account-link:account-2', 'R&&D']]);
    expect(under(MENU_IDS.campaigns)).toEqual([['campaign:Q&A && more', 'Q&&A &&&& more']]);
  });

  it("show a name's %s as written, not as the selected text", async () => {
    await area.set({ accounts: [HOME, { ...WORK, name: '50%sale' }], campaignPresets: [{ ...NEWSLETTER, name: '%s and %S' }] });
    await createMenus();
    expect(under(MENU_IDS.pageWithAccount)).toEqual([['account-page:account-1', 'Home'], ['account-page:account-2', '50%\u2060sale']]);
    expect(under(MENU_IDS.campaigns)).toEqual([['campaign:%s and %S', '%\u2060s and %S']]);
  });

  it('are made anew each round, never twice over', async () => {
    await area.set({ campaignPresets: [NEWSLETTER] });
    await Promise.all([createMenus(), createMenus()]);
    expect(items.map(({ id }) => id)).toEqual([MENU_IDS.link, MENU_IDS.page, MENU_IDS.selection, MENU_IDS.field, MENU_IDS.campaigns, 'campaign:Newsletter']);
  });

  it('say which item the browser refused, and the next round still makes them all', async () => {
    failNext = 'Cannot create item with duplicate id shorten-link';
    await expect(createMenus()).rejects.toThrow('menu shorten-link: Cannot create item with duplicate id shorten-link');
    await createMenus();
    expect(items.map(({ id }) => id)).toEqual([MENU_IDS.link, MENU_IDS.page, MENU_IDS.selection, MENU_IDS.field]);
  });
});

describe('a click on an item', () => {
  it('on a link shortens the link, named by its text, and not the page', async () => {
    await click({ menuItemId: MENU_IDS.link, linkUrl: 'https://example.com/linked', linkText: 'Linked', pageUrl: TAB.url });
    expect(requested()).toEqual([{ url: 'https://example.com/linked', via: 'menu-link', title: 'Linked', private: false, fresh: false, tabId: undefined }]);
  });

  it('on the page shortens the page in its tab, named by its title; in a private window it says so', async () => {
    await click({ menuItemId: MENU_IDS.page, pageUrl: TAB.url }, { ...TAB, incognito: true });
    expect(requested()).toEqual([{ url: TAB.url, via: 'menu-page', title: 'A page', private: true, fresh: false, tabId: 7 }]);
  });

  it('on a selection hands it to its writer (one address as a person sees it is shortened there as a link is), private as its window', async () => {
    await expect(click({ menuItemId: MENU_IDS.selection, selectionText: '  https://example.org/one.  ' }, { ...TAB, incognito: true })).resolves.toEqual({ kind: 'selection' });
    expect(vi.mocked(shortenSelectionLinks).mock.calls[0]?.[2]).toEqual({ private: true, fresh: false });
    expect(shortenAndCopy).not.toHaveBeenCalled();
  });

  it('in a field hands the field to its writer', async () => {
    await expect(click({ menuItemId: MENU_IDS.field })).resolves.toEqual({ kind: 'field' });
    expect(shortenFieldLinks).toHaveBeenCalledTimes(1);
    expect(shortenAndCopy).not.toHaveBeenCalled();
  });

  it('of an account shortens the link, or the page, with that account', async () => {
    await click({ menuItemId: 'account-link:account-2', linkUrl: 'https://example.com/linked' });
    await click({ menuItemId: 'account-page:account-2', pageUrl: TAB.url });
    expect(requested().map(({ url, via, account }) => [url, via, account])).toEqual([
      ['https://example.com/linked', 'menu-link', 'account-2'],
      [TAB.url, 'menu-page', 'account-2'],
    ]);
  });

  it('of a campaign tags the link right-clicked, else the page, with the preset as the settings hold it now', async () => {
    await area.set({ campaignPresets: [NEWSLETTER] });
    await click({ menuItemId: 'campaign:Newsletter', linkUrl: 'https://example.com/linked', pageUrl: TAB.url });
    await click({ menuItemId: 'campaign:Newsletter', pageUrl: TAB.url });
    expect(requested().map(({ url, via, campaign }) => [url, via, campaign])).toEqual([
      ['https://example.com/linked', 'menu-link', NEWSLETTER],
      [TAB.url, 'menu-page', NEWSLETTER],
    ]);
  });

  it('of a campaign deleted since the menu was made, or of an item it does not know, shortens nothing', async () => {
    await expect(click({ menuItemId: 'campaign:Newsletter', pageUrl: TAB.url })).resolves.toBeUndefined();
    await expect(click({ menuItemId: 'shorten-something-else' })).resolves.toBeUndefined();
    await expect(click({ menuItemId: 42 })).resolves.toBeUndefined();
    expect(shortenAndCopy).not.toHaveBeenCalled();
  });
});
