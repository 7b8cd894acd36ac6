import type { Page } from 'playwright-core';
import { xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';
import { E2E_DIST, type E2eSession } from './e2e-session';
import { chooseExtensionItem } from './native-menus';
import { appendLink, appendParagraph, contextMenuSeen, selectContents, watchContextMenu } from './page-content';

// The ways in a person has, in headed Chromium under Xvfb (startE2eSession({ headed: true })):
// the native context menu and the keyboard commands, each with real input.

/** Where to right-click, once the page is in front. */
export interface RightClick {
  /** Where in the element (Playwright's `position`): by default its middle. */
  position?: { x: number; y: number };
  /** Near the element's bottom right, left of a text area's resize grip and scroll bar (in a field: no word under it, so no selection: the field's item alone). */
  beside?: boolean;
  /** The element's text selected whole first, as a person drags over it (after the page came to the front, which clears a selection). */
  selected?: boolean;
  /** Where the extension's item is in its submenu (extensionItems() in native-menus.ts); none when it has one item there. */
  path?: readonly number[];
  /** Done once the page is in front (which clicks its heading), before the right-click: a selection made, a field filled. */
  prepare?: () => Promise<void>;
}

/** A window's name without the direction marks Chromium wraps it in, in a right-to-left UI (base::i18n::AdjustStringForLocaleDirection). */
const unmarked = (name: string) => name.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/**
 * The page in front, as Chromium itself has it, before a real key goes to the
 * window on `display`: bringToFront can return before Chromium's tab strip has
 * moved (once, a shortcut then went to the clipboard reader's tab). Clicks
 * its heading, then waits until the focused X window bears its title.
 */
export async function inFrontForKeys(page: Page, display: string): Promise<void> {
  await page.bringToFront();
  await page.click('h1');
  const title = `${await page.title()} - Chromium`;
  let focused = '';
  await pollUntil(async () => (unmarked((focused = await xdotool(display, 'getwindowfocus', 'getwindowname'))) === title ? true : undefined), {
    timeoutMs: 30_000,
    failure: () => `Chromium never had "${title}" in front; the focused window is ${JSON.stringify(focused)}.`,
  });
  // And Chromium has heard it: a command goes to the active tab of the window Chromium holds focused, which can lag X's
  // focus on a loaded machine (the shortcut, pressed once X focused the article, shortened the clipboard reader's tab).
  await pollUntil(async () => ((await page.evaluate(() => document.hasFocus())) ? true : undefined), {
    timeoutMs: 30_000,
    failure: `Chromium never gave "${title}" the focus.`,
  });
}

export function headedXvfb(session: E2eSession): XvfbServer {
  if (session.xvfb === undefined) throw new Error('Real input needs a headed session: startE2eSession({ headed: true }).');
  return session.xvfb;
}

/** A real right-click on `selector`, the page in front, and the extension's item chosen in Chromium's own menu with real keys. */
export async function chooseInMenu(session: E2eSession, page: Page, selector: string, click: RightClick = {}): Promise<void> {
  const xvfb = headedXvfb(session);
  await inFrontForKeys(page, xvfb.display);
  await click.prepare?.();
  if (click.selected === true) await selectAll(page, selector);
  let position = click.position;
  if (click.beside === true) {
    const box = await page.locator(selector).boundingBox();
    if (box === null) throw new Error(`${selector} is not on screen.`);
    position = { x: box.width - 24, y: box.height - 6 };
  }
  const rightClick = async () => {
    await page.evaluate(watchContextMenu);
    await page.click(selector, { button: 'right', ...(position === undefined ? {} : { position }) });
  };
  await chooseExtensionItem(xvfb, E2E_DIST, rightClick, { path: click.path, reached: () => page.evaluate(contextMenuSeen) });
}

/** A real Alt+Shift+L ("Shorten the current tab") on the page, in front. */
export async function pressShortcut(session: E2eSession, page: Page): Promise<void> {
  const { display } = headedXvfb(session);
  await inFrontForKeys(page, display);
  // Chromium takes the command's tab (its window's active tab) as it handles the key, in the order X gave it the
  // events: a Shift pressed after it and seen by the page says the shortcut was handled. Only then may a test bring
  // another tab to the front (the clipboard reader's), which, on a loaded machine, once became the tab shortened.
  await page.evaluate(() => {
    const seen = window as unknown as { shiftSeen?: boolean };
    seen.shiftSeen = false;
    addEventListener('keyup', (event) => event.key === 'Shift' && (seen.shiftSeen = true));
  });
  await xdotool(display, 'key', '--clearmodifiers', 'alt+shift+l');
  await xdotool(display, 'key', 'shift');
  await pollUntil(async () => ((await page.evaluate(() => (window as unknown as { shiftSeen?: boolean }).shiftSeen)) === true ? true : undefined), {
    timeoutMs: 30_000,
    failure: 'The page never saw the Shift pressed after the shortcut.',
  });
}

/** A link to `href` put on the page (a person's page links anywhere), to right-click; its selector. */
export async function linkOnPage(page: Page, href: string, text = 'a link to shorten'): Promise<string> {
  return `#${await page.evaluate(appendLink, [href, text] as const)}`;
}

/** A paragraph of `text` put on the page (to select, or to right-click); its selector. */
export async function paragraphOnPage(page: Page, text: string): Promise<string> {
  return `#${await page.evaluate(appendParagraph, text)}`;
}

/** Selects the whole of the element's text, as a person drags over it. */
export async function selectAll(page: Page, selector: string): Promise<void> {
  await page.evaluate(selectContents, selector);
}
