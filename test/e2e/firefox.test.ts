// The Firefox build (dist-e2e/firefox) in Debian's firefox-esr, driven over
// WebDriver BiDi against the stand-in: install, the options page, the popup
// on a typed URL and on a tab, background shortening to the clipboard, and
// the token audit at the end of the session.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/background/entries/omnibox.ts.
import type { Page } from 'puppeteer-core';
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { chooseInFirefoxMenu, firefoxLinkOnPage, firefoxParagraphOnPage, pressFirefoxShortcut } from '../support/firefox-real-input';
import { extensionItems } from '../support/native-menus';
import { wordsIn } from '../support/locale-catalogue';
import { injectedStorageProbe } from '../support/storage-probe';
import { tokenKey } from '../../src/storage/token-vault';
import { startRecordingServer } from '../support/recording-server';
import { findingsOf, firstTestLeakFindings, LEAKS as leak } from '../support/token-audit-leaks';
import { checkOpenSessions } from '../support/audit-checkpoints';
import { fetchTrusting } from '../support/trusting-fetch';
import { xdotool } from '../../tooling/browsers/xvfb';
import { pollUntil, pollWithin } from '../../tooling/poll';
import { HOSTILE_TITLE_PATH, OWN_LINK_ELSEWHERE, OWN_LINK_PATHS, WRITING_PATH } from '../../tooling/stand-in/demo-pages';
import { startStandIn, type StandIn } from '../../tooling/stand-in/server';
import { clickWhenShown, textWhenShown, typeWhenShown } from '../support/puppeteer-input';

let session: FirefoxSession;
const { t } = wordsIn('en');
/** What a way in is waited on by: the clipboard holds anything else once it has copied. */
const NOTHING_COPIED = 'nothing copied yet';

beforeAll(async () => {
  session = await startFirefoxSession();
});
afterAll(() => session?.close());
beforeEach(() => {
  session.standIn.setFault(null);
  session.standIn.clearLog();
});

const shortOf = (server: string) => new RegExp(`^${server.replaceAll('.', '\\.')}/[A-Za-z0-9]{7}$`);
const tokensSeen = (server: { apiRequests(): { headers: Record<string, string> }[] }) => [...new Set(server.apiRequests().map((request) => request.headers.authorization))];
const textOf = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
const permissionsCard = (page: Page) => textOf(page, '[data-testid="permissions"]');

