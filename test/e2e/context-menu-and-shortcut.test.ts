// The right-click menu and the keyboard shortcut of the built extension, in
// headed Chromium under Xvfb: each item chosen with a real right-click and
// real keys on Chromium's own menu (a submenu's too), and real key presses.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/background/main.ts,
// src/background/delivery/clipboard.ts, src/background/testing/e2e-hooks.ts,
// src/background/testing/e2e-main.ts, src/background/testing/e2e-timing.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { E2E_DIST, startE2eSession, type E2eSession } from '../support/e2e-session';
import { settledBadge } from '../support/toolbar-badge';
import { chooseExtensionItem, extensionItems } from '../support/native-menus';
import { chooseInMenu, inFrontForKeys, linkOnPage, paragraphOnPage, pressShortcut } from '../support/real-input';
import { clickAnswer, questionWindow } from '../support/notification-question';
import { selectContents } from '../support/page-content';
import { visibleWindowIds, xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';
import { POPUP_PAGE_OF_DIRECTION } from '../../src/platform/popup-pages';

let session: E2eSession;
let article: Page;
let display: string;
let xvfb: XvfbServer;

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  if (session.xvfb === undefined) throw new Error('A headed session comes with its Xvfb display.');
  xvfb = session.xvfb;
  display = xvfb.display;
  await session.useStandIn();
  article = await session.openTab('/demo/article');
});
afterAll(() => session?.close());
beforeEach(async () => {
  session.standIn.setFault(null);
  session.standIn.clearLog();
  // Each case shortens afresh: a link history holds would be given without a request.
  await session.clearHistory();
  await session.setClipboard('nothing copied yet');
  // Let the previous result's badge go, so each test sees its own.
  await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
});


async function clipboardChange(): Promise<string> {
  let text = '';
  await expect.poll(async () => (text = await session.readClipboard())).not.toBe('nothing copied yet');
  return text;
}

function expectOneCleanRequestFor(longUrl: string): void {
  const requests = session.standIn.apiRequests();
  expect(requests).toHaveLength(1);
  expect(requests[0]?.headers.authorization).toBe(`Bearer ${session.standIn.demoToken}`);
  expect(requests[0]?.query).toEqual({});
  expect(JSON.parse(requests[0]?.body ?? '{}')).toEqual({ url: longUrl });
}

async function notificationIds(): Promise<string[]> {
  return (await session.worker()).evaluate(async () => Object.keys(await chrome.notifications.getAll()));
}

/** What the notifications shown said (the e2e build records them: no browser API reads a notification back). */
async function notificationsShown(): Promise<string[]> {
  return (await session.worker()).evaluate(() =>
    (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string }[] } }).shrtnrE2e.shown.filter((shown) => shown.surface === 'notification').map((shown) => shown.text),
  );
}

