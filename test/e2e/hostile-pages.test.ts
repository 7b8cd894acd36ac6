// Hostile pages against "Shorten the links in this field / in the selection"
// (issue 33), in headed Chromium under Xvfb: each driven through the browser's
// real context menu (a real right-click, real keys on Chromium's own menu),
// against the stand-in's hostile pages (tooling/stand-in/hostile-pages.ts),
// which are in no host permission: the menu click's access is all there is.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HIDDEN_FIELD_ADDRESSES, HOSTILE_PATHS, MANY_ADDRESSES } from '../../tooling/stand-in/hostile-pages';
import { visibleWindowIds, type XvfbServer } from '../../tooling/browsers/xvfb';
import { E2E_DIST, startE2eSession, type E2eSession } from '../support/e2e-session';
import { settledBadge } from '../support/toolbar-badge';
import { inFrontForKeys } from '../support/real-input';
import { chooseExtensionItem } from '../support/native-menus';
import { selectContents } from '../support/page-content';
import { clickAnswer, questionWindow } from '../support/notification-question';

let session: E2eSession;
let xvfb: XvfbServer;
const from = (tag: string) => `${session.standIn.baseUrl}/demo/destination?from=${tag}`;

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  if (session.xvfb === undefined) throw new Error('A headed session comes with its Xvfb display.');
  xvfb = session.xvfb;
  await session.useStandIn();
});
afterAll(() => session?.close());
beforeEach(async () => {
  await session.configure({ copyFormat: 'plain' });
  await session.clearHistory();
  session.standIn.setFault(null);
  session.standIn.resetRateLimits();
  session.standIn.clearLog();
  await session.setClipboard('nothing copied yet');
  await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
});

const sentUrls = () => session.standIn.apiRequests().map((request) => (JSON.parse(request.body ?? '{}') as { url: string }).url);
const shortLinks = async () => new Map((await session.history()).map((entry) => [entry.longUrl, entry.shortUrl]));

/** A real right-click at a blank spot of the element (no word under it, so no selection: the field's item alone). */
async function rightClickBeside(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (box === null) throw new Error(`${selector} is not on screen.`);
  await page.click(selector, { button: 'right', position: { x: box.width - 4, y: box.height - 4 } });
}

describe('a field whose markup holds text that is markup once parsed again (item 2)', () => {
  it('shortens the addresses around a <style> whose text is "</style><img onerror=…>": nothing runs, no element is added, the style keeps its text', async () => {
    const page = await session.openTab(HOSTILE_PATHS.styleInField);
    const before = (await page.textContent('#editor')) ?? '';
    const trap = await page.textContent('#trap');
    await inFrontForKeys(page, xvfb.display);
    await page.click('#editor');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('editor');
    await chooseExtensionItem(xvfb, E2E_DIST, () => rightClickBeside(page, '#editor'));

    // The badge sums up the last few seconds' clicks (their titles mix): it says all went well. Else, what the page
    // had focused once the menu was chosen: the field read is the focused element's (once, in CI, none was).
    const badge = await settledBadge(session);
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60));
    expect(badge, `focused in the page: ${focused}`).toEqual({ text: '✓', title: expect.any(String) });
    expect(sentUrls().toSorted()).toEqual([from('style-1'), from('style-2')]);
    // The image's request fails whatever happens: its handler has run, if it was ever added, once that request is seen.
    expect(await page.evaluate(() => ({ ran: 'ranInPage' in window, added: (window as unknown as { added: string[] }).added, planted: document.querySelector('#planted') !== null }))).toEqual({
      ran: false,
      added: [],
      planted: false,
    });
    const short = await shortLinks();
    // Only the addresses' text differs; the style's text, part of the editor's, is as it was.
    expect(await page.textContent('#editor')).toBe(before.replace(from('style-1'), short.get(from('style-1')) ?? '?').replace(from('style-2'), short.get(from('style-2')) ?? '?'));
    expect(await page.textContent('#trap')).toBe(trap);
    await page.close();
  });
});

/** Selects all of the element, as a person dragging over it would. */
async function selectAll(page: Page, selector: string): Promise<void> {
  await inFrontForKeys(page, xvfb.display);
  await page.evaluate(selectContents, selector);
}