/** Replaces a field's value as a person would: select what is there, type over it. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await clickWhenShown(page, selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await typeWhenShown(page, selector, text);
}

/** Closes the toolbar popup's panel: it stays open over the window until closed, and no other popup opens meanwhile. */
function closePopupPanels(on: FirefoxSession = session): Promise<void> {
  return on.firefox.evaluateInExtension(() => {
    for (const view of (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser.extension.getViews({ type: 'popup' })) view.close();
  }, null);
}

async function connectionStatusAfterTest(options: Page): Promise<string> {
  // The page renders once its settings are read, after its DOM is there (seen missing once in CI): waited for.
  await (await options.waitForSelector('button::-p-text(Test connection)'))?.click();
  let status = '';
  await expect.poll(async () => (status = await textOf(options, '[data-testid="connection-status"]'))).not.toMatch(/^(|Checking…)$/);
  return status;
}

describe('the Firefox build', () => {
  it('installs as a Manifest V3 add-on with an event page and no offscreen permission', async () => {
    const manifest = await session.firefox.evaluateInExtension(
      () => (globalThis as unknown as { browser: typeof chrome }).browser.runtime.getManifest() as unknown as Record<string, unknown>,
      null,
    );
    // Firefox reports the background script as a full URL.
    expect(manifest).toMatchObject({ manifest_version: 3, background: { scripts: [session.firefox.extensionUrl('service-worker-loader.js')] } });
    expect(manifest.permissions).not.toContain('offscreen');
    // The background page has started and answers: its history store is read through it.
    expect(await session.history()).toEqual(expect.any(Array));
  });

  it('saves a typed token and server on the options page, and Test connection passes', async () => {
    const token = 'firefox-typed-token-7Qx2';
    session.standIn.addToken(token, 100);
    session.audit.track(token);
    await session.configure({ token: undefined, serverUrl: undefined });
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    await options.waitForSelector('#server-url');
    await typeInto(options, '#server-url', session.standIn.baseUrl);
    await typeWhenShown(options, '#token', token);
    await clickWhenShown(options, 'button::-p-text(Save account)');
    await expect.poll(() => textOf(options, '[data-testid="account-save-status"]')).toBe(`The account “${new URL(session.standIn.baseUrl).host}” was saved.`);
    expect(await session.storedSettings()).toMatchObject({
      // Its name was its server's host: it follows the server.
      accounts: [{ id: 'account-1', name: new URL(session.standIn.baseUrl).host, server: session.standIn.baseUrl }],
    });
    // Kept in the extension's own IndexedDB, none of it in storage.local, which Firefox lets content scripts read.
    expect(await session.storedTokens()).toEqual({ kept: { 'account-1': { token, server: session.standIn.baseUrl } }, inLocal: {} });

    expect(await connectionStatusAfterTest(options)).toMatch(/^Connected to 127\.0\.0\.1/);
    const ping = session.standIn.apiRequests().find((request) => request.path === '/api/v1/ping');
    expect(ping?.headers.authorization).toBe(`Bearer ${token}`);
    await options.close();
  });

  it('shortens a URL typed into the popup', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    // In a tab of its own, the popup's "current tab" is itself: an extension page it cannot shorten.
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    await popup.waitForSelector('[role="alert"]');
    expect(await popup.$eval('[role="alert"]', (alert) => alert.getAttribute('data-error-kind'))).toBe('unsupported-scheme');

    const longUrl = `${session.standIn.baseUrl}/demo/article?typed=1`;
    await typeWhenShown(popup, '#typed-url', longUrl);
    await clickWhenShown(popup, '.url-form button[type="submit"]');
    await popup.waitForSelector('[data-testid="short-url"]');
    const shortUrl = await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value);
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(await textOf(popup, '[data-testid="long-url"]')).toBe(longUrl);
    const [request] = session.standIn.apiRequests();
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ url: longUrl });
    await popup.close();
  });

  it('another machine removed the active account through sync: the settings page says so, and the popup sends a typed link only with the account chosen', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken, syncPreferences: true });
    const stored = () => session.firefox.evaluateInExtension(async () => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.get(['accounts', 'activeAccount']), null);
    const [first] = (await stored()).accounts as { id: string; name: string; server: string }[];
    const temp = { id: 'account-temp', name: 'Temporary', server: session.standIn.baseUrl };
    // Here: a second account, made the active one, which sync carries to the user's other browsers.
    await session.firefox.evaluateInExtension(async (accounts) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set({ accounts, activeAccount: 'account-temp' }), [first, temp]);
    const syncedIds = () => session.firefox.evaluateInExtension(async () => JSON.stringify(((await (globalThis as unknown as { browser: typeof chrome }).browser.storage.sync.get('pref:accounts'))['pref:accounts'] as { value?: { id: string }[] } | undefined)?.value?.map(({ id }) => id) ?? null), null);
    await expect.poll(syncedIds).toBe(JSON.stringify(['account-1', 'account-temp']));
    session.standIn.clearLog();
    // Then another browser removed it.
    await session.firefox.evaluateInExtension(async ({ accounts, at }) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.sync.set({ 'pref:accounts': { value: accounts, at } }), { accounts: [first], at: Date.now() + 1_000 });
    await expect.poll(async () => JSON.stringify((await stored()).accounts)).toBe(JSON.stringify([first]));
    try {
      const options = await session.firefox.openExtensionPage('src/options/index.html');
      await options.waitForSelector('[data-testid="active-removed-elsewhere"]');
      expect(await textOf(options, '[data-testid="active-removed-elsewhere"]')).toContain('“Temporary”, the active account, was removed on another computer through sync (');
      await options.close();

      const popup = await session.firefox.openExtensionPage('src/popup/index.html');
      await popup.waitForSelector('[role="alert"]');
      const longUrl = `${session.standIn.baseUrl}/demo/article?typed=removed-elsewhere`;
      await typeWhenShown(popup, '#typed-url', longUrl);
      await clickWhenShown(popup, '.url-form button[type="submit"]');
      await expect.poll(() => popup.$eval('[role="alert"]', (alert) => alert.getAttribute('data-error-kind'))).toBe('active-account-removed');
      expect(await textOf(popup, '[role="alert"]')).toContain('“Temporary”, the account you were using, was removed on another computer through sync (');
      expect(session.standIn.apiRequests()).toEqual([]);
      await (await popup.waitForSelector(`button::-p-text(Shorten with “${first?.name ?? ''}”)`))?.click();
      await popup.waitForSelector('[data-testid="short-url"]');
      expect(await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value)).toMatch(session.shortUrlPattern());
      expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: longUrl }]);
      expect((await stored()).activeAccount).toBe('account-1');
      await popup.close();
    } finally {
      await session.firefox.evaluateInExtension(async () => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set({ activeAccount: 'account-1', changedBySync: { servers: {}, activeRemoved: null } }), null);
    }
  });

  it('tags a typed link with campaign values typed once in the popup: the server gets the tagged address', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken, campaignPresets: undefined });
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    const longUrl = `${session.standIn.baseUrl}/demo/destination?from=ff-popup-campaign`;
    await typeWhenShown(popup, '#typed-url', longUrl);
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('[data-testid="short-url"]');
    await clickWhenShown(popup, 'button::-p-text(Campaign)');
    await popup.waitForSelector('[data-testid="campaign-panel"] form');
    const fields = await popup.$$('[data-testid="campaign-panel"] input');
    for (const [index, value] of ['mastodon', 'social', 'launch'].entries()) await fields[index]?.type(value);
    await clickWhenShown(popup, 'button::-p-text(Tag and shorten)');
    await popup.waitForSelector('[data-testid="campaign-note"]');
    const tagged = `${longUrl}&utm_source=mastodon&utm_medium=social&utm_campaign=launch`;
    expect(await textOf(popup, '[data-testid="long-url"]')).toBe(tagged);
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: longUrl }, { url: tagged }]);
    await popup.close();
  });

  it('a typed URL whose server gives no answer waits for the network, and its link comes with no click once it answers, one credit spent (issue 36)', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    await popup.waitForSelector('[role="alert"]');
    session.standIn.setFault({ kind: 'drop-connection' });
    const longUrl = `${session.standIn.baseUrl}/demo/article?typed=offline`;
    await typeWhenShown(popup, '#typed-url', longUrl);
    await clickWhenShown(popup, '.url-form button[type="submit"]');
    await popup.waitForSelector('[role="timer"]');
    expect(await textOf(popup, '[role="timer"]')).toBe('Waiting for the network…');
    // Tried again meanwhile: each try dropped before the server counted it.
    await expect.poll(() => session.standIn.apiRequests().length).toBeGreaterThanOrEqual(2);
    session.standIn.setFault(null);
    await popup.waitForSelector('[data-testid="short-url"]');
    expect(await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value)).toMatch(session.shortUrlPattern());
    expect(await popup.$('[role="alert"]')).toBeNull();
    expect(session.standIn.apiRequests().filter((request) => request.throttle?.verdict === 'allowed')).toHaveLength(1);
    await popup.close();
  });

  // Its field's focus is Chromium's to check (popup.test.ts): a panel opened by openPopup() without a click has no
  // focus of its own in Firefox, so its activeElement stays the body.
  it('the toolbar popup on a page it cannot shorten (about:blank) says why and offers its field for a typed link, sending nothing (issue 36, item 4)', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const tab = await session.firefox.openTab('about:blank');
    await tab.bringToFront();
    session.standIn.clearLog();
    await session.firefox.openPopup();
    await expect.poll(async () => (await session.firefox.popupPanel()).errorKind).toMatch(/^(unreadable-tab|unsupported-scheme)$/);
    const field = () =>
      session.firefox.evaluateInExtension(() => {
        const [view] = (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser.extension.getViews({ type: 'popup' });
        const input = view?.document.querySelector<HTMLInputElement>('#typed-url');
        return input === null || input === undefined ? 'none' : input.disabled ? 'disabled' : 'ready';
      }, null);
    expect(await field()).toBe('ready');
    expect(session.standIn.apiRequests()).toEqual([]);
    await closePopupPanels();
    await tab.close();
  });

  it('a typed URL met with a 429 waits in the queue, counting down, and its link comes with no click (issue 11)', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const popup = await session.firefox.openExtensionPage('src/popup/index.html');
    await popup.waitForSelector('[role="alert"]');
    session.standIn.setFault({ kind: 'status', status: 429, body: '{"message":"Too Many Attempts."}', headers: { 'Retry-After': '2' } }, { times: 1 });
    const longUrl = `${session.standIn.baseUrl}/demo/article?typed=waiting`;
    await typeWhenShown(popup, '#typed-url', longUrl);
    await clickWhenShown(popup, '.url-form button[type="submit"]');
    // Read in the frame it shows: the wait lasts two seconds, and a second look could come after it ended.
    expect(await textWhenShown(popup, '[role="timer"]')).toMatch(/^Waiting [12] seconds? for the server's limit…$/);
    await popup.waitForSelector('[data-testid="short-url"]');
    expect(await popup.$eval('[data-testid="short-url"]', (field) => (field as HTMLInputElement).value)).toMatch(session.shortUrlPattern());
    expect(await popup.$('[role="alert"]')).toBeNull();
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body))).toEqual([{ url: longUrl }, { url: longUrl }]);
    await popup.close();
  });

  it('grants host access from the options page, then the toolbar popup shortens the tab it opens on', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken, autoCopy: true });
    // Host access is offered when the server cannot be reached; a real click grants it
    // (Firefox's optional-permission prompt is off in this profile).
    const options = await session.firefox.openExtensionPage('src/options/index.html');
    session.standIn.setFault({ kind: 'drop-connection' });
    expect(await connectionStatusAfterTest(options)).toMatch(/^Can't reach 127\.0\.0\.1/);
    session.standIn.setFault(null);
    await clickWhenShown(options, 'button::-p-text(Allow access to)');
    const hasAccess = () =>
      session.firefox.evaluateInExtension(
        (origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({ origins }),
        ['https://127.0.0.1/*'],
      );
    await expect.poll(hasAccess).toBe(true);
    await options.close();

    const articleUrl = `${session.standIn.baseUrl}/demo/article`;
    const tab = await session.firefox.openTab(articleUrl);
    await tab.bringToFront();
    session.standIn.clearLog();
    await session.firefox.openPopup();
    let panel = await session.firefox.popupPanel();
    await expect.poll(async () => (panel = await session.firefox.popupPanel()).copyStatus).toBe('Copied to the clipboard');
    expect(panel.shortUrl).toMatch(session.shortUrlPattern());
    expect(JSON.parse(session.standIn.apiRequests()[0]?.body ?? '{}')).toEqual({ url: articleUrl });
    expect(await session.readClipboard()).toBe(panel.shortUrl);
    // Closed here, not by whichever test opens the next popup (shuffled, the two-account test's came after and could not open).
    await closePopupPanels();
    await tab.close();

    // Moving to another server gives back the access granted for this one.
    const moved = await session.firefox.openExtensionPage('src/options/index.html');
    await moved.waitForSelector('#server-url');
    await typeInto(moved, '#server-url', `https://localhost:${new URL(session.standIn.baseUrl).port}`);
    await clickWhenShown(moved, 'button::-p-text(Save account)');
    await expect.poll(() => textOf(moved, '[data-testid="account-save-status"]')).toBe(`The account “localhost:${new URL(session.standIn.baseUrl).port}” was saved.`);
    await expect.poll(hasAccess).toBe(false);
    await moved.close();
  });

  it('gives back, once the page is left without saving, the access Test connection asked for; lists each permission held, with a button to give it back', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    const hasAccess = (pattern: string) =>
      session.firefox.evaluateInExtension((origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({ origins }), [pattern]);

    // A server tried, with its own token typed, but never saved: its access goes when the page does.
    const tried = `https://localhost:${new URL(session.standIn.baseUrl).port}`;
    const triedToken = 'firefox-tried-token-4Hw9';
    session.audit.track(triedToken);
    session.audit.allow(tried, triedToken);
    const trying = await session.firefox.openExtensionPage('src/options/index.html');
    await trying.waitForSelector('#server-url');
    await typeInto(trying, '#server-url', tried);
    await typeWhenShown(trying, '#token', triedToken);
    session.standIn.setFault({ kind: 'drop-connection' });
    expect(await connectionStatusAfterTest(trying)).toMatch(/^Can't reach localhost/);
    session.standIn.setFault(null);
    await clickWhenShown(trying, 'button::-p-text(Allow access to localhost)');
    await expect.poll(() => hasAccess('https://localhost/*')).toBe(true);
    await expect.poll(() => permissionsCard(trying)).toContain('Access to localhost: no server in your settings uses it.');
    await trying.close();
    await expect.poll(() => hasAccess('https://localhost/*')).toBe(false);

    // The saved server's access stays when the page is left, is listed as such, and its button gives it back.
    const saved = await session.firefox.openExtensionPage('src/options/index.html');
    await saved.waitForSelector('#server-url');
    session.standIn.setFault({ kind: 'drop-connection' });
    expect(await connectionStatusAfterTest(saved)).toMatch(/^Can't reach 127\.0\.0\.1/);
    session.standIn.setFault(null);
    await clickWhenShown(saved, 'button::-p-text(Allow access to)');
    await expect.poll(() => hasAccess('https://127.0.0.1/*')).toBe(true);
    await saved.close();
    const listing = await session.firefox.openExtensionPage('src/options/index.html');
    await expect.poll(() => permissionsCard(listing)).toContain("Access to 127.0.0.1: the server in your settings. Without it, the browser may block the extension's requests to it.");
    expect(await hasAccess('https://127.0.0.1/*')).toBe(true);
    await clickWhenShown(listing, 'button[aria-label="Give back access to 127.0.0.1"]');
    await expect.poll(() => hasAccess('https://127.0.0.1/*')).toBe(false);
    await expect.poll(() => permissionsCard(listing)).toContain('None: Shrtnr uses only the permissions it was installed with.');
    await listing.close();
  });

  it('carries preferences through storage.sync both ways, and never the token', async () => {
    await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken, copyFormat: 'html' });
    const synced = () => session.firefox.evaluateInExtension(() => (globalThis as unknown as { browser: typeof chrome }).browser.storage.sync.get(null), null);
    await expect.poll(async () => ((await synced())['pref:copyFormat'] as { value?: string } | undefined)?.value).toBe('html');
    await session.firefox.evaluateInExtension((at) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.sync.set({ 'pref:autoCopy': { value: false, at } }), Date.now() + 1_000);
    await expect.poll(async () => (await session.storedSettings()).autoCopy).toBe(false);
    const all = await synced();
    expect(Object.keys(all).every((key) => key.startsWith('pref:'))).toBe(true);
    expect(JSON.stringify(all)).not.toContain(session.standIn.demoToken);
    await session.configure({ copyFormat: undefined, autoCopy: undefined });
  });
});

