// Two accounts on two servers at once (issue 21), in the built extension
// against two stand-ins: the second account added on the settings page as a
// person would, then the popup's switcher, the menu's "Shorten link with ▸",
// the shortcut and the cache, each server's log holding only its own token;
// and two accounts on one rate-limited server, each keeping its own limit.
// Headed Chromium under Xvfb: the menu and the shortcut with real input.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/storage/accounts';
import { pollUntil } from '../../tooling/poll';
import { startStandIn, type StandIn } from '../../tooling/stand-in/server';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { settledBadge } from '../support/toolbar-badge';
import { extensionItems } from '../support/native-menus';
import { chooseInMenu, linkOnPage, pressShortcut } from '../support/real-input';

let session: E2eSession;
let second: StandIn;
let ownAccount: Account;
/** A third server, where two accounts keep a token each, limited to 2 requests per 3 s a token (one click, the second account's, must land inside the first's window: it takes well under a second, on a slow machine too). */
let shared: StandIn;
const SHARED_TOKENS = ['work_0123456789abcdef0123', 'home_0123456789abcdef4567'] as const;

const shortUrlOf = (server: StandIn) => new RegExp(`^${server.baseUrl.replaceAll('.', '\\.')}/[A-Za-z0-9]{7}$`);
const tokensSeenBy = (server: StandIn) => [...new Set(server.apiRequests().map((request) => request.headers.authorization))];
/** Where each item is in the menu with the two accounts of each test (extensionItems in native-menus.ts). */
const items = extensionItems({ accounts: 2 });
/** The short link the menu or the shortcut copied: the clipboard once it holds anything but `before`. */
const copiedSince = async (before: string) => {
  await expect.poll(() => session.readClipboard()).not.toBe(before);
  return session.readClipboard();
};
const stored = async () => (await session.worker()).evaluate(() => chrome.storage.local.get(['accounts', 'activeAccount']));

beforeAll(async () => {
  second = await startStandIn({});
  shared = await startStandIn({ tokens: SHARED_TOKENS.map((token) => ({ token, credits: 100 })), rateLimit: { limit: 2, windowMs: 3_000 } });
  session = await startE2eSession({ headed: true, trustedSpkiHashes: [second.spkiHash, shared.spkiHash] });
  await session.useStandIn();
  session.audit.watchServer(shared);
  for (const token of SHARED_TOKENS) session.audit.configured({ serverUrl: shared.baseUrl, token });
  // The second account's token is the audit's to follow too: it may go to its own server only.
  session.audit.track(second.demoToken);
  session.audit.watchServer(second);
  session.audit.configured({ serverUrl: second.baseUrl, token: second.demoToken });

  // Added on the settings page, as a person adds an account.
  const options = await session.browser.context.newPage();
  await options.goto(session.browser.extensionUrl('src/options/index.html'));
  await options.getByRole('button', { name: 'Add account' }).click();
  await options.getByLabel('Account name').fill('Own links');
  await options.getByLabel('Server address').fill(second.baseUrl);
  await options.getByLabel('Access token').pressSequentially(second.demoToken);
  await options.getByRole('button', { name: 'Save account' }).click();
  await options.waitForFunction(() => document.querySelector('[data-testid="account-save-status"]')?.textContent === 'The account “Own links” was saved.');
  await options.close();
  const { accounts, activeAccount } = await stored();
  expect(accounts).toHaveLength(2);
  ownAccount = (accounts as Account[])[1] as Account;
  expect(ownAccount).toMatchObject({ name: 'Own links', server: second.baseUrl });
  // Adding an account leaves the active one as it was.
  expect(activeAccount).toBe('account-1');
});
afterAll(async () => {
  // Closed after the session: the audit reads its log at the session's close.
  await session?.close();
  await second?.close();
  await shared?.close();
});
beforeEach(async () => {
  session.standIn.clearLog();
  second.clearLog();
  await session.clearHistory();
  // The two accounts as the settings page saved them, the first active, sync empty: each test starts there, whatever ran before.
  const first = { id: 'account-1', name: new URL(session.standIn.baseUrl).host, server: session.standIn.baseUrl };
  await (await session.worker()).evaluate(
    async ({ accounts, tokens }) => {
      const stale = Object.keys(await chrome.storage.local.get(null)).filter((key) => key.startsWith('token:') || key === 'syncBase');
      await chrome.storage.local.remove(stale);
      await chrome.storage.sync.clear();
      await chrome.storage.local.set({ accounts, activeAccount: 'account-1', ...tokens });
    },
    {
      accounts: [first, ownAccount],
      tokens: {
        'token:account-1': { token: session.standIn.demoToken, server: first.server },
        [`token:${ownAccount.id}`]: { token: second.demoToken, server: ownAccount.server },
      },
    },
  );
  // The menu as the two accounts make it: a test that added a third leaves a rebuild on its way.
  await expect.poll(async () => (await session.menuOffers(`account-link:${ownAccount.id}`)) && !(await session.menuOffers('account-link:account-synced'))).toBe(true);
});

