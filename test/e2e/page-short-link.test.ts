// The page's own short link (issue 20), in headed Chromium under Xvfb against
// the stand-in, whose demo pages declare one (`<link rel="shortlink">`) or one
// longer than their address. The stand-in's pages are not in the extension's
// host permissions: it reads them only with the access the user's click gives
// (activeTab + scripting), from the real popup, a real menu choice and a real key.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OWN_LINK_ELSEWHERE, OWN_LINK_PATHS } from '../../tooling/stand-in/demo-pages';
import { xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { E2E_DIST, startE2eSession, type E2eSession } from '../support/e2e-session';
import { omniboxShown, typedInAddressBar } from '../support/address-bar';
import { settledBadge } from '../support/toolbar-badge';
import { inFrontForKeys, pressShortcut } from '../support/real-input';
import { chooseExtensionItem } from '../support/native-menus';

let session: E2eSession;
let display: string;
let xvfb: XvfbServer;
let ownLinkPage: Page;
let pageUrl: string;
let ownLink: string;

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  if (session.xvfb === undefined) throw new Error('A headed session comes with its Xvfb display.');
  xvfb = session.xvfb;
  display = xvfb.display;
  await session.useStandIn();
  pageUrl = `${session.standIn.baseUrl}${OWN_LINK_PATHS.page}`;
  ownLink = `${session.standIn.baseUrl}${OWN_LINK_PATHS.shortLink}`;
  ownLinkPage = await session.openTab(OWN_LINK_PATHS.page);
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.configure({ usePageShortLink: false, autoCopy: true, pageLinkHosts: undefined });
  await session.clearHistory();
  session.standIn.clearLog();
  await session.setClipboard('nothing copied yet');
});

async function clipboardChange(): Promise<string> {
  let text = '';
  await expect.poll(async () => (text = await session.readClipboard())).not.toBe('nothing copied yet');
  return text;
}

describe("the page's own short link, offered", () => {
  it('the popup offers it beside the server\'s link, with no request made for it, and copies it', async () => {
    const popup = await session.browser.openPopup(ownLinkPage);
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    const offer = popup.getByTestId('page-link');
    // Named by its host, which the page chose.
    await expect.poll(() => offer.textContent()).toContain(`This page has its own short link, on ${new URL(ownLink).host}, no credit:`);
    expect(await offer.locator('bdi').textContent()).toBe(ownLink.replace('https://', ''));
    // The one request is the page's own address: the canonical link and the page's short link were sent nowhere.
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: pageUrl }]);

    await offer.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => offer.getByRole('status').textContent()).toBe('Copied to the clipboard');
    await popup.close();
    expect(await session.readClipboard()).toBe(ownLink);
  });

  it('is offered even when the server\'s link comes at once, from history, before the page is read', async () => {
    // A page still loading (the stand-in holds the rest of it) is read only once it has loaded.
    const loading = await session.browser.context.newPage();
    const loadingSeen = async () => {
      await expect.poll(() => session.standIn.requests().some((request) => request.path === OWN_LINK_PATHS.loading)).toBe(true);
    };
    const loaded = loading.goto(`${session.standIn.baseUrl}${OWN_LINK_PATHS.loading}`);
    await loadingSeen();
    session.standIn.releaseHeld();
    await loaded;
    const first = await session.browser.openPopup(loading);
    await expect.poll(() => first.getByTestId('page-link').count()).toBe(1);
    // The server's link made and in history before the log is cleared: on a loaded machine its request could leave
    // after the page's own link showed, and be counted as the second popup's.
    await expect.poll(() => first.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    await first.close();
    session.standIn.clearLog();

    await loading.reload({ waitUntil: 'commit' });
    await loadingSeen();
    const again = await session.browser.openPopup(loading);
    await expect.poll(() => again.getByTestId('link-origin').textContent()).toContain('From your history');
    expect(await again.getByTestId('page-link').count()).toBe(0);
    session.standIn.releaseHeld();
    await expect.poll(() => again.getByTestId('page-link').locator('bdi').textContent()).toBe(ownLink.replace('https://', ''));
    expect(session.standIn.apiRequests()).toEqual([]);
    await again.close();
    await loading.close();
  });

  it('a page whose declared "short" link is longer than its address offers none', async () => {
    const longer = await session.openTab(OWN_LINK_PATHS.longer);
    const popup = await session.browser.openPopup(longer);
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    // The worker reads the page beside the request: by the link's copy it has long answered.
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    expect(await popup.getByTestId('page-link').count()).toBe(0);
    await popup.close();
    await longer.close();
  });
});

