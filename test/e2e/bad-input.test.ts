// Every class of bad input, from each way in: the popup's field, the current
// tab, and the context menu (a real right-click on Chromium's own menu, headed
// under Xvfb). Each gets its own message and sends nothing; the two that
// WHATWG parsing accepts (spaces/unicode, an IDN host) work.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDN_HOST, IDN_HOST_PUNYCODE, startE2eSession, type E2eSession } from '../support/e2e-session';
import { shownError } from '../support/popup-page';
import { settledBadge } from '../support/toolbar-badge';
import { chooseInMenu, linkOnPage, paragraphOnPage } from '../support/real-input';
import { stringMatching } from '../support/matchers';

let session: E2eSession;
let popupTab: Page;
let popup: Page;
const tried = { field: 0, tab: 0, menu: 0 };

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  await session.useStandIn();
});
afterAll(async () => {
  console.log(`Bad input tried: ${tried.field} through the popup field, ${tried.tab} as the current tab, ${tried.menu} through the menu.`);
  await session?.close();
});
beforeEach(() => session.standIn.clearLog());

function long(): string {
  return `${session.standIn.baseUrl}/demo/article?q=${'x'.repeat(2100)}`;
}

interface Refused {
  name: string;
  input: () => string;
  kind: string;
  message: RegExp;
}

const refused: Refused[] = [
  { name: 'chrome:// page', input: () => 'chrome://settings', kind: 'unsupported-scheme', message: /^Browser pages \(chrome:\/\/…\)/ },
  { name: 'edge:// page', input: () => 'edge://flags', kind: 'unsupported-scheme', message: /^Browser pages \(edge:\/\/…\)/ },
  { name: 'about: page', input: () => 'about:blank', kind: 'unsupported-scheme', message: /^Browser pages \(about:…\)/ },
  { name: 'file:', input: () => 'file:///etc/hostname', kind: 'unsupported-scheme', message: /^Files on your computer/ },
  { name: 'data:', input: () => 'data:text/html,<p>hi</p>', kind: 'unsupported-scheme', message: /^data: URLs carry their content inline/ },
  { name: 'javascript:', input: () => 'javascript:alert(document.cookie)', kind: 'unsupported-scheme', message: /^javascript: links run code/ },
  { name: 'blob:', input: () => `blob:${session.standIn.baseUrl}/3f0c2a5e-1111-4222-8333-944455556666`, kind: 'unsupported-scheme', message: /^blob: URLs point at data/ },
  { name: 'view-source:', input: () => `view-source:${session.standIn.baseUrl}/demo/article`, kind: 'unsupported-scheme', message: /^Source views/ },
  { name: "the extension's own page", input: () => session.browser.extensionUrl('src/options/index.html'), kind: 'unsupported-scheme', message: /^Extension pages exist only inside your browser/ },
  { name: 'user name and password', input: () => `https://alice:secret@${new URL(session.standIn.baseUrl).host}/demo/article`, kind: 'credentials-in-url', message: /contains a user name or password/ },
  { name: 'user name only', input: () => `https://alice@${new URL(session.standIn.baseUrl).host}/demo/article`, kind: 'credentials-in-url', message: /contains a user name or password/ },
  { name: 'over 2048 characters', input: long, kind: 'url-too-long', message: /is 2,1\d\d characters long; the limit is 2,048/ },
  { name: 'not a URL', input: () => 'shorten this please', kind: 'malformed-url', message: /not a complete web address/ },
  { name: 'a host without its scheme', input: () => 'example.com/page', kind: 'malformed-url', message: /not a complete web address/ },
];

async function shortenInField(text: string): Promise<void> {
  const field = popup.getByLabel('Shorten another link');
  await field.fill(text);
  await popup.getByRole('button', { name: 'Shorten', exact: true }).click();
}