describe('context menu', () => {
  it('a real right-click on a link and "Shorten link" copies its short URL', async () => {
    await inFrontForKeys(article, display);
    await chooseExtensionItem(xvfb, E2E_DIST, () => article.click('#sample-link', { button: 'right' }));

    const copied = await clipboardChange();
    expect(copied).toMatch(session.shortUrlPattern());
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/destination?from=link`);
    // The badge and the notification are set at once: the badge settled says nothing of the notification.
    await expect.poll(notificationIds).toContain('shrtnr-result');

    // The copied short link really leads to the link's target.
    const visit = await session.openTab(copied);
    expect(visit.url()).toBe(`${session.standIn.baseUrl}/demo/destination?from=link`);
    await visit.close();
  });

  it('the active account removed on another machine through sync: a real right-click on a link asks first; closed, nothing is sent; its button shortens with the account left, now the active one', async () => {
    const worker = await session.worker();
    const at = Date.now() - 60_000;
    // What a merge with sync leaves (src/storage/sync-changes.ts): "Old team", the active account, gone from the list.
    await worker.evaluate((removedAt) => chrome.storage.local.set({ activeAccount: 'account-old', changedBySync: { servers: {}, activeRemoved: { id: 'account-old', name: 'Old team', at: removedAt } } }), at);
    try {
      await inFrontForKeys(article, display);
      let before = new Set(await visibleWindowIds(display));
      await chooseExtensionItem(xvfb, E2E_DIST, () => article.click('#sample-link', { button: 'right' }));
      let question = await questionWindow(xvfb, before);
      expect(session.standIn.apiRequests()).toEqual([]);
      // Its close button, at its top right: no. Nothing is sent with an account the user did not pick.
      await clickAnswer(xvfb, question, question.width - 12, 12);
      const declined = await settledBadge(session);
      expect(declined.text).toBe('!');
      expect(declined.title).toContain('“Old team”, the account you were using, was removed on another computer through sync');
      expect(session.standIn.apiRequests()).toEqual([]);
      expect(await session.readClipboard()).toBe('nothing copied yet');

      // Again, and its button: "Shorten with" the account left.
      await worker.evaluate(() => chrome.action.setBadgeText({ text: '' }));
      // The article in front again (reading the clipboard brought its reader's tab there).
      await inFrontForKeys(article, display);
      before = new Set(await visibleWindowIds(display));
      await chooseExtensionItem(xvfb, E2E_DIST, () => article.click('#sample-link', { button: 'right' }));
      question = await questionWindow(xvfb, before);
      await clickAnswer(xvfb, question, 90, question.height - 27);
      expect(await clipboardChange()).toMatch(session.shortUrlPattern());
      expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/destination?from=link`);
      expect(await worker.evaluate(async () => (await chrome.storage.local.get('activeAccount')).activeAccount)).toBe('account-1');
    } finally {
      await worker.evaluate(() => chrome.storage.local.set({ activeAccount: 'account-1', changedBySync: { servers: {}, activeRemoved: null } }));
    }
  });

  it('a real right-click on the page itself and "Shorten this page" copies the page\'s short URL', async () => {
    await inFrontForKeys(article, display);
    await chooseExtensionItem(xvfb, E2E_DIST, () => article.click('.byline', { button: 'right' }));

    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expect(await settledBadge(session)).toEqual({ text: '✓', title: expect.any(String) });
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/article`);
    expect((await session.history())[0]).toMatchObject({ via: 'menu-page', longUrl: `${session.standIn.baseUrl}/demo/article` });
  });

  it('a real right-click on a selected address and "Shorten the links in the selection" copies its short URL', async () => {
    await inFrontForKeys(article, display);
    await article.evaluate(selectContents, '#url-text');
    await chooseExtensionItem(xvfb, E2E_DIST, () => article.click('#url-text', { button: 'right' }));

    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expect(await settledBadge(session)).toEqual({ text: '✓', title: expect.any(String) });
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/destination?from=selection`);
    expect((await session.history())[0]).toMatchObject({ via: 'menu-selection' });
    await article.evaluate(() => getSelection()?.removeAllRanges());
  });

  it('a real right-click on a selected address and "Shorten the links in the selection" shortens it, trimmed of its sentence\'s punctuation', async () => {
    const selected = `${session.standIn.baseUrl}/demo/destination?from=sentence`;
    // Selected to the sentence's end, as a double-click and drag often takes it.
    const sentence = await paragraphOnPage(article, `${selected}).`);
    await chooseInMenu(session, article, sentence, { selected: true });
    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expectOneCleanRequestFor(selected);
  });

  it('a real right-click on selected words that hold no URL: its own message, no request, and the clipboard is kept', async () => {
    const words = await paragraphOnPage(article, 'just some words');
    await chooseInMenu(session, article, words, { selected: true });
    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('selected text holds no web address and no link');
    expect(session.standIn.apiRequests()).toHaveLength(0);
    expect(await session.readClipboard()).toBe('nothing copied yet');
  });

  it('"Shorten with campaign ▸", chosen for real, tags a link and the page with the preset, each its own link; the submenu comes and goes with the presets', async () => {
    const newsletter = { name: 'Newsletter', params: [{ key: 'utm_source', value: 'news letter' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'a&b=c#d' }] };
    await session.configure({ campaignPresets: [newsletter], stripTracking: true });
    // The preset's item, created after the submenu: the walk needs the row it chooses (then the submenu is there too).
    await expect.poll(() => session.menuOffers('campaign:Newsletter')).toBe(true);
    const items = extensionItems({ presets: 1 });
    try {
      const untagged = `${session.standIn.baseUrl}/demo/destination?from=campaign`;
      const tagged = `${untagged}&utm_source=news%20letter&utm_medium=email&utm_campaign=a%26b%3Dc%23d`;
      const link = await linkOnPage(article, `${untagged}&utm_source=old`);
      await chooseInMenu(session, article, link, { path: items.withCampaign(0) });
      await expect.poll(() => session.history()).toEqual([expect.objectContaining({ longUrl: tagged, campaign: 'Newsletter', via: 'menu-link' })]);
      expectOneCleanRequestFor(tagged);
      // Copied once kept in history, a moment later.
      const taggedShort = (await session.history())[0]?.shortUrl;
      await expect.poll(() => session.readClipboard()).toBe(taggedShort);

      // The untagged link is another link: asked of the server, not taken from the tagged one in history.
      session.standIn.clearLog();
      await chooseInMenu(session, article, await linkOnPage(article, untagged), { path: items.shorten });
      await expect.poll(() => session.standIn.apiRequests().length).toBe(1);

      session.standIn.clearLog();
      await chooseInMenu(session, article, '.byline', { path: items.withCampaign(0) });
      await expect.poll(() => session.history().then((entries) => entries[0]?.longUrl)).toBe(`${session.standIn.baseUrl}/demo/article?utm_source=news%20letter&utm_medium=email&utm_campaign=a%26b%3Dc%23d`);
      expect((await session.history())[0]).toMatchObject({ campaign: 'Newsletter', via: 'menu-page' });
    } finally {
      await session.configure({ campaignPresets: undefined, stripTracking: undefined });
    }
    await expect.poll(() => session.menuOffers('shorten-with-campaign')).toBe(false);
  });

  it('an API error, after a real right-click, shows on the badge and keeps the clipboard as it was', async () => {
    session.standIn.setFault({ kind: 'html-500' });
    await chooseInMenu(session, article, await linkOnPage(article, 'https://example.com/x'));
    const badge = await settledBadge(session);
    expect(badge).toEqual({ text: '!', title: 'The Shrtnr server failed (HTTP 500). Try again in a little while.' });
    expect(session.standIn.apiRequests()).toHaveLength(1);
    expect(await session.readClipboard()).toBe('nothing copied yet');
  });

  it('a notification names the long link\'s host only, never its path or query', async () => {
    const shownBefore = (await notificationsShown()).length;
    const linkUrl = `${session.standIn.baseUrl}/demo/destination?session=private-4711#account`;
    await chooseInMenu(session, article, await linkOnPage(article, linkUrl));
    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    const last = await pollUntil(async () => (await notificationsShown()).slice(shownBefore).at(-1), { timeoutMs: 30_000, failure: 'No notification was shown.' });
    expect(last).toContain(new URL(session.standIn.baseUrl).host);
    expect(last).not.toContain('private-4711');
    expect(last).not.toContain('/demo/destination');
  });

  // The queue's journal only lets a restarted worker resume: a journal that cannot be written costs no link (issue 11).
  it('a journal that cannot be written: the link of a real right-click is still made and copied, and the badge ends, never a stuck "…"', async () => {
    const worker = await session.worker();
    await worker.evaluate(() => {
      const area = chrome.storage.session as unknown as { set: unknown; realSet?: unknown };
      area.realSet = area.set;
      area.set = () => Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
    });
    try {
      const linkUrl = `${session.standIn.baseUrl}/demo/destination?journal=full`;
      await chooseInMenu(session, article, await linkOnPage(article, linkUrl));
      const shortUrl = await clipboardChange();
      expect(shortUrl).toMatch(session.shortUrlPattern());
      const badge = await settledBadge(session);
      expect(badge.text).toBe('✓');
      expectOneCleanRequestFor(linkUrl);
      expect((await session.history())[0]).toMatchObject({ longUrl: linkUrl, shortUrl });
    } finally {
      await worker.evaluate(() => {
        const area = chrome.storage.session as unknown as { set: unknown; realSet?: unknown };
        area.set = area.realSet;
      });
    }
  });

  it('menus are created once, without duplicate-id errors, and again by each of two updates', async () => {
    type Hooks = { menuRounds(): { started: number; latest: Promise<void> } };
    for (const update of [1, 2]) {
      const before = await (await session.worker()).evaluate(() => performance.timeOrigin);
      // Reloading an unpacked extension updates it: the new worker gets runtime.onInstalled
      // with reason "update", the same path a store update takes. (Through chrome://extensions:
      // chrome.runtime.reload() leaves an extension loaded with --load-extension blocked.)
      const extensionsPage = await session.browser.context.newPage();
      await extensionsPage.goto('chrome://extensions');
      await extensionsPage.evaluate(async (id) => {
        const developer = (chrome as unknown as { developerPrivate: { updateProfileConfiguration(update: object): Promise<void>; reload(id: string, options: object): Promise<void> } })
          .developerPrivate;
        // Reloading an unpacked extension is a developer-mode action.
        await developer.updateProfileConfiguration({ inDeveloperMode: true });
        await developer.reload(id, { failQuietly: true });
      }, session.browser.extensionId);
      await extensionsPage.close();
      const worker = await pollUntil(
        async () => {
          const candidate = await session.worker();
          const startedAt = await candidate.evaluate(() => performance.timeOrigin).catch(() => undefined);
          return startedAt !== undefined && startedAt > before ? candidate : undefined;
        },
        { timeoutMs: 30_000, failure: `Update ${update}: no new service worker after runtime.reload().` },
      );
      // Read through the hook: no browser API says how often the worker made its menu, nor when a round ended.
      // The update's own round of menu creation, begun (runtime.onInstalled), then to its end (an error in it fails here).
      await expect.poll(() => worker.evaluate(() => (globalThis as unknown as { shrtnrE2e: Hooks }).shrtnrE2e.menuRounds().started)).toBeGreaterThan(0);
      const refusals = await worker.evaluate(async () => {
        const hooks = (globalThis as unknown as { shrtnrE2e: Hooks }).shrtnrE2e;
        await hooks.menuRounds().latest;
        const refused: string[] = [];
        // Each item exists, once: creating any of their ids again is refused.
        for (const id of ['shorten-link', 'shorten-page', 'shorten-selection']) {
          await new Promise<void>((resolve) =>
            chrome.contextMenus.create({ id, title: id, contexts: ['page'] }, () => {
              refused.push(chrome.runtime.lastError?.message ?? `${id} was created again`);
              resolve();
            }),
          );
        }
        return { rounds: hooks.menuRounds().started, refused };
      });
      expect(refusals).toEqual({
        rounds: 1,
        refused: ['shorten-link', 'shorten-page', 'shorten-selection'].map((id) => `Cannot create item with duplicate id ${id}`),
      });
    }
  });
});

