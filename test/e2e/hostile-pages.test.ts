// Hostile pages against "Shorten the links in this field / in the selection"
// (issue 33), in headed Chromium under Xvfb: each driven through the browser's
// real context menu (a real right-click, real keys on Chromium's own menu),
// against the stand-in's hostile pages (tooling/stand-in/hostile-pages.ts),
// which are in no host permission: the menu click's access is all there is.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOSTILE_PATHS } from '../../tooling/stand-in/hostile-pages';
import type { XvfbServer } from '../../tooling/browsers/xvfb';
import { E2E_DIST, settledBadge, startE2eSession, type E2eSession } from '../support/e2e-session';
import { chooseExtensionItem } from '../support/native-menus';

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
    await page.click('#editor');
    await chooseExtensionItem(xvfb, E2E_DIST, () => rightClickBeside(page, '#editor'));

    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Links replaced in the field' });
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
