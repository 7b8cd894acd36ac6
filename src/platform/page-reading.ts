import { browser } from './browser';
import { readPageText } from './page-text';
import { errorText } from './error-text';

/**
 * What Chromium 156 answers, now and then on a loaded machine, to the injections that follow a context-menu
 * click whose activeTab grant they rely on: "Cannot access contents of the page. Extension manifest must request
 * permission to access the respective host." (seen in end-to-end runs beside other work: a field's links then
 * "cannot be changed", a selection read as the browser's own `selectionText`). Asked again a little later, the
 * grant is there. Only reads right after a click ask again (after 50, 150, 400 and 1,000 ms: some 1.6 s in all,
 * then the page is taken as one that cannot be read); any other refusal is final at once.
 */
const NOT_GRANTED_YET = 'Cannot access contents of the page';

/**
 * Runs `func` in the tab's page (its top frame, or the frame named) with the
 * access the user's click granted, and hands back what it returned:
 * untrusted, the page's to shape. Undefined, never a rejection, when the
 * page cannot be run in (no grant for it, a browser page, a discarded tab).
 * `afterClick`: the user's click just granted the access (see NOT_GRANTED_YET).
 */
export async function runInPage<Args extends unknown[]>(tabId: number, frameId: number | undefined, func: (...args: Args) => unknown, args: Args, afterClick = false): Promise<unknown> {
  const waits = afterClick ? [50, 150, 400, 1_000] : [];
  for (;;) {
    try {
      const [injection] = await browser.scripting.executeScript({ target: { tabId, ...(frameId === undefined ? {} : { frameIds: [frameId] }) }, func, args });
      // Chrome puts a function that threw in the page on `error` (Firefox rejects): said, as a rejection is.
      const thrown = (injection as { error?: unknown } | undefined)?.error;
      if (thrown !== undefined) console.warn("Shrtnr: the extension's script failed in the page.", String(thrown).slice(0, 200));
      return injection?.result;
    } catch (error) {
      // Said for whoever looks (the page's words never: only the browser's reason), then read as nothing.
      // With the wait before it is asked again, if it is.
      const reason = errorText(error);
      const wait = reason.startsWith(NOT_GRANTED_YET) ? waits.shift() : undefined;
      console.warn('Shrtnr: the page could not be run in.', reason, wait ?? '');
      if (wait === undefined) return undefined;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
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
 * menu click granted; `{ tooLong: true }` past `maxLength` characters of it;
 * undefined, never a rejection, when the page cannot be read (the caller then
 * has only the browser's `selectionText`). Untrusted.
 */
export const readSelection = (tabId: number, frameId: number, maxLength: number): Promise<unknown> => runInPage(tabId, frameId, readPageText, [{ of: 'selection', maxLength }], true);