describe('bad input typed into the popup', () => {
  // A popup of each test's own (a popup closes when another window takes the focus, as the audit's
  // clipboard read at each test's end does); its tab's own link comes first, before the log is cleared.
  beforeEach(async () => {
    popupTab = await session.openTab('/demo/article');
    popup = await session.browser.openPopup(popupTab);
    await popup.getByLabel('Short link').waitFor();
    session.standIn.clearLog();
  });
  afterEach(async () => {
    await popup.close();
    await popupTab.close();
  });

  // One popup for them all, as a person would try one address after another in the same field.
  it(`each of the ${refused.length} refused inputs, typed in turn, gets its own message, and nothing is sent`, async () => {
    // The alert of the input before may still be up as this one's is awaited: in this order (every
    // other case, then the rest) no two in a row share a message, so only this one's can match.
    const inTurn = [...refused.filter((_, index) => index % 2 === 0), ...refused.filter((_, index) => index % 2 === 1)];
    for (const { name, input, kind, message } of inTurn) {
      tried.field += 1;
      await shortenInField(input());
      await expect.poll(async () => (await shownError(popup)).message, { message: name }).toMatch(message);
      expect((await shownError(popup)).kind, name).toBe(kind);
      expect(session.standIn.apiRequests(), name).toEqual([]);
    }
  });

  it.each([['empty', ''], ['whitespace', '  \t ']])('%s: said at the field, nothing sent, and the link on screen stays', async (_name, text) => {
    tried.field += 1;
    const shown = await popup.getByLabel('Short link').inputValue();
    await shortenInField(text);
    const field = popup.getByLabel('Shorten another link');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const error = popup.locator(`#${await field.getAttribute('aria-describedby')}`);
    expect(await error.textContent()).toBe('There is no link to shorten. Enter or paste one.');
    expect(await popup.getByLabel('Short link').inputValue()).toBe(shown);
    expect(session.standIn.apiRequests()).toEqual([]);
  });

  // Not among the menu's cases: a link's address never holds a tab (the page's parser drops it, as this check refuses to).
  it('an address with a note after a tab (cells pasted as one) is refused as such, not sent as the address the parser would join', async () => {
    tried.field += 1;
    await shortenInField(`${session.standIn.baseUrl}/demo/article\tread later`);
    await expect.poll(async () => (await shownError(popup)).message).toMatch(/has a tab or a line break inside it/);
    expect((await shownError(popup)).kind).toBe('url-has-break');
    expect(session.standIn.apiRequests()).toEqual([]);
  });

  it.each([
    ['spaces and unicode, which WHATWG parsing accepts', 'https://example.com/a b/ü?q=ç', 'https://example.com/a%20b/%C3%BC?q=%C3%A7'],
    ['an IDN host', `https://${IDN_HOST}/straße`, `https://${IDN_HOST_PUNYCODE}/stra%C3%9Fe`],
  ])('%s works', async (_name, input, sent) => {
    tried.field += 1;
    await shortenInField(input);
    await expect.poll(() => popup.getByTestId('long-url').textContent()).toBe(sent);
    expect(await popup.getByLabel('Short link').inputValue()).toMatch(session.shortUrlPattern());
    expect(JSON.parse(session.standIn.apiRequests()[0]?.body ?? '{}')).toEqual({ url: sent });
  });
});

async function popupOnTab(url: string | ((page: Page) => Promise<void>)): Promise<{ tab: Page; shown: { kind: string | null; message: string } }> {
  tried.tab += 1;
  const tab = await session.browser.context.newPage();
  if (typeof url === 'string') await tab.goto(url).catch(() => undefined);
  else await url(tab);
  const tabPopup = await session.browser.openPopup(tab);
  const shown = await shownError(tabPopup);
  // The field has focus, ready for a link typed or pasted instead.
  await expect.poll(() => tabPopup.evaluate(() => document.activeElement?.id)).toBe('typed-url');
  await tabPopup.close();
  return { tab, shown };
}