describe('the Firefox build, headed under Xvfb', () => {
  let headed: FirefoxSession;
  beforeAll(async () => {
    headed = await startFirefoxSession({ headed: true });
  });
  afterAll(() => headed?.close());
  beforeEach(() => headed.standIn.clearLog());

  /** A real Alt+Shift+L on the page (pressFirefoxShortcut): it grants activeTab (the stand-in's pages are in no host permission). */
  const pressShortcutOn = (page: Page): Promise<void> => pressFirefoxShortcut(headed, page);

  /** What a way in copied: the clipboard, emptied before it, once it changes. */
  async function copiedBy(wayIn: () => Promise<void>): Promise<string> {
    await headed.setClipboard(NOTHING_COPIED);
    await wayIn();
    await expect.poll(() => headed.readClipboard()).not.toBe(NOTHING_COPIED);
    return headed.readClipboard();
  }

  /** A tab of links, one to `linkUrl`: a real right-click on it, and the extension's item (at `path`) chosen in Firefox's menu. */
  async function linkChosen(linkUrl: string, path?: readonly number[]): Promise<void> {
    const tab = await headed.firefox.openTab(`${headed.standIn.baseUrl}/demo/destination?links=1&title=Links`);
    await chooseInFirefoxMenu(headed, tab, await firefoxLinkOnPage(tab, linkUrl), { path });
    await tab.close();
  }

  it('a real right-click on a link and "Shorten link", and a real Alt+Shift+L, shorten in the background page onto the clipboard', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: false });
    const linkUrl = `${headed.standIn.baseUrl}/demo/other?from=menu`;
    const fromMenu = await copiedBy(() => linkChosen(linkUrl));
    expect(fromMenu).toMatch(headed.shortUrlPattern());

    const pageUrl = `${headed.standIn.baseUrl}/demo/article?from=shortcut`;
    const page = await headed.firefox.openTab(pageUrl);
    const fromShortcut = await copiedBy(() => pressShortcutOn(page));
    expect(fromShortcut).toMatch(headed.shortUrlPattern());
    expect(fromShortcut).not.toBe(fromMenu);
    await page.close();
    expect(headed.standIn.apiRequests().map((request) => ({ url: (JSON.parse(request.body ?? '{}') as { url: string }).url, authorization: request.headers.authorization }))).toEqual([
      { url: linkUrl, authorization: `Bearer ${headed.standIn.demoToken}` },
      { url: pageUrl, authorization: `Bearer ${headed.standIn.demoToken}` },
    ]);
  });

  it('a real right-click on a selection replaces every address in it with its short link in the background page, and copies the text', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, copyFormat: 'markdown' });
    try {
      const from = (tag: string) => `${headed.standIn.baseUrl}/demo/destination?from=${tag}`;
      const text = `Notes: ${from('ff-1')} and ${from('ff-2')} (and again ${from('ff-1')}).`;
      const tab = await headed.firefox.openTab(`${headed.standIn.baseUrl}/demo/destination?selection=1&title=Notes`);
      const copied = await copiedBy(async () => chooseInFirefoxMenu(headed, tab, await firefoxParagraphOnPage(tab, text), { selected: true }));
      await tab.close();
      const sent = headed.standIn.apiRequests().map((request) => (JSON.parse(request.body ?? '{}') as { url: string }).url);
      expect(sent.toSorted()).toEqual([from('ff-1'), from('ff-2')]);
      const [first, second] = copied.match(new RegExp(headed.shortUrlPattern().source.replace(/^\^|\$$/g, ''), 'g')) ?? [];
      expect(copied).toBe(`Notes: ${first} and ${second} (and again ${first}).`);
    } finally {
      await headed.configure({ copyFormat: undefined });
    }
  });

  it('"Shorten with campaign ▸ Flyer", chosen for real, tags the link with the preset before it reaches the server', async () => {
    const campaign = { name: 'Flyer', params: [{ key: 'utm_source', value: 'print' }, { key: 'utm_medium', value: 'flyer' }, { key: 'utm_campaign', value: 'fair 2026' }] };
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, campaignPresets: [campaign] });
    try {
      // The submenu's items are created after it: the walk needs the row it chooses.
      await expect.poll(() => headed.menuOffers('campaign:Flyer')).toBe(true);
      const linkUrl = `${headed.standIn.baseUrl}/demo/destination?from=ff-campaign#top`;
      expect(await copiedBy(() => linkChosen(linkUrl, extensionItems({ presets: 1 }).withCampaign(0)))).toMatch(headed.shortUrlPattern());
      const tagged = `${headed.standIn.baseUrl}/demo/destination?from=ff-campaign&utm_source=print&utm_medium=flyer&utm_campaign=fair%202026#top`;
      expect(headed.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: tagged }]);
    } finally {
      await headed.configure({ campaignPresets: undefined });
    }
    await expect.poll(() => headed.menuOffers('shorten-with-campaign')).toBe(false);
  });

  it('the popup switches account, the submenu and the shortcut each use theirs, the cache never answers across them, and each server sees only its token', async () => {
    // Started while the session is open: the audit reads its log too.
    const second = await startStandIn({});
    headed.audit.track(second.demoToken);
    headed.audit.configured({ serverUrl: second.baseUrl, token: second.demoToken });
    const own = { id: 'account-own', name: 'Own links', server: second.baseUrl };
    try {
      await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, autoCopy: true });
      await headed.saveTokens({ [own.id]: { token: second.demoToken, server: own.server } });
      await headed.firefox.evaluateInExtension(async (account) => {
        const { storage } = (globalThis as unknown as { browser: typeof chrome }).browser;
        const { accounts } = await storage.local.get('accounts');
        await storage.local.set({ accounts: [...(accounts as unknown[]), account] });
      }, own);
      const linkUrl = `${headed.standIn.baseUrl}/demo/destination?from=ff-accounts`;

      // "Shorten link with ▸ Own links", chosen for real: that account, whatever is active.
      // The submenu's items are created after it, one an account: with the second's missing, Down found no row 1
      // to go to ("40 keys never highlighted row 1 of the submenu", seen once). Row 1, the last account's, is created last.
      await expect.poll(() => headed.menuOffers(`account-link:${own.id}`)).toBe(true);
      const items = extensionItems({ accounts: 2 });
      expect(await copiedBy(() => linkChosen(linkUrl, items.withAccount(1)))).toMatch(shortOf(second.baseUrl));
      // The active account for the same address: its own link from its own server, never the other account's from history.
      expect(await copiedBy(() => linkChosen(linkUrl, items.shorten))).toMatch(headed.shortUrlPattern());
      expect(headed.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: linkUrl }]);

      // The popup reads the tab it opens on with host access (a programmatic openPopup grants no activeTab):
      // granted by a real click on the settings page, as in the test above, and given back below.
      const options = await headed.firefox.openExtensionPage('src/options/index.html');
      headed.standIn.setFault({ kind: 'drop-connection' });
      expect(await connectionStatusAfterTest(options)).toMatch(/^Can't reach 127\.0\.0\.1/);
      headed.standIn.setFault(null);
      await clickWhenShown(options, 'button::-p-text(Allow access to)');
      await options.close();
      // The popup on a page: the active account's link, then the switcher's other choice makes it the other's.
      const articleUrl = `${headed.standIn.baseUrl}/demo/article?from=ff-switch`;
      const tab = await headed.firefox.openTab(articleUrl);
      await tab.bringToFront();
      await headed.firefox.openPopup();
      await expect.poll(async () => (await headed.firefox.popupPanel()).shortUrl).toMatch(headed.shortUrlPattern());
      await headed.firefox.evaluateInExtension((id) => {
        const api = (globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }).browser;
        const select = api.extension.getViews({ type: 'popup' })[0]?.document.querySelector<HTMLSelectElement>('select[aria-label="Account"]');
        if (select === null || select === undefined) throw new Error('The popup shows no account switcher.');
        select.value = id;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, own.id);
      await expect.poll(async () => (await headed.firefox.popupPanel()).shortUrl).toMatch(shortOf(second.baseUrl));
      expect((await headed.storedSettings()).activeAccount).toBe(own.id);

      await closePopupPanels(headed);
      // The shortcut, pressed for real, follows the active account.
      const pressedOn = await headed.firefox.openTab(`${headed.standIn.baseUrl}/demo/article?from=ff-shortcut`);
      expect(await copiedBy(() => pressShortcutOn(pressedOn))).toMatch(shortOf(second.baseUrl));
      await pressedOn.close();
      await tab.close();

      expect(tokensSeen(second)).toEqual([`Bearer ${second.demoToken}`]);
      expect(tokensSeen(headed.standIn)).toEqual([`Bearer ${headed.standIn.demoToken}`]);
      expect(second.apiRequests()).toHaveLength(3);
    } finally {
      await closePopupPanels(headed);
      await headed.firefox.evaluateInExtension((origins) => (globalThis as unknown as { browser: typeof chrome }).browser.permissions.remove({ origins }), ['https://127.0.0.1/*']);
      await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, autoCopy: undefined });
      await headed.saveTokens({ [own.id]: undefined });
      // Its log stays with the audit, read at this test's end.
      await second.close();
    }
  });

  it('a failure after a real right-click is said on the badge, and the clipboard is left alone', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken });
    await headed.firefox.evaluateInExtension(() => (globalThis as unknown as { browser: typeof chrome }).browser.action.setBadgeText({ text: '' }), null);
    await headed.setClipboard(NOTHING_COPIED);
    headed.standIn.setFault({ kind: 'status', status: 401 });
    try {
      await linkChosen(`${headed.standIn.baseUrl}/demo/other?refused=1`);
      await expect.poll(() => headed.badge()).toEqual({ text: '!', title: t('errorUnauthorized') });
    } finally {
      headed.standIn.setFault(null);
    }
    expect(headed.standIn.apiRequests()).toHaveLength(1);
    expect(await headed.readClipboard()).toBe(NOTHING_COPIED);
  });

  it('a real Alt+Shift+L on a page copies that page\'s short link (the shortcut grants activeTab)', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: false });
    const pageUrl = `${headed.standIn.baseUrl}/demo/article?from=real-key`;
    const page = await headed.firefox.openTab(pageUrl);
    const clipboardBefore = await headed.readClipboard();
    await pressShortcutOn(page);
    await expect.poll(() => headed.standIn.apiRequests().length).toBe(1);
    expect(JSON.parse(headed.standIn.apiRequests()[0]?.body ?? '{}')).toEqual({ url: pageUrl });
    // This press's link, not one another test left on the clipboard.
    await expect.poll(() => headed.readClipboard()).not.toBe(clipboardBefore);
    expect(await headed.readClipboard()).toMatch(headed.shortUrlPattern());
  });

  it("with the setting on, a real Alt+Shift+L on a page with its own short link copies that link, with no request (activeTab + scripting)", async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: true });
    const ownLink = `${headed.standIn.baseUrl}${OWN_LINK_PATHS.shortLink}`;
    await pressShortcutOn(await headed.firefox.openTab(`${headed.standIn.baseUrl}${OWN_LINK_PATHS.page}`));
    await expect.poll(() => headed.readClipboard()).toBe(ownLink);
    expect(headed.standIn.apiRequests()).toEqual([]);

    // Its "short" link longer than its address: the server makes one.
    const longerUrl = `${headed.standIn.baseUrl}${OWN_LINK_PATHS.longer}`;
    await pressShortcutOn(await headed.firefox.openTab(longerUrl));
    await expect.poll(() => headed.readClipboard()).not.toBe(ownLink);
    expect(await headed.readClipboard()).toMatch(headed.shortUrlPattern());
    expect(headed.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: longerUrl }]);
  });

  it("a script the extension injects into a page reads no token by any storage API; a token an older version left in storage.local is moved out of pages' reach", async () => {
    const { baseUrl, demoToken } = headed.standIn;
    await headed.configure({ serverUrl: baseUrl, token: demoToken, usePageShortLink: false });
    // Where the version before kept it: storage.local, which Firefox lets every content script of the extension read.
    const saved = { token: demoToken, server: baseUrl };
    await headed.saveTokens({ 'account-1': undefined });
    await headed.firefox.evaluateInExtension((item) => (globalThis as unknown as { browser: typeof chrome }).browser.storage.local.set(item), { [tokenKey('account-1')]: saved });
    const pageUrl = `${baseUrl}/demo/article?from=injected-probe`;
    const page = await headed.firefox.openTab(pageUrl);
    const clipboardBefore = await headed.readClipboard();
    // The real key grants activeTab (so the extension may inject into the page), and shortens it with the token it moved.
    await pressShortcutOn(page);
    // This press's link, not one another test left on the clipboard (shuffled, the shortcut's test may come first).
    await expect.poll(() => headed.readClipboard()).not.toBe(clipboardBefore);
    expect(await headed.readClipboard()).toMatch(headed.shortUrlPattern());
    expect(headed.standIn.apiRequests().map((request) => request.headers.authorization)).toEqual([`Bearer ${demoToken}`]);
    expect(await headed.storedTokens()).toEqual({ kept: { 'account-1': saved }, inLocal: {} });

    const tabId = await headed.firefox.evaluateInExtension(async (url) => {
      const tabs: { id?: number; url?: string }[] = await (globalThis as unknown as { browser: typeof chrome }).browser.tabs.query({});
      return tabs.find((each) => each.url === url)?.id ?? -1;
    }, pageUrl);
    const found = await headed.firefox.evaluateInExtension<Record<string, string>, undefined>(injectedStorageProbe(tabId), undefined);
    expect(JSON.stringify(found)).not.toContain(demoToken);
    // It did run, and read what Firefox gives a content script: the settings, but no token.
    expect(found['storage.local']).toContain('"accounts"');
  });

  it("with the setting on, a real Alt+Shift+L on a page whose own short link is on another host copies the server's link, unless that host was accepted for the page's", async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: true, pageLinkHosts: undefined });
    const elsewhereUrl = `${headed.standIn.baseUrl}${OWN_LINK_PATHS.elsewhere}`;
    const elsewhere = await headed.firefox.openTab(elsewhereUrl);
    const clipboardBefore = await headed.readClipboard();
    await pressShortcutOn(elsewhere);
    await expect.poll(() => headed.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: elsewhereUrl }]);
    await expect.poll(() => headed.readClipboard()).not.toBe(clipboardBefore);
    expect(await headed.readClipboard()).toMatch(headed.shortUrlPattern());

    // Accepted for the page's host (the popup's "Use phish.example links on 127.0.0.1"): used from then on.
    await headed.configure({ pageLinkHosts: [{ page: new URL(elsewhereUrl).hostname, link: new URL(OWN_LINK_ELSEWHERE).hostname }] });
    await pressShortcutOn(elsewhere);
    await expect.poll(() => headed.readClipboard()).toBe(OWN_LINK_ELSEWHERE);
    expect(headed.standIn.apiRequests()).toHaveLength(1);
  });

  it('a real Alt+Shift+L on a page titled with characters XML forbids keeps its title in history without them', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: false });
    const hostileUrl = `${headed.standIn.baseUrl}${HOSTILE_TITLE_PATH}`;
    await pressShortcutOn(await headed.firefox.openTab(hostileUrl));
    await expect.poll(() => headed.standIn.apiRequests().length).toBe(1);
    // Read through the background page's own store, as JSON (a value of its compartment cannot cross to BiDi as it is).
    const titleOf = () =>
      headed.firefox.evaluateInExtension(async (longUrl) => {
        const background = (await (globalThis as unknown as { browser: typeof chrome }).browser.runtime.getBackgroundPage()) as unknown as { shrtnrE2e: E2eHooks };
        const entries = (await background.shrtnrE2e.history().all()).entries;
        return JSON.stringify(entries.find((entry) => entry.longUrl === longUrl)?.title ?? null);
      }, hostileUrl);
    await expect.poll(titleOf).toBe(JSON.stringify('A hostile guide to gardening'));
  });

  /** What the extension's background page said in the address bar, with what it was said for (the e2e build records its suggestions). */
  const omniboxShown = () =>
    headed.firefox.evaluateInExtension(async () => {
      const background = (await (globalThis as unknown as { browser: typeof chrome }).browser.runtime.getBackgroundPage()) as unknown as { shrtnrE2e?: { shown: { surface: string; text: string; typed?: string }[] } };
      return (background?.shrtnrE2e?.shown ?? []).filter((item) => item.surface === 'omnibox').map((item) => (item.typed === undefined ? item.text : `${item.text} (for "${item.typed}")`));
    }, undefined);

  it('"sh", a space, a link and Enter typed for real in the address bar shorten and copy the link', async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: false });
    const page = await headed.firefox.openTab(`${headed.standIn.baseUrl}/demo/article`);
    const link = `${headed.standIn.baseUrl}/demo/destination?from=firefox-keyword`;
    const display = headed.xvfb?.display ?? '';
    const clipboardBefore = await headed.readClipboard();
    const before = (await omniboxShown()).length;
    // X key events can be lost while a loaded Firefox moves its focus: the keyword is typed again until
    // the extension's input session has started (its first suggestion is recorded), a few times at most.
    // Whether it started is asked, not asserted: the link's suggestion, below, is the assertion.
    const started = async () => ((await omniboxShown()).length > before ? true : undefined);
    for (let tries = 0; tries < 3 && (await started()) === undefined; tries += 1) {
      await page.bringToFront();
      await page.click('h1');
      await xdotool(display, 'key', '--clearmodifiers', 'ctrl+l');
      await xdotool(display, 'type', '--delay', '40', 'sh ');
      await pollWithin(started, { timeoutMs: 30_000 });
    }
    await xdotool(display, 'type', '--delay', '10', link);
    // The address bar has handed the whole link to the extension (its latest suggestion names it): then Enter.
    // A failure shows that suggestion and what it was for: a link typed short of its end (keys lost), a line
    // left from an earlier keystroke (what omnibox.ts's input numbers prevent), or none at all.
    await expect.poll(async () => (await omniboxShown()).at(-1) ?? 'no suggestion').toContain(link);
    await xdotool(display, 'key', 'Return');
    await expect.poll(() => headed.standIn.apiRequests().map((request) => JSON.parse(request.body ?? '{}'))).toEqual([{ url: link }]);
    await expect.poll(() => headed.readClipboard()).not.toBe(clipboardBefore);
    expect(await headed.readClipboard()).toMatch(headed.shortUrlPattern());
  });

  it("a real right-click on a text area replaces its addresses in place, with the access the click grants, as one step that Ctrl+Z takes back", async () => {
    await headed.configure({ serverUrl: headed.standIn.baseUrl, token: headed.standIn.demoToken, usePageShortLink: false });
    const page = await headed.firefox.openTab(`${headed.standIn.baseUrl}${WRITING_PATH}`);
    const valueOf = () => page.$eval('#field-textarea', (area) => (area as HTMLTextAreaElement).value);
    const before = await valueOf();
    const from = (tag: string) => `${headed.standIn.baseUrl}/demo/destination?from=${tag}`;
    // At a blank spot of the field: its item alone (no word under the pointer, so no selection).
    await chooseInFirefoxMenu(headed, page, '#field-textarea', { beside: true });
    const made = await pollUntil(
      async () => {
        const found = (await valueOf()).match(new RegExp(headed.shortUrlPattern().source.replace(/^\^|\$$/g, ''), 'g')) ?? [];
        return found.length === 3 ? found : undefined;
      },
      { timeoutMs: 30_000, failure: 'The three addresses of the text area were never replaced.' },
    );
    expect(await valueOf()).toBe(before.replace(from('field-1'), made[0] ?? '?').replace(from('field-2'), made[1] ?? '?').replace(from('field-3'), made[2] ?? '?'));
    expect(headed.standIn.apiRequests().map((request) => (JSON.parse(request.body ?? '{}') as { url: string }).url).toSorted()).toEqual([from('field-1'), from('field-2'), from('field-3')]);
    await page.focus('#field-textarea');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    expect(await valueOf()).toBe(before);
  });
});

