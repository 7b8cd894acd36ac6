import { browser } from './browser';

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
export async function readPageShortLinks(tabId: number, rels: readonly string[]): Promise<unknown> {
  try {
    const [injection] = await browser.scripting.executeScript({ target: { tabId }, func: declaredShortLinks, args: [rels] });
    return injection?.result;
  } catch {
    return undefined;
  }
}