describe('only text a person can see counts (item 3)', () => {
  it('in a selection, a link the page hides is neither shortened nor put after the visible word like its own, and an address off the page is left', async () => {
    const page = await session.openTab(HOSTILE_PATHS.hiddenLink);
    await selectAll(page, '#contact');
    await chooseExtensionItem(xvfb, E2E_DIST, () => page.click('#contact', { button: 'right', position: { x: 8, y: 8 } }));

    expect(await settledBadge(session)).toEqual({ text: '✓', title: expect.any(String) });
    expect(sentUrls()).toEqual([from('seen')]);
    const short = await shortLinks();
    expect(await session.readClipboard()).toBe(`Write to support or read ${short.get(from('seen')) ?? '?'}.`);
    await page.close();
  });

  it('a selection that is one address as a person sees it is shortened as seen, not with the text the page placed off the page inside it', async () => {
    const page = await session.openTab(HOSTILE_PATHS.splicedAddress);
    await selectAll(page, '#spliced');
    await chooseExtensionItem(xvfb, E2E_DIST, () => page.click('#spliced', { button: 'right', position: { x: 8, y: 8 } }));

    expect(await settledBadge(session)).toEqual({ text: '✓', title: expect.any(String) });
    expect(sentUrls()).toEqual([from('spliced')]);
    expect(await session.readClipboard()).toBe((await shortLinks()).get(from('spliced')));
    await page.close();
  });

  it("a selection in another site's frame, which the click's access does not reach, is refused: the browser's text, hidden part and all, is never sent", async () => {
    const page = await session.openTab(HOSTILE_PATHS.framedSplice);
    const frame = page.frameLocator('#framed');
    await frame.locator('#spliced').waitFor();
    await inFrontForKeys(page, xvfb.display);
    const framed = page.frame({ url: (url) => url.pathname === HOSTILE_PATHS.splicedAddress });
    if (framed === null) throw new Error('The page has no frame of the spliced address.');
    await framed.evaluate(selectContents, '#spliced');
    await chooseExtensionItem(xvfb, E2E_DIST, () => frame.locator('#spliced').click({ button: 'right', position: { x: 8, y: 8 } }));

    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('the selection is in a part of the page from another site, which the extension cannot read');
    expect(sentUrls()).toEqual([]);
    expect(await session.readClipboard()).toBe('nothing copied yet');
    await page.close();
  });

  it('in a field, one the page focuses as the menu opens and no one can see is refused (Chromium names no element right-clicked): nothing is sent', async () => {
    const page = await session.openTab(HOSTILE_PATHS.focusThief);
    const [message, stash] = [await page.inputValue('#message'), await page.inputValue('#stash')];
    expect(stash.split('\n')).toHaveLength(HIDDEN_FIELD_ADDRESSES);
    await inFrontForKeys(page, xvfb.display);
    await page.click('#message');
    await chooseExtensionItem(xvfb, E2E_DIST, () => rightClickBeside(page, '#message'));

    // The badge sums up the last few seconds' clicks: this one's sentence is in it.
    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('Nothing was changed: the field that has the focus is hidden from view (the page may have moved the focus as the menu opened). Click in the field you see, then try again.');
    expect(sentUrls()).toEqual([]);
    expect([await page.inputValue('#message'), await page.inputValue('#stash')]).toEqual([message, stash]);
    await page.close();
  });
});

describe('one click asks before a flood (item 3)', () => {
  it(`more than 25 addresses (here ${MANY_ADDRESSES}) are sent only once the user confirms the count: the question closed sends nothing and says so, its button sends them`, async () => {
    const page = await session.openTab(HOSTILE_PATHS.manyLinks);
    const list = await page.inputValue('#list');
    await inFrontForKeys(page, xvfb.display);
    await page.click('#list');
    let before = new Set(await visibleWindowIds(xvfb.display));
    await chooseExtensionItem(xvfb, E2E_DIST, () => rightClickBeside(page, '#list'));
    let question = await questionWindow(xvfb, before);
    expect(sentUrls()).toEqual([]);
    // Its close button, at its top right: no.
    await clickAnswer(xvfb, question, question.width - 12, 12);
    const declined = await settledBadge(session);
    expect(declined.text).toBe('!');
    expect(declined.title).toContain(`Nothing was sent: shortening these ${MANY_ADDRESSES} links was not confirmed.`);
    expect(sentUrls()).toEqual([]);
    expect(await page.inputValue('#list')).toBe(list);

    // Asked again: its button, on its last row, says yes.
    await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
    // The page in front again (the badge and clipboard checks may have brought another tab there).
    await inFrontForKeys(page, xvfb.display);
    before = new Set(await visibleWindowIds(xvfb.display));
    await page.click('#list');
    await chooseExtensionItem(xvfb, E2E_DIST, () => rightClickBeside(page, '#list'));
    question = await questionWindow(xvfb, before);
    await clickAnswer(xvfb, question, 90, question.height - 27);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: expect.any(String) });
    expect(sentUrls()).toHaveLength(MANY_ADDRESSES);
    const short = await shortLinks();
    expect(await page.inputValue('#list')).toBe(list.replace(/https:\/\/\S+/g, (address) => short.get(address) ?? '?'));
    await page.close();
  });
});