describe('bad input as the current tab', () => {
  const UNREADABLE = 'This is a browser page or local file that extensions cannot read, so it cannot be shortened. Paste a link below instead.';
  // Browser pages and files are not even revealed to the extension (activeTab does not cover them).
  it.each([['chrome://version'], ['about:blank'], ['chrome://extensions']])('%s: not readable, said so', async (url) => {
    const { tab, shown } = await popupOnTab(url);
    expect(shown).toEqual({ kind: 'unreadable-tab', message: UNREADABLE });
    expect(session.standIn.apiRequests()).toEqual([]);
    await tab.close();
  });

  // The one message each gets in Chromium. Where Chromium gives the extension no address for the tab
  // (activeTab reveals neither data:, view-source: and blob: pages, nor a page opened with credentials
  // in its address), the popup says it cannot read the tab; the product's own refusals of those
  // addresses, typed, are the cases above and url-checks.test.ts.
  const tabCases: [name: string, url: () => string, kind: string, message: RegExp | string][] = [
    // File access for the extension is off (Chromium's default), yet the tab's file: address is revealed.
    ['file:', () => 'file:///etc/hostname', 'unsupported-scheme', /^Files on your computer \(file:\) can't be shortened/],
    ['data:', () => 'data:text/html,<p>inline page</p>', 'unreadable-tab', UNREADABLE],
    ['view-source:', () => `view-source:${session.standIn.baseUrl}/demo/article`, 'unreadable-tab', UNREADABLE],
    ["the extension's own page", () => session.browser.extensionUrl('src/options/index.html'), 'unsupported-scheme', /^Extension pages exist only inside your browser/],
    ['a URL with a user name and password', () => `https://alice:secret@${new URL(session.standIn.baseUrl).host}/demo/article`, 'unreadable-tab', UNREADABLE],
    ['over 2048 characters', long, 'url-too-long', /is 2,1\d\d characters long; the limit is 2,048/],
  ];
  it.each(tabCases)('%s', async (_name, url, kind, message) => {
    const { tab, shown } = await popupOnTab(url());
    expect(shown.kind).toBe(kind);
    expect(shown.message).toEqual(typeof message === 'string' ? message : stringMatching(message));
    expect(session.standIn.apiRequests()).toEqual([]);
    await tab.close();
  });

  it('a blob: page', async () => {
    const { tab, shown } = await popupOnTab(async (page) => {
      await page.goto(`${session.standIn.baseUrl}/demo/blank`);
      const blobUrl = await page.evaluate(() => URL.createObjectURL(new Blob(['<p>made in the page</p>'], { type: 'text/html' })));
      await page.goto(blobUrl);
    });
    expect(shown).toEqual({ kind: 'unreadable-tab', message: UNREADABLE });
    expect(session.standIn.apiRequests()).toEqual([]);
    await tab.close();
  });

  it('an IDN host works', async () => {
    tried.tab += 1;
    const tab = await session.openTab(`${session.idnBaseUrl()}/demo/article`);
    const tabPopup = await session.browser.openPopup(tab);
    await expect.poll(() => tabPopup.getByTestId('long-url').textContent()).toBe(`https://${IDN_HOST_PUNYCODE}:${new URL(session.standIn.baseUrl).port}/demo/article`);
    await tabPopup.close();
    await tab.close();
  });

  it('spaces and unicode in the path work', async () => {
    tried.tab += 1;
    const tab = await session.openTab('/demo/article?q=a b ü');
    const tabPopup = await session.browser.openPopup(tab);
    await expect.poll(() => tabPopup.getByTestId('long-url').textContent()).toBe(`${session.standIn.baseUrl}/demo/article?q=a%20b%20%C3%BC`);
    await tabPopup.close();
    await tab.close();
  });
});

/** What is right-clicked: a link to `linkUrl`, or `selected` text, put on a page of its own. */
type MenuTarget = { linkUrl: string } | { selected: string };

/**
 * Each class a person can choose the extension's item for. The link's and the page's items are offered for
 * web addresses only (targetUrlPatterns and documentUrlPatterns in context-menus.ts): a link to another
 * scheme, or chrome://settings, shows none, and its refusal is the typed cases' above. Nor can a person
 * select nothing but spaces: Chromium offers a selection's item for text.
 */
const menuCases = (): { name: string; target: MenuTarget; message: RegExp }[] => [
  ...refused
    .filter(({ input }) => input().startsWith('https:'))
    .map(({ name, input, message }) => ({ name: `link: ${name}`, target: { linkUrl: input() }, message })),
  { name: 'selection: not a URL', target: { selected: 'shorten this please' }, message: /selected text holds no web address and no link/ },
  { name: 'selection: javascript:', target: { selected: 'javascript:alert(1)' }, message: /selected text holds no web address and no link/ },
];

/** A real right-click on the target, on a page of its own, and the extension's item chosen in Chromium's menu. */
async function chosenInMenu(target: MenuTarget): Promise<void> {
  const page = await session.openTab('/demo/destination?title=Bad%20input');
  if ('linkUrl' in target) await chooseInMenu(session, page, await linkOnPage(page, target.linkUrl));
  else await chooseInMenu(session, page, await paragraphOnPage(page, target.selected), { selected: true });
  await page.close();
}

describe('bad input through the context menu', () => {
  it('refuses every class a real right-click can choose with its own message on the badge, and sends nothing', async () => {
    await session.setClipboard('kept');
    for (const { name, target, message } of menuCases()) {
      tried.menu += 1;
      // The one before's "!" let go: this choice's badge is the one read.
      await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
      await chosenInMenu(target);
      const badge = await settledBadge(session);
      expect(badge.text, name).toBe('!');
      // One failure: the badge's title is the background's sentence for it.
      expect(badge.title, name).toMatch(message);
    }
    expect(session.standIn.apiRequests()).toEqual([]);
    expect(await session.readClipboard()).toBe('kept');
  });

  it('shortens a link with spaces and unicode, and one on an IDN host, each chosen with a real right-click', async () => {
    tried.menu += 2;
    for (const linkUrl of ['https://example.com/a b/ü', `https://${IDN_HOST}/x`]) {
      await session.setClipboard('nothing copied yet');
      await chosenInMenu({ linkUrl });
      await expect.poll(() => session.readClipboard()).toMatch(session.shortUrlPattern());
    }
    // As the server got them: the path encoded, the host in punycode.
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: 'https://example.com/a%20b/%C3%BC' }, { url: `https://${IDN_HOST_PUNYCODE}/x` }]);
  });
});