async function popupOn(path: string): Promise<{ tab: Page; popup: Page }> {
  const tab = await session.openTab(path);
  return { tab, popup: await session.browser.openPopup(tab) };
}

const shortLinkIn = async (popup: Page, pattern: RegExp) => {
  await expect.poll(() => popup.getByLabel('Short link').inputValue()).toMatch(pattern);
  return popup.getByLabel('Short link').inputValue();
};

describe('two accounts on two servers', () => {
  it('the popup shows the active account and switches with one choice: the page shortened again on the other server, with its token', async () => {
    const { tab, popup } = await popupOn('/demo/article');
    await shortLinkIn(popup, session.shortUrlPattern());
    const switcher = popup.getByRole('combobox', { name: 'Account' });
    expect(await switcher.inputValue()).toBe('account-1');

    await switcher.selectOption({ label: 'Own links' });
    const own = await shortLinkIn(popup, shortUrlOf(second));
    expect(second.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: `${session.standIn.baseUrl}/demo/article` }]);
    expect(tokensSeenBy(second)).toEqual([`Bearer ${second.demoToken}`]);
    expect(tokensSeenBy(session.standIn)).toEqual([`Bearer ${session.standIn.demoToken}`]);
    // The choice stays: it is the active account from now on.
    expect((await stored()).activeAccount).toBe(ownAccount.id);
    expect((await session.history()).map(({ shortUrl, account }) => ({ shortUrl, account }))).toContainEqual({ shortUrl: own, account: ownAccount.id });
    await popup.close();
    await tab.close();
  });

  it('the cache answers only with links the same account made', async () => {
    const longUrl = `${session.standIn.baseUrl}/demo/destination?from=cache-per-account`;
    const page = await session.openTab('/demo/destination?title=Links+for+two+accounts');
    const link = await linkOnPage(page, longUrl);
    // A real right-click on the link and "Shorten link" (in the extension's submenu beside "Shorten link with ▸").
    const viaMenu = async () => {
      await session.setClipboard('nothing copied yet');
      await chooseInMenu(session, page, link, { path: items.shorten });
      return copiedSince('nothing copied yet');
    };
    const first = await viaMenu();
    expect(first).toMatch(session.shortUrlPattern());

    // The other account is asked for the same address: its own server makes its own link, never the first account's.
    await (await session.worker()).evaluate((id) => chrome.storage.local.set({ activeAccount: id }), ownAccount.id);
    const theirs = await viaMenu();
    expect(theirs).toMatch(shortUrlOf(second));
    expect(second.apiRequests()).toHaveLength(1);

    // Each account again: each is given its own link from history, with no request.
    session.standIn.clearLog();
    second.clearLog();
    expect(await viaMenu()).toBe(theirs);
    await (await session.worker()).evaluate(() => chrome.storage.local.set({ activeAccount: 'account-1' }));
    expect(await viaMenu()).toBe(first);
    expect([...session.standIn.apiRequests(), ...second.apiRequests()]).toEqual([]);
    await page.close();
  });

  it('"Shorten link with ▸" and "Shorten page with ▸", chosen for real, shorten with the account chosen whatever is active; a real shortcut uses the active one', async () => {
    const page = await session.openTab('/demo/destination?title=A+page+for+the+account+submenus');
    const linkUrl = `${session.standIn.baseUrl}/demo/destination?from=submenu`;
    await session.setClipboard('nothing copied yet');
    await chooseInMenu(session, page, await linkOnPage(page, linkUrl), { path: items.withAccount(1) });
    expect(await copiedSince('nothing copied yet')).toMatch(shortUrlOf(second));
    expect(second.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: linkUrl }]);
    expect(session.standIn.apiRequests()).toEqual([]);
    expect((await stored()).activeAccount).toBe('account-1');

    // The page's submenu, on the page itself: "Own links" too.
    second.clearLog();
    await session.setClipboard('nothing copied yet');
    await chooseInMenu(session, page, 'h1', { path: items.withAccount(1) });
    expect(await copiedSince('nothing copied yet')).toMatch(shortUrlOf(second));
    expect(second.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: page.url() }]);
    expect((await session.history())[0]).toMatchObject({ via: 'menu-page', account: ownAccount.id });

    await session.setClipboard('nothing copied yet');
    await pressShortcut(session, page);
    expect(await copiedSince('nothing copied yet')).toMatch(session.shortUrlPattern());
    expect(session.standIn.apiRequests().map((request) => JSON.parse(request.body) as unknown)).toEqual([{ url: page.url() }]);
    expect(tokensSeenBy(session.standIn)).toEqual([`Bearer ${session.standIn.demoToken}`]);
    expect(tokensSeenBy(second)).toEqual([`Bearer ${second.demoToken}`]);
    await page.close();
  });

  it("two accounts on one server keep a limit each: one's clicks waiting for its window hold none of the other's (through the hook: five clicks within one 3-second window, faster than real input walks the menu)", async () => {
    const [work, home] = [
      { id: 'account-1', name: 'Work', server: shared.baseUrl },
      { id: 'account-2', name: 'Home', server: shared.baseUrl },
    ];
    await (await session.worker()).evaluate(
      async ({ accounts, tokens }) => {
        await chrome.storage.local.remove(Object.keys(await chrome.storage.local.get(null)).filter((key) => key.startsWith('token:')));
        await chrome.storage.local.set({ accounts, activeAccount: 'account-1', ...tokens });
      },
      {
        accounts: [work, home],
        tokens: { 'token:account-1': { token: SHARED_TOKENS[0], server: shared.baseUrl }, 'token:account-2': { token: SHARED_TOKENS[1], server: shared.baseUrl } },
      },
    );
    shared.clearLog();
    const link = (tag: string) => `${shared.baseUrl}/demo/destination?${tag}`;
    // Four links for Work at once: two go, two wait for its window.
    const workClicks = [1, 2, 3, 4].map((index) => session.clickMenu({ menuItemId: `account-link:${work.id}`, linkUrl: link(`work=${index}`) }));
    await pollUntil(() => (shared.apiRequests().length >= 2 ? true : undefined), { timeoutMs: 30_000, intervalMs: 50, failure: "Work's first two links were not sent." });
    const homeClick = await session.clickMenu({ menuItemId: `account-link:${home.id}`, linkUrl: link('home=1') });
    expect(homeClick).toMatchObject({ status: 'copied', shortened: { shortUrl: expect.stringMatching(shortUrlOf(shared)) as unknown } });
    const sentWith = () => shared.apiRequests().map((request) => request.headers.authorization);
    // Home's link went before Work's third, which waits for Work's own window.
    expect(sentWith()).toEqual([`Bearer ${SHARED_TOKENS[0]}`, `Bearer ${SHARED_TOKENS[0]}`, `Bearer ${SHARED_TOKENS[1]}`]);
    for (const outcome of await Promise.all(workClicks)) expect(outcome).toMatchObject({ shortened: { shortUrl: expect.stringMatching(shortUrlOf(shared)) as unknown } });
    expect(sentWith().filter((token) => token === `Bearer ${SHARED_TOKENS[0]}`)).toHaveLength(4);
    expect(shared.apiRequests().every((request) => request.throttle?.verdict === 'allowed')).toBe(true);
  });

  it('sync carries the accounts\' names and servers, never a token', async () => {
    // Merged a moment after the accounts were written (in beforeEach), as after any change.
    const syncedAccounts = async () => ((await (await session.worker()).evaluate(() => chrome.storage.sync.get('pref:accounts')))['pref:accounts'] as { value?: unknown } | undefined)?.value;
    await expect.poll(syncedAccounts).toEqual((await stored()).accounts);
    const synced = await (await session.worker()).evaluate(() => chrome.storage.sync.get(null));
    expect(JSON.stringify(synced)).not.toContain(second.demoToken);
    expect(JSON.stringify(synced)).not.toContain(session.standIn.demoToken);
  });

  it('removing an account on the settings page removes its token, and the menu no longer offers it', async () => {
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('button', { name: 'Remove Own links' }).click();
    await options.getByRole('group', { name: /Remove “Own links”/ }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => options.getByTestId('accounts-status').textContent()).toBe('The account “Own links” was removed, with its token.');
    await options.close();
    const left = await (await session.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(left.accounts).toEqual([expect.objectContaining({ id: 'account-1' })]);
    expect(Object.keys(left).filter((key) => key.startsWith('token:'))).toEqual(['token:account-1']);
    // One account: no "Shorten link with ▸" at all (an update of an item that does not exist is refused)...
    await expect.poll(() => session.menuOffers('shorten-link-with')).toBe(false);
    // ...and a real right-click on a link finds the extension's one item, no submenu: Return on it shortens with the account left.
    const page = await session.openTab('/demo/destination?title=A+page+after+the+removal');
    await session.setClipboard('nothing copied yet');
    await chooseInMenu(session, page, await linkOnPage(page, `${session.standIn.baseUrl}/demo/destination?from=one-account`));
    expect(await copiedSince('nothing copied yet')).toMatch(session.shortUrlPattern());
    await page.close();
  });

  it('a profile saved before accounts (its server and token, version 1) becomes the first account in a fresh worker, with nothing to redo', async () => {
    await (await session.worker()).evaluate(async ({ serverUrl, token }) => {
      const all = await chrome.storage.local.get(null);
      await chrome.storage.local.remove(Object.keys(all));
      // As the extension stored them before accounts: one server, its token, the server that token was saved for.
      await chrome.storage.local.set({ serverUrl, token, tokenServer: serverUrl, autoCopy: false, settingsVersion: 1 });
    }, { serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
    await session.browser.stopServiceWorkers();
    // The popup wakes a fresh worker, whose first read of the settings brings them up to date.
    const { tab, popup } = await popupOn('/demo/article?from=migrated');
    await shortLinkIn(popup, session.shortUrlPattern());
    await popup.close();
    await tab.close();
    expect(tokensSeenBy(session.standIn)).toEqual([`Bearer ${session.standIn.demoToken}`]);
    const { settingsVersion, ...migrated } = await (await session.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(settingsVersion).toBeGreaterThanOrEqual(2);
    expect(migrated).toMatchObject({
      accounts: [{ id: 'account-1', name: new URL(session.standIn.baseUrl).host, server: session.standIn.baseUrl }],
      activeAccount: 'account-1',
      'token:account-1': { token: session.standIn.demoToken, server: session.standIn.baseUrl },
      autoCopy: false,
    });
    expect(Object.keys(migrated).filter((key) => ['serverUrl', 'token', 'tokenServer'].includes(key))).toEqual([]);
    // The link is the first account's in history, and the options page shows it, its token saved.
    expect((await session.history())[0]).toMatchObject({ account: 'account-1' });
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await expect.poll(() => options.getByTestId('token-status').textContent()).toMatch(/A token ending in .{4} is saved for 127\.0\.0\.1:\d+\./);
    await options.close();
    await session.configure({ autoCopy: undefined });
  });

  it('an account that comes through sync with no token here asks for its token: on the settings page, and by name when used', async () => {
    const worker = await session.worker();
    const synced = [...((await stored()).accounts as Account[]), { id: 'account-synced', name: 'From my laptop', server: second.baseUrl }];
    // Another browser added it a moment ago.
    await worker.evaluate((value) => chrome.storage.sync.set({ 'pref:accounts': { value, at: Date.now() + 1_000 } }), synced);
    // Merged as any change from sync is (storage.sync's own event).
    await expect.poll(async () => (await stored()).accounts).toEqual(synced);

    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await expect.poll(() => options.locator('.account-list li', { hasText: 'From my laptop' }).textContent()).toContain('Needs its token in this browser');
    await options.close();

    // "Shorten link with ▸ From my laptop", the third account, chosen for real, once the menu has its row (created last).
    await expect.poll(() => session.menuOffers('account-link:account-synced')).toBe(true);
    const page = await session.openTab('/demo/destination?title=A+page+for+the+synced+account');
    await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
    await chooseInMenu(session, page, await linkOnPage(page, `${session.standIn.baseUrl}/demo/destination?from=synced`), { path: extensionItems({ accounts: 3 }).withAccount(2) });
    expect((await settledBadge(session)).title).toContain('No access token is saved in this browser for the account “From my laptop”.');
    expect(second.apiRequests()).toEqual([]);
    await page.close();
    // Its notification names it, in the user's words: told once the browser has shown it, which the badge need not wait for.
    const shown = () => worker.evaluate(() => (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string }[] } }).shrtnrE2e.shown);
    await expect.poll(async () => (await shown()).some(({ text }) => text.includes('No access token is saved in this browser for the account “From my laptop”.'))).toBe(true);
  });

  it('another machine removed the active account and moved a server, through sync: the settings page says so and when, and the popup asks which account before it sends anything', async () => {
    const worker = await session.worker();
    const before = (await stored()).accounts as Account[];
    const temp: Account = { id: 'account-temp', name: 'Temporary', server: second.baseUrl };
    // Here: a third account, the active one, which sync then carries to the user's other browsers.
    await worker.evaluate((accounts) => chrome.storage.local.set({ accounts, activeAccount: 'account-temp' }), [...before, temp]);
    const syncedAccounts = async () => ((await worker.evaluate(() => chrome.storage.sync.get('pref:accounts')))['pref:accounts'] as { value?: unknown } | undefined)?.value;
    await expect.poll(syncedAccounts).toEqual([...before, temp]);
    for (const server of [session.standIn, second, shared]) server.clearLog();
    // Then another browser removed it, and moved "Own links" to a third server.
    const changedAt = Date.now() + 1_000;
    const moved = before.map((account) => (account.id === ownAccount.id ? { ...account, server: shared.baseUrl } : account));
    await worker.evaluate(({ value, at }) => chrome.storage.sync.set({ 'pref:accounts': { value, at } }), { value: moved, at: changedAt });
    // Merged as any change from sync is (storage.sync's own event).
    await expect.poll(async () => (await stored()).accounts).toEqual(moved);
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(changedAt);

    try {
      const options = await session.browser.context.newPage();
      await options.goto(session.browser.extensionUrl('src/options/index.html'));
      await expect.poll(() => options.getByTestId('active-removed-elsewhere').textContent()).toBe(`“Temporary”, the active account, was removed on another computer through sync (${when}). Choose the account to use: until then nothing is shortened.`);
      expect(await options.getByRole('radio', { checked: true }).count()).toBe(0);
      await options.getByRole('button', { name: 'Edit Own links' }).click();
      const sharedHost = new URL(shared.baseUrl).host;
      await expect.poll(() => options.getByTestId('token-status').textContent()).toContain(`This account's server was changed to ${sharedHost} on another computer, through sync (${when}). It is not sent to ${sharedHost}`);
      await options.close();

      // The popup sends nothing until an account is chosen, then shortens with that one.
      const { tab, popup } = await popupOn('/demo/article?from=removed-elsewhere');
      await expect.poll(() => popup.getByRole('alert').textContent()).toBe(`“Temporary”, the account you were using, was removed on another computer through sync (${when}). Nothing is shortened until you choose an account.`);
      expect([...session.standIn.apiRequests(), ...second.apiRequests(), ...shared.apiRequests()]).toEqual([]);
      await popup.getByRole('button', { name: `Shorten with “${new URL(session.standIn.baseUrl).host}”` }).click();
      await shortLinkIn(popup, session.shortUrlPattern());
      expect(tokensSeenBy(session.standIn)).toEqual([`Bearer ${session.standIn.demoToken}`]);
      expect((await stored()).activeAccount).toBe('account-1');
      await popup.close();
      await tab.close();
    } finally {
      await worker.evaluate((accounts) => chrome.storage.local.set({ accounts, activeAccount: 'account-1', changedBySync: { servers: {}, activeRemoved: null } }), before);
      await worker.evaluate((value) => chrome.storage.sync.set({ 'pref:accounts': { value, at: Date.now() + 1_000 } }), before);
      await expect.poll(async () => (await stored()).accounts).toEqual(before);
    }
  });
});
