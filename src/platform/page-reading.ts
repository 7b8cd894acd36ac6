import { browser } from './browser';

/**
 * Runs `func` in the tab's page (its top frame, or the frame named) with the
 * access the user's click granted, and hands back what it returned:
 * untrusted, the page's to shape. Undefined, never a rejection, when the page
 * cannot be run in (no grant for it, a browser page, a discarded tab).
 */
export async function runInPage<Args extends unknown[]>(tabId: number, frameId: number | undefined, func: (...args: Args) => unknown, args: Args): Promise<unknown> {
  try {
    const [injection] = await browser.scripting.executeScript({ target: { tabId, ...(frameId === undefined ? {} : { frameIds: [frameId] }) }, func, args });
    return injection?.result;
  } catch {
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
 * Runs in the page: the selection as the user sees it (`Selection.toString()`
 * keeps its line breaks), and the part of each link's text the selection
 * holds, with the link's resolved target, in document order. `earlier`: how
 * often the link's words, whole (`edges` say where a word may not go on:
 * the caller's pattern), come in the selection before the link, so the
 * caller finds the link's own words and not the same words elsewhere. A
 * selection longer than `edges.maxLength`, which the caller would not
 * believe, is not read at all. Hidden text (Range.toString() has it,
 * Selection.toString() not) can make a count too high.
 */
function selectedText(edges: { before: string; after: string; maxLength: number }): { text: string; links: { text: string; href: string; earlier: number }[] } | undefined {
  const selection = getSelection();
  if (selection === null || selection.rangeCount === 0) return undefined;
  // More than the caller believes is not read link by link (the counting grows with links × text).
  const text = selection.toString();
  if (text.length > edges.maxLength) return undefined;
  const links: { text: string; href: string; earlier: number }[] = [];
  let earlierRanges = '';
  for (let index = 0; index < selection.rangeCount; index += 1) {
    const range = selection.getRangeAt(index);
    const common = range.commonAncestorContainer;
    const element = common instanceof Element ? common : common.parentElement;
    const around = element?.closest('a[href]');
    const anchors = [...(around ? [around] : []), ...(element?.querySelectorAll('a[href]') ?? [])];
    for (const anchor of anchors) {
      if (!(anchor instanceof HTMLAnchorElement) || !range.intersectsNode(anchor)) continue;
      const part = document.createRange();
      part.selectNodeContents(anchor);
      if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0) part.setStart(range.startContainer, range.startOffset);
      if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0) part.setEnd(range.endContainer, range.endOffset);
      const linkText = part.toString();
      const before = document.createRange();
      before.setStart(range.startContainer, range.startOffset);
      before.setEnd(part.startContainer, part.startOffset);
      const words = linkText.trim().split(/\s+/).filter((word) => word !== '').map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const pattern = new RegExp(`${edges.before}${words.join('\\s+')}${edges.after}`, 'gu');
      const earlier = words.length === 0 ? 0 : (earlierRanges + before.toString()).match(pattern)?.length ?? 0;
      links.push({ text: linkText, href: anchor.href, earlier });
    }
    earlierRanges += `${range.toString()}\n`;
  }
  return { text, links };
}

/**
 * The selection in that frame of the tab, read with the access the menu
 * click granted; undefined, never a rejection, when the page cannot be read
 * (the caller then has only the browser's `selectionText`). Untrusted.
 */
export const readSelection = (tabId: number, frameId: number, edges: { before: string; after: string; maxLength: number }): Promise<unknown> => runInPage(tabId, frameId, selectedText, [edges]);