describe("the page's own short link, used (the setting on)", () => {
  beforeEach(() => session.configure({ usePageShortLink: true }));

  it('the popup shows it as the link, says so, sends nothing, and history keeps it as such', async () => {
    const popup = await session.browser.openPopup(ownLinkPage);
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toBe(ownLink);
    expect(await popup.getByTestId('link-origin').textContent()).toContain("The page's own short link: no credit used.");
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    expect(await popup.getByTestId('page-link').count()).toBe(0);
    await popup.close();
    expect(session.standIn.apiRequests()).toEqual([]);
    expect(await session.readClipboard()).toBe(ownLink);
    expect(await session.history()).toEqual([expect.objectContaining({ shortUrl: ownLink, longUrl: pageUrl, via: 'popup-tab', pageOwn: true })]);

    // It never answers as the server's link from history: a new link is asked of the server.
    await session.configure({ usePageShortLink: false });
    const again = await session.browser.openPopup(ownLinkPage);
    await expect.poll(() => again.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    await again.close();
    expect(session.standIn.apiRequests()).toHaveLength(1);
  });

  it('a real right-click and "Shorten this page" copies it, with no request', async () => {
    await inFrontForKeys(ownLinkPage, display);
    // The extension's one item on a page, chosen with real keys, each seen on the screen (support/native-menus.ts).
    await chooseExtensionItem(xvfb, E2E_DIST, () => ownLinkPage.click('.byline', { button: 'right' }));
    expect(await clipboardChange()).toBe(ownLink);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
    expect(session.standIn.apiRequests()).toEqual([]);
    expect((await session.history())[0]).toMatchObject({ shortUrl: ownLink, via: 'menu-page', pageOwn: true });
  });

  it('a real Alt+Shift+L copies it, with no request; on a page without one the server makes the link', async () => {
    await pressShortcut(session, ownLinkPage);
    expect(await clipboardChange()).toBe(ownLink);
    expect(session.standIn.apiRequests()).toEqual([]);

    const longer = await session.openTab(OWN_LINK_PATHS.longer);
    await session.setClipboard('nothing copied yet');
    await pressShortcut(session, longer);
    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: `${session.standIn.baseUrl}${OWN_LINK_PATHS.longer}` }]);
    await longer.close();
  });

  it('on another host, the real popup makes the server\'s link, offers the page\'s named by its host, and asks; its yes uses such links there from then on, marked as the page\'s own', async () => {
    const elsewhere = await session.openTab(OWN_LINK_PATHS.elsewhere);
    const elsewhereUrl = `${session.standIn.baseUrl}${OWN_LINK_PATHS.elsewhere}`;
    const popup = await session.browser.openPopup(elsewhere);
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    const offer = popup.getByTestId('page-link');
    await expect.poll(() => offer.textContent()).toContain('This page has its own short link, on phish.example, no credit:');
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: elsewhereUrl }]);

    await offer.getByRole('button', { name: 'Use phish.example links on 127.0.0.1' }).click();
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toBe(OWN_LINK_ELSEWHERE);
    expect(await popup.getByTestId('link-origin').textContent()).toContain("The page's own short link: no credit used.");
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    expect(await popup.getByTestId('page-link').count()).toBe(0);
    await popup.close();
    expect(await session.readClipboard()).toBe(OWN_LINK_ELSEWHERE);
    expect(session.standIn.apiRequests()).toHaveLength(1);

    // From then on, a real key uses it there with no request, and history keeps it as the page's own, at its host.
    await session.setClipboard('nothing copied yet');
    await pressShortcut(session, elsewhere);
    expect(await clipboardChange()).toBe(OWN_LINK_ELSEWHERE);
    expect(session.standIn.apiRequests()).toHaveLength(1);
    const [own] = await session.history();
    expect(own).toMatchObject({ shortUrl: OWN_LINK_ELSEWHERE, longUrl: elsewhereUrl, server: 'https://phish.example', via: 'shortcut', pageOwn: true });

    const historyPage = await session.browser.context.newPage();
    await historyPage.goto(session.browser.extensionUrl('src/history/index.html'));
    await expect.poll(() => historyPage.getByTestId('history-page-own').first().textContent()).toBe("Page's own link, on phish.example");
    await historyPage.close();

    // The keyword, typed for real, suggests it marked as the page's own, on its host.
    await inFrontForKeys(elsewhere, display);
    await typedInAddressBar(session, display, 'short link of its own', async () => (await omniboxShown(session, 'omnibox-suggestion', 'short link of its own')).length > 0);
    expect(await omniboxShown(session, 'omnibox-suggestion', 'short link of its own')).toContain(
      `<url>${OWN_LINK_ELSEWHERE}</url> <dim>A page with a short link of its own (the page&apos;s own link, on phish.example)</dim>`,
    );
    await xdotool(display, 'key', 'Escape', 'Escape');
    await elsewhere.close();
  });

  it('on another host, a real Alt+Shift+L copies the server\'s link, not the page\'s', async () => {
    const elsewhere = await session.openTab(OWN_LINK_PATHS.elsewhere);
    await pressShortcut(session, elsewhere);
    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: `${session.standIn.baseUrl}${OWN_LINK_PATHS.elsewhere}` }]);
    expect((await session.history()).map((entry) => entry.pageOwn)).toEqual([undefined]);
    await elsewhere.close();
  });
});
