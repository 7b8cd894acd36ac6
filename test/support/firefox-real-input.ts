import type { Page } from 'puppeteer-core';
import { xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';
import { FIREFOX_E2E_DIST, type FirefoxSession } from './firefox-session';
import { chooseExtensionItem } from './native-menus';
import { appendLink, appendParagraph, contextMenuSeen, selectContents, watchContextMenu } from './page-content';

// The ways in a person has in Firefox, headed under Xvfb (startFirefoxSession({ headed: true })):
// Firefox's own context menu and the keyboard command, each with real input. Chromium's: real-input.ts.

/** Where to right-click, and what to choose there. */
export interface FirefoxRightClick {
  /** At a blank spot near the element's bottom right (in a field: no word under it, so no selection: the field's item alone). */
  beside?: boolean;
  /** The element's text selected whole first, as a person drags over it. */
  selected?: boolean;
  /** Where the extension's item is in its submenu (extensionItems() in native-menus.ts); none when it has one item there. */
  path?: readonly number[];
}

function headedXvfb(session: FirefoxSession): XvfbServer {
  if (session.xvfb === undefined) throw new Error('Real input needs a headed session: startFirefoxSession({ headed: true }).');
  return session.xvfb;
}

/**
 * What of a page's title its X window's name is looked for by: its first run of letters, digits and spaces. The name is
 * matched as a regular expression (xdotool search --name), and a hostile page's title holds what X's name may not
 * (U+FFFE, U+FFFF: firefox.test.ts's title with characters XML forbids).
 */
function windowNameOf(title: string): string {
  const plain = title.split(/[^\p{L}\p{N} ]/u)[0]?.trim() ?? '';
  // Empty, it would match any window, and any focus.
  if (plain === '') throw new Error(`The page's title "${title}" starts with no letter to find its X window by.`);
  return plain;
}

/**
 * The page in front, and the X window it is in (Firefox's menu takes its keys from the focused
 * window): its heading clicked, and waited for until the window bears the page's title.
 */
export async function inFront(session: FirefoxSession, page: Page): Promise<string> {
  return (await windowInFront(session, page)).window;
}

/** inFront's window, and the name it was found by. */
async function windowInFront(session: FirefoxSession, page: Page): Promise<{ window: string; name: string }> {
  await page.bringToFront();
  if ((await page.$('h1')) !== null) await page.click('h1');
  return pageWindow(session, page);
}

/**
 * The page's tab brought to the front, and the X window it is in, with no click on the page: for a test whose page
 * must keep its selection or its focus (a click on the heading would take either).
 */
export async function frontWindowUnclicked(session: FirefoxSession, page: Page): Promise<string> {
  await page.bringToFront();
  return (await pageWindow(session, page)).window;
}

/** The X window that bears the page's title, waited for. */
async function pageWindow(session: FirefoxSession, page: Page): Promise<{ window: string; name: string }> {
  const { display } = headedXvfb(session);
  const name = windowNameOf(await page.title());
  const window = await pollUntil(async () => (await xdotool(display, 'search', '--name', name).catch(() => '')).split('\n')[0] || undefined, {
    timeoutMs: 30_000,
    failure: `No X window is named after "${name}".`,
  });
  return { window, name };
}

/** A real right-click on `selector`, the page in front, and the extension's item chosen in Firefox's own menu with real keys. */
export async function chooseInFirefoxMenu(session: FirefoxSession, page: Page, selector: string, click: FirefoxRightClick = {}): Promise<void> {
  const xvfb = headedXvfb(session);
  const browserWindow = await inFront(session, page);
  if (click.selected === true) await page.evaluate(selectContents, selector);
  const element = await page.$(selector);
  const box = await element?.boundingBox();
  if (element === null || element === undefined || box === null || box === undefined) throw new Error(`${selector} is not on screen.`);
  const offset = click.beside === true ? { x: box.width - 4, y: box.height - 4 } : { x: Math.min(8, box.width / 2), y: box.height / 2 };
  const rightClick = async () => {
    await page.evaluate(watchContextMenu);
    await element.click({ button: 'right', offset });
  };
  await chooseExtensionItem(xvfb, FIREFOX_E2E_DIST, rightClick, { browserWindow, path: click.path, reached: () => page.evaluate(contextMenuSeen) });
}

/** A real Alt+Shift+L ("Shorten the current tab") on the page, in front: the shortcut grants activeTab. */
export async function pressFirefoxShortcut(session: FirefoxSession, page: Page): Promise<void> {
  const { display } = headedXvfb(session);
  const { window: browserWindow, name } = await windowInFront(session, page);
  await xdotool(display, 'windowfocus', '--sync', browserWindow);
  // Pressed once X has the focus in that window, as Chromium's shortcut is (real-input.ts): after a native menu or the
  // popup's panel closes, the focus comes back in Firefox's own time; once, under load, the key went nowhere.
  let focused = '';
  await pollUntil(async () => ((focused = await xdotool(display, 'getwindowfocus', 'getwindowname').catch(() => '')).includes(name) ? true : undefined), {
    timeoutMs: 30_000,
    failure: () => `Firefox never had "${name}" focused; the focused window is ${JSON.stringify(focused)}.`,
  });
  await xdotool(display, 'key', '--clearmodifiers', 'alt+shift+l');
}

/** A link to `href` put on the page (a person's page links anywhere), to right-click; its selector. */
export async function firefoxLinkOnPage(page: Page, href: string, text = 'a link to shorten'): Promise<string> {
  return `#${await page.evaluate(appendLink, [href, text] as const)}`;
}

/** A paragraph of `text` put on the page (to select, or to right-click); its selector. */
export async function firefoxParagraphOnPage(page: Page, text: string): Promise<string> {
  return `#${await page.evaluate(appendParagraph, text)}`;
}