describe('the token audit in Firefox', () => {
  it('fails the session for a token at each exit Firefox lets it watch', async () => {
    const third = await startRecordingServer();
    const audited = await startFirefoxSession();
    let started: StandIn | undefined;
    let findings: string[] = [];
    try {
      for (const token of Object.values(leak)) audited.audit.track(token);
      await audited.configure({ serverUrl: audited.standIn.baseUrl, token: audited.standIn.demoToken });
      const api = audited.standIn.baseUrl;

      // The background page (reached from an extension page), and that extension page itself.
      await audited.firefox.evaluateInExtension(
        async ({ tokens, thirdOrigin, server }) => {
          const extension = (globalThis as unknown as { browser: typeof chrome }).browser;
          const background = (await extension.runtime.getBackgroundPage()) as unknown as typeof globalThis;
          background.console.log('background debug', tokens.workerConsole);
          background.console.log({ level1: { level2: [{ level3: { level4: { level5: { token: tokens.nestedObject } } } }] } });
          background.console.warn('request headers', new background.Headers({ 'x-debug': tokens.headersObject }));
          await background.fetch(`${thirdOrigin}/collect`, { headers: { Authorization: `Bearer ${tokens.thirdHost}` } });
          await background.fetch(`${server}/api/v1/ping?api_token=${tokens.queryString}`, { method: 'POST' });
          // Uncaught in the background page's timer (Firefox's output names no context for it).
          background.setTimeout(() => {
            throw new Error(`background failed with ${tokens.workerException}`);
          }, 0);
          await extension.storage.session.set({ cached: tokens.sessionStorage });
          await extension.storage.sync.set({ synced: tokens.syncStorage });
          console.info('options debug', tokens.pageConsole);
          await fetch(`${thirdOrigin}/collect`, { method: 'POST', body: JSON.stringify({ note: tokens.requestBody }) });
        },
        { tokens: leak, thirdOrigin: third.origin, server: api },
      );

      const closed = await audited.firefox.openTab(`${api}/demo/blank`);
      await closed.evaluate((token) => (document.body.textContent = token), leak.closedPage);
      await closed.close();
      const open = await audited.firefox.openTab(`${api}/demo/blank`);
      await open.evaluate((token) => (document.body.textContent = token), leak.openPage);
      // What no markup shows: fields changed by script, and shadow roots (a web page's closed one is out of reach).
      const fields = await audited.firefox.openTab(`${api}/demo/blank`);
      await fields.evaluate((tokens) => {
        document.body.append(document.createElement('input'), document.createElement('textarea'), document.createElement('div'), document.createElement('div'));
        const [input, textarea, openHost, closedHost] = document.body.children as unknown as [HTMLInputElement, HTMLTextAreaElement, HTMLElement, HTMLElement];
        input.setRangeText(tokens.setRangeText);
        textarea.focus();
        document.execCommand('insertText', false, tokens.insertText);
        openHost.attachShadow({ mode: 'open' }).innerHTML = `<p>${tokens.openShadowRoot}</p>`;
        closedHost.attachShadow({ mode: 'closed' }).innerHTML = `<p>${tokens.closedShadowRoot}</p>`;
      }, leak);
      // An extension page's closed shadow root is within reach (from an extension page).
      await audited.firefox.evaluateInExtension((token) => {
        document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'closed' }).innerHTML = `<p>${token}</p>`;
      }, leak.closedShadowRoot);

      // Through the hook, as the audit's other deliberate exits are: a token planted in a notification and a badge's title.
      expect(await audited.clickMenu({ menuItemId: 'shorten-link', linkUrl: `https://${leak.notification}.example/page` })).toMatchObject({ status: 'copied' });
      audited.standIn.setFault({ kind: 'status', status: 422, body: JSON.stringify({ message: `Refused: ${leak.badgeTitle}` }) }, { times: 1 });
      expect(await audited.clickMenu({ menuItemId: 'shorten-link', linkUrl: 'https://example.com/refused' })).toMatchObject({ status: 'failed' });
      // Last, after the background page copied its short links.
      await audited.firefox.evaluateInExtension((token) => navigator.clipboard.writeText(token), leak.clipboard);

      await expect.poll(() => third.received.join('\n')).toContain(leak.thirdHost);
      expect(third.received.join('\n')).toContain(leak.requestBody);
      // A stand-in the test starts, never handed to the audit: its log is read, and no token may reach it.
      started = await startStandIn();
      await fetchTrusting(started.certificatePem)(`${started.baseUrl}/demo/blank?note=${leak.startedServer}`, { headers: { authorization: `Bearer ${audited.standIn.demoToken}` } });
    } finally {
      findings = await findingsOf(() => audited.close());
      await Promise.all([third.close(), started?.close()]);
    }

    const extensionOrigin = audited.firefox.extensionOrigin;
    const api = audited.standIn.baseUrl;
    const foundAs = (kind: string, token: string) => findings.some((finding) => finding.startsWith(kind) && finding.includes(token));
    // Firefox's output does not say which context printed a line.
    expect(foundAs('console: firefox output', leak.workerConsole), findings.join('\n')).toBe(true);
    expect(foundAs('console: firefox output', leak.pageConsole)).toBe(true);
    expect(foundAs('console: firefox output', leak.nestedObject)).toBe(true);
    expect(foundAs('uncaught exception: firefox output', leak.workerException)).toBe(true);
    expect(foundAs(`request to another origin: GET ${third.origin}/collect (from ${extensionOrigin}`, '')).toBe(true);
    expect(foundAs(`request body: POST ${third.origin}/collect (from ${extensionOrigin}`, '')).toBe(true);
    expect(foundAs(`URL: POST ${api}/api/v1/ping?api_token=${leak.queryString} (from ${extensionOrigin}`, '')).toBe(true);
    expect(foundAs('page markup: https://', leak.closedPage)).toBe(true);
    expect(foundAs('page markup: https://', leak.openPage)).toBe(true);
    expect(foundAs('page field input: https://', leak.setRangeText)).toBe(true);
    expect(foundAs('page field textarea: https://', leak.insertText)).toBe(true);
    expect(foundAs('page content: https://', leak.openShadowRoot)).toBe(true);
    expect(foundAs(`page content: ${extensionOrigin}/src/options/index.html`, leak.closedShadowRoot)).toBe(true);
    expect(foundAs('page content: https://', leak.closedShadowRoot)).toBe(false);
    const startedLog = `${started?.baseUrl ?? 'the started stand-in'}'s log`;
    expect(findings).toEqual(expect.arrayContaining([`URL: https GET /demo/blank (${startedLog})`, `another server's token: https GET /demo/blank (${startedLog})`]));
    expect(foundAs('notification: firefox output', leak.notification)).toBe(true);
    expect(foundAs('badge title: firefox output', leak.badgeTitle)).toBe(true);
    expect(findings).toEqual(expect.arrayContaining(['storage.session', 'storage.sync', 'clipboard']));
    expect(findings.filter((finding) => finding.startsWith('could not be checked'))).toEqual([]);
    expect(findings.filter((finding) => finding.startsWith('request to another origin'))).toHaveLength(1);
    // What Firefox's output cannot show: it prints a Headers object as "[object Headers]".
    expect(findings.some((finding) => finding.includes(leak.headersObject))).toBe(false);
  });
});

