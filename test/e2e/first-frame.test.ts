// The first frame (issue 23): the popup's own HTML and CSS draw its shape before
// any of its script runs, in the UI language's direction, busy for screen
// readers; the app then fills it in place. The header, the result's place and
// the field below stay exactly where the shell drew them, through "Shortening…"
// to the link, left to right and right to left. That holds for the manifest's
// page and for the page of the language's direction, its styles inline, which
// the toolbar opens (issue 38). The settings and history pages draw their frame
// (the header: icon and name) the same way.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsLightAndDark } from '../support/axe';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { holdNextAnswer, releaseHeldAnswer } from '../support/held-answer';
import { wordsIn } from '../support/locale-catalogue';
import { POPUP_PAGE, POPUP_PAGE_OF_DIRECTION } from '../../src/platform/popup-pages';

/** Where each part of the popup is, in CSS pixels from the popup's own top-left corner (its `main`). */
interface Layout {
  direction: string;
  brand: { x: number; y: number };
  result: { y: number; height: number };
  field: { y: number };
}

const PARTS = ['main.popup', '.popup-header h1', '.result', '.url-form .short-url-row'] as const;
const tenth = (value: number) => Math.round(value * 10) / 10;

async function layoutOf(page: Page): Promise<Layout> {
  const { direction, boxes } = await page.evaluate((selectors) => ({
    direction: getComputedStyle(document.documentElement).direction,
    boxes: selectors.map((selector) => document.querySelector(selector)?.getBoundingClientRect().toJSON() as DOMRect | undefined),
  }), [...PARTS]);
  const [main, brand, result, field] = boxes;
  if (main === undefined || brand === undefined || result === undefined || field === undefined) throw new Error(`A part of the popup is missing: ${JSON.stringify(boxes)}`);
  return {
    direction,
    brand: { x: tenth(brand.x - main.x), y: tenth(brand.y - main.y) },
    result: { y: tenth(result.y - main.y), height: tenth(result.height) },
    field: { y: tenth(field.y - main.y) },
  };
}

const iconBox = (page: Page) => page.locator('header img').boundingBox();

/**
 * The page at `path` in a new tab with its scripts turned off: what the browser
 * paints before its module runs. Scripts come back on for axe (it needs timers)
 * once the page is parsed: its own module, never run, stays unrun.
 */
async function withoutScripts(session: E2eSession, path: string): Promise<{ page: Page; allowAxe(): Promise<void> }> {
  const page = await session.browser.context.newPage();
  const cdp = await session.browser.context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.goto(session.browser.extensionUrl(path));
  return {
    page,
    allowAxe: async () => {
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    },
  };
}

describe.each(['en', 'ar'] as const)('the first frame in %s', (language) => {
  const { t } = wordsIn(language);
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ language });
    await session.useStandIn();
  });
  afterAll(() => session?.close());

  const directionPage = POPUP_PAGE_OF_DIRECTION[language === 'ar' ? 'rtl' : 'ltr'];

  it.each([POPUP_PAGE, directionPage])('of the popup is drawn by %s alone, and the app fills it in with nothing moved', async (path) => {
    const { page: shellPage, allowAxe } = await withoutScripts(session, path);
    const shell = await shellPage.evaluate(() => ({
      busy: document.querySelector('main.popup')?.getAttribute('aria-busy'),
      words: document.querySelector('main.popup')?.textContent?.trim(),
      // Nothing of the app: no field to type into, no button.
      controls: document.querySelectorAll('input, button').length,
    }));
    expect(shell).toEqual({ busy: 'true', words: 'Shrtnr', controls: 0 });
    const shellLayout = await layoutOf(shellPage);
    expect(shellLayout.direction).toBe(language === 'ar' ? 'rtl' : 'ltr');
    // What a screen reader meets first is as clean as every later state (accessibility.test.ts).
    await allowAxe();
    expect(await axeViolationsLightAndDark(shellPage)).toEqual([]);
    expect(await shellPage.locator('#typed-url').count()).toBe(0);
    await shellPage.close();

    // The real popup, held at "Shortening…" by the server, then given its link.
    await session.clearHistory();
    await holdNextAnswer(session);
    session.standIn.clearLog();
    const tab = await session.openTab('/demo/article?first-frame');
    const popup = await session.browser.openPopup(tab);
    // The toolbar opens the page of the language's direction: the worker made it the popup at its start.
    expect(new URL(popup.url()).pathname).toBe(`/${directionPage}`);
    await popup.getByRole('status').filter({ hasText: t('popupShortening') }).waitFor();
    const loadingLayout = await layoutOf(popup);
    expect(await popup.locator('main.popup').getAttribute('aria-busy')).toBeNull();
    expect(await popup.locator('.result').getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => session.standIn.apiRequests().length).toBe(1);
    await releaseHeldAnswer(session);
    await popup.getByTestId('link-origin').waitFor();
    const linkLayout = await layoutOf(popup);
    expect(await popup.locator('.result').getAttribute('aria-busy')).toBe('false');

    expect(loadingLayout).toEqual(shellLayout);
    expect(linkLayout).toEqual(shellLayout);
    await popup.close();
    await tab.close();
  });

  it("of the toolbar's popup, its styles inline, stays as it is when a part loads later: no stylesheet it holds inline is linked again", async () => {
    await session.clearHistory();
    const tab = await session.openTab('/demo/article?part-loaded-later');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('link-origin').waitFor();
    const linkedStylesheets = () =>
      popup.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map(({ href }) => new URL(href).pathname));
    expect(await linkedStylesheets()).toEqual([]);
    // Share's menu is a chunk of its own: it needs its stylesheet and the page kit's.
    await popup.getByRole('button', { name: t('share') }).click();
    await popup.getByRole('menu', { name: t('share') }).waitFor();
    // Its own, and not the page kit's, which would come after the popup's rules and win over them.
    expect(await linkedStylesheets()).toEqual([expect.stringMatching(/^\/assets\/share-menu-[\w-]+\.css$/)]);
    await popup.close();
    await tab.close();
  });

  it.each([
    { path: 'src/options/index.html', titleKey: 'optionsTitle' },
    { path: 'src/history/index.html', titleKey: 'historyTitle' },
    { path: 'src/list/index.html', titleKey: 'listTitle' },
  ] as const)('of $path is its frame, drawn by the page alone, with the icon where the app keeps it', async ({ path, titleKey }) => {
    const { page: frame, allowAxe } = await withoutScripts(session, path);
    expect(await frame.evaluate(() => ({ busy: document.querySelector('main')?.getAttribute('aria-busy'), words: document.body.textContent?.trim() }))).toEqual({ busy: 'true', words: 'Shrtnr' });
    const frameIcon = await iconBox(frame);
    await allowAxe();
    expect(await axeViolationsLightAndDark(frame)).toEqual([]);
    expect(await frame.locator('main[aria-busy="true"]').count()).toBe(1);
    await frame.close();

    const page = await session.browser.context.newPage();
    await page.goto(session.browser.extensionUrl(path));
    // Once the page has its data (the settings, the history), not while it loads.
    await page.locator('main:not([aria-busy="true"])').waitFor();
    await page.getByRole('heading', { level: 1, name: t(titleKey) }).waitFor();
    expect(frameIcon).not.toBeNull();
    expect(await iconBox(page)).toEqual(frameIcon);
    await page.close();
  });
});
