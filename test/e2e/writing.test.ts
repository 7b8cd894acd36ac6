// Shortening where people write (issue 20): the links of a selection, in
// Chromium against the stand-in. The demo page is in no host permission: the
// extension reads the selection (and the links in it) only with the access a
// user's click grants (activeTab).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TextOutcome } from '../../src/background/writing/deliver-text';
import { WRITING_PATH } from '../../tooling/stand-in/demo-pages';
import { settledBadge, startE2eSession, type E2eSession } from '../support/e2e-session';

let session: E2eSession;
let writing: Page;
const from = (tag: string) => `${session.standIn.baseUrl}/demo/destination?from=${tag}`;

beforeAll(async () => {
  session = await startE2eSession();
  await session.useStandIn();
  writing = await session.openTab(WRITING_PATH);
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.configure({ copyFormat: 'plain' });
  await session.clearHistory();
  session.standIn.setFault(null);
  session.standIn.resetRateLimits();
  session.standIn.clearLog();
  await session.setClipboard('nothing copied yet');
});

/** The short link history holds for each long URL. */
async function shortLinks(): Promise<Map<string, string>> {
  return new Map((await session.history()).map((entry) => [entry.longUrl, entry.shortUrl]));
}

function sentUrls(): string[] {
  return session.standIn.apiRequests().map((request) => (JSON.parse(request.body ?? '{}') as { url: string }).url);
}

/**
 * The menu's click handler on the writing tab, with the access a user's click
 * grants: the toolbar button, really pressed (CDP Extensions.triggerAction),
 * grants activeTab for the tab as a menu click does. The native menu itself is
 * driven in context-menu-and-shortcut.test.ts: under Xvfb its layout for a
 * selection of words (search, print and others around the extension's item)
 * moves with the click's place, so its keys cannot be counted here.
 */
async function clickOnThisTab<Outcome>(info: Record<string, unknown>): Promise<Outcome> {
  const popup = await session.browser.openPopup(writing);
  await popup.getByTestId('short-url').waitFor();
  await popup.close();
  await session.clearHistory();
  session.standIn.clearLog();
  return (await session.worker()).evaluate(async (click) => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    const hooks = (globalThis as unknown as { shrtnrE2e: { onMenuClicked(info: unknown, tab: unknown): Promise<unknown> } }).shrtnrE2e;
    return hooks.onMenuClicked({ editable: false, ...click }, tab) as Promise<Outcome>;
  }, info);
}

async function badgeTitlesShown(): Promise<string[]> {
  return (await session.worker()).evaluate(() =>
    (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string }[] } }).shrtnrE2e.shown.filter((item) => item.surface === 'badge-title').map((item) => item.text),
  );
}

async function selectParagraph(page: Page, selector: string): Promise<void> {
  await page.bringToFront();
  await page.evaluate((target) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(target) as Element);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }, selector);
}

describe('"Shorten the links in the selection"', () => {
  it('copies the text of a selection with two addresses and a link with three short links, reading the page with the access a click gives', async () => {
    await selectParagraph(writing, '#selection-text');
    const outcome = await clickOnThisTab<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: await writing.evaluate(() => getSelection()?.toString() ?? ''), frameId: 0 });
    expect(outcome).toEqual({ status: 'copied', made: 3, found: 3 });

    const copied = await session.readClipboard();
    expect(sentUrls().toSorted()).toEqual([from('anchor'), from('written-1'), from('written-2')]);
    const short = await shortLinks();
    expect(copied).toBe(`Three links: the docs at ${short.get(from('written-1'))}, our guide (${short.get(from('anchor'))}), and ${short.get(from('written-2'))}.`);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
    expect((await session.history()).map((entry) => entry.via)).toEqual(['menu-selection', 'menu-selection', 'menu-selection']);
    await writing.evaluate(() => getSelection()?.removeAllRanges());
  });

  it('in rich text keeps each link a link, and gives again from history what it made before, with no request', async () => {
    await session.configure({ copyFormat: 'markdown' });
    const text = `See ${from('md-1')} and ${from('md-2')}, twice: ${from('md-1')}`;
    const first = await session.clickMenu<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: text });
    expect(first).toEqual({ status: 'copied', made: 2, found: 2 });
    const short = await shortLinks();
    expect(await session.readClipboard()).toBe(`See ${short.get(from('md-1'))} and ${short.get(from('md-2'))}, twice: ${short.get(from('md-1'))}`);
    expect(sentUrls()).toHaveLength(2);

    await session.configure({ copyFormat: 'rich' });
    await session.clickMenu<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: `Again: ${from('md-2')}` });
    expect(sentUrls()).toHaveLength(2);
    expect(await session.readClipboard()).toBe(`Again: ${short.get(from('md-2'))}`);
  });

  it('waits out the limit for its links, the badge counting those waiting', async () => {
    const shownBefore = await badgeTitlesShown();
    // The server says "too many" once, and when to come back: one link waits for it, then all are made.
    session.standIn.setFault({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 1 });
    const text = `A ${from('wait-1')} B ${from('wait-2')} C ${from('wait-3')}`;
    const outcome = await session.clickMenu<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: text });
    expect(outcome).toEqual({ status: 'copied', made: 3, found: 3 });
    expect((await badgeTitlesShown()).slice(shownBefore.length)).toContain("Links waiting for the server's limit: 1");
    const short = await shortLinks();
    expect(await session.readClipboard()).toBe(`A ${short.get(from('wait-1'))} B ${short.get(from('wait-2'))} C ${short.get(from('wait-3'))}`);
  });

  it('copies what it could make, and says which links could not be made and why', async () => {
    // One refused with a 422 (the server's word), the rest made.
    session.standIn.setFault({ kind: 'status', status: 422 }, { times: 1 });
    const text = `One ${from('partial-1')} two ${from('partial-2')} three ${from('partial-3')}`;
    const outcome = await session.clickMenu<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: text });
    expect(outcome).toEqual({ status: 'copied', made: 2, found: 3 });
    const copied = await session.readClipboard();
    // The one refused stays as written; the others are short links.
    expect(copied.match(new RegExp(session.shortUrlPattern().source.replace(/^\^|\$$/g, ''), 'g'))).toHaveLength(2);
    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('2 of 3 links replaced by short links.');
    expect(badge.title).toMatch(/Not replaced \(127\.0\.0\.1:\d+\): /);
  });

  it('a selection with no address and no link says so, sends nothing and keeps the clipboard', async () => {
    const outcome = await session.clickMenu<TextOutcome>({ menuItemId: 'shorten-selection', selectionText: 'just some words' });
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'no-links-selected' } });
    expect((await settledBadge(session)).title).toContain('holds no web address and no link');
    expect(sentUrls()).toEqual([]);
    expect(await session.readClipboard()).toBe('nothing copied yet');
  });
});