describe('keyboard shortcut', () => {
  it('both commands really get their keys (Chromium silently drops some suggested keys)', async () => {
    const commands = await (await session.worker()).evaluate(() => chrome.commands.getAll());
    expect(Object.fromEntries(commands.map(({ name, shortcut }) => [name, shortcut]))).toEqual({
      _execute_action: 'Alt+Shift+S',
      'shorten-current-tab': 'Alt+Shift+L',
    });
  });

  it('a real Alt+Shift+L shortens the current tab and copies it, without opening the popup', async () => {
    await pressShortcut(session, article);

    const copied = await clipboardChange();
    expect(copied).toMatch(session.shortUrlPattern());
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/article`);
    expect(session.browser.context.pages().some((page) => page.url().includes('/src/popup/'))).toBe(false);
  });

  it('a real Alt+Shift+S opens the popup on the page, which copies the page\'s short link', async () => {
    await inFrontForKeys(article, display);
    const popupOpened = session.browser.context.waitForEvent('page', { predicate: (page) => page.url().endsWith(`/${POPUP_PAGE_OF_DIRECTION.ltr}`) });
    await xdotool(display, 'key', '--clearmodifiers', 'alt+shift+s');
    const popup = await popupOpened;
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    const shortUrl = await popup.getByTestId('short-url').inputValue();
    expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(await popup.getByTestId('long-url').textContent()).toBe(`${session.standIn.baseUrl}/demo/article`);
    // Reading the clipboard brings another tab to the front, which closes the popup: read it last.
    expect(await clipboardChange()).toBe(shortUrl);
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/article`);
    if (!popup.isClosed()) await popup.close();
  });

  it('still works when the service worker was stopped before the key press', async () => {
    await session.browser.stopServiceWorkers();
    await pressShortcut(session, article);
    expect(await clipboardChange()).toMatch(session.shortUrlPattern());
    expectOneCleanRequestFor(`${session.standIn.baseUrl}/demo/article`);
  });
});
