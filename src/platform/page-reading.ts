import { browser } from './browser';
import { readPageText } from './page-text';
import { errorText } from './error-text';

/**
 * Runs `func` in the tab's page (its top frame, or the frame named) with the
 * access the user's click granted, and hands back what it returned:
 * untrusted, the page's to shape. Undefined, never a rejection, when the page
 * cannot be run in (no grant for it, a browser page, a discarded tab).
 */
export async function runInPage<Args extends unknown[]>(tabId: number, frameId: number | undefined, func: (...args: Args) => unknown, args: Args): Promise<unknown> {
  try {
    const [injection] = await browser.scripting.executeScript({ target: { tabId, ...(frameId === undefined ? {} : { frameIds: [frameId] }) }, func, args });
    // Chrome puts a function that threw in the page on `error` (Firefox rejects): said, as a rejection is.
    const thrown = (injection as { error?: unknown } | undefined)?.error;
    if (thrown !== undefined) console.warn("Shrtnr: the extension's script failed in the page.", String(thrown).slice(0, 200));
    return injection?.result;
  } catch (error) {
    // Said for whoever looks (the page's words never: only the browser's reason), then read as nothing.
    console.warn("Shrtnr: the page could not be run in.", errorText(error));
    return undefined;
  }
}

/**
 * Runs in the page (serialised by `scripting.executeScript`, so it may use
 * nothing from outside itself): the page's address and the targets of its
 * own short-link declarations, in document order. `href` is the resolved
 * absolute URL; the tokens of `rel` are matched case-insensitively, as HTML does.
 */
function declaredShortLinks(rels: readonly string[]): { url: string; shortLinks: string[] } {
  const shortLinks: string[] = [];
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const tokens = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (link instanceof HTMLLinkElement && tokens.some((token) => rels.includes(token))) shortLinks.push(link.href);
  }
  return { url: location.href, shortLinks };
}

/**
 * What the tab's top page declares about its own short link, read with the
 * access the user's click granted (activeTab + scripting: no install
 * warning); undefined, never a rejection, when the page cannot be read (no
 * grant for it, a browser page, a discarded tab). The caller validates it:
 * the page wrote every byte.
 */
export const readPageShortLinks = (tabId: number, rels: readonly string[]): Promise<unknown> => runInPage(tabId, undefined, declaredShortLinks, [rels]);

/**
 * The selection in that frame of the tab as a person sees it (page-text.ts:
 * its seen text, a link's words with its target), read with the access the
 * menu click granted; undefined, never a rejection, when the page cannot be
 * read (the caller then has only the browser's `selectionText`), or holds
 * more than `maxLength` characters of it. Untrusted.
 */
export const readSelection = (tabId: number, frameId: number, maxLength: number): Promise<unknown> => runInPage(tabId, frameId, readPageText, [{ of: 'selection', maxLength }]);