// As in Chromium (token-audit.test.ts): what the first test of a file leaves
// fails that test, at its end.
// In written order even when the suite is shuffled: which test comes first is what this self-test is about.
describe('the token audit in Firefox, over the tests of a file', { shuffle: false }, () => {
  let audited: FirefoxSession;
  const firstTest = 'leaves the token in the stand-in\'s log, in every store, on the clipboard, in the console and in a field, and fails at its end';

  let closed = false;

  beforeAll(async () => {
    audited = await startFirefoxSession();
    audited.audit.track(leak.firstTest);
    await audited.configure({ serverUrl: audited.standIn.baseUrl, token: audited.standIn.demoToken });
  });
  // The second test closes the session, for its findings; when it did not get there (a failure, a filtered run), this does.
  afterAll(async () => {
    if (!closed) await audited?.close().catch(() => undefined);
  });

  it(firstTest, async () => {
    await audited.firefox.evaluateInExtension(
      async ({ left, server }) => {
        const extension = (globalThis as unknown as { browser: typeof chrome }).browser;
        await extension.storage.local.set({ draft: left });
        await extension.storage.session.set({ cached: left });
        await extension.storage.sync.set({ synced: left });
        // Made in the background page's own compartment, which its IndexedDB then stores as it is.
        const background = (await extension.runtime.getBackgroundPage()) as unknown as typeof globalThis & { shrtnrE2e: E2eHooks };
        const entry = { shortUrl: `${server}/Abc1234`, longUrl: `https://example.com/?q=${left}`, server, createdAt: Date.now(), via: 'menu-link' };
        await background.shrtnrE2e.history().record(background.JSON.parse(JSON.stringify(entry)) as HistoryEntry);
        background.console.log('left', left);
        await navigator.clipboard.writeText(left);
      },
      { left: leak.firstTest, server: audited.standIn.baseUrl },
    );
    const page = await audited.firefox.openTab(`${audited.standIn.baseUrl}/demo/blank`);
    await page.evaluate((left) => document.body.appendChild(document.createElement('input')).setRangeText(left), leak.firstTest);
    // A request Firefox did not make, with the token in its URL: only the stand-in's log has it.
    await fetchTrusting(audited.standIn.certificatePem)(`${audited.standIn.baseUrl}/demo/from-outside?note=${leak.firstTest}`, {});
    audited.standIn.clearLog();

    // What e2e-setup.ts runs after every test (for this file's session too), run here so that this test sees it fail.
    const findings = await findingsOf(() => checkOpenSessions(`the test "${firstTest}"`));
    const [logged, rest] = [findings.filter((finding) => /^(console|page field)/.test(finding)), findings.filter((finding) => !/^(console|page field)/.test(finding))];
    expect(rest.toSorted()).toEqual(firstTestLeakFindings(firstTest).toSorted());
    expect(logged).toEqual([`console: firefox output: console.log: "left" "${leak.firstTest}"`, `page field input: ${page.url()}: ${leak.firstTest}`]);
  });

  it('reports each finding once: the next test and the close, with all of it still there, say nothing more', async () => {
    closed = true;
    expect(await findingsOf(() => audited.close())).toEqual([]);
  });
});
