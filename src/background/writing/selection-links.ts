import type { Menus, Tabs } from '../../platform/browser';
import { readSelection } from '../../platform/page-reading';
import { MAX_SELECTION_LENGTH, selectionPieces } from '../../shortening/selection-pieces';
import { addressesIn, soleAddress, withShortLinks, type TextPiece } from '../../shortening/text-links';
import { clickNow, type Click } from '../delivery/clipboard-rule';
import { shortenAndCopy, type BackgroundOutcome } from '../delivery/deliver';
import { deliverText, type TextOutcome } from './deliver-text';
import { shortenTextAddresses, shortLinkIn } from './text-addresses';

/**
 * "Shorten the links in the selection": every http(s) address written in
 * the selected text a person sees, and the target of every link whose words
 * they see (where the click's access lets the page be read; else the
 * browser's own `selectionText`), shortened through the history cache and
 * the queue; the text is copied with each replaced by its short link, in the
 * chosen copy format.
 */
export async function shortenSelectionLinks(info: Menus.OnClickData, tab: Tabs.Tab | undefined, asked: { private: boolean; fresh: boolean }): Promise<BackgroundOutcome | TextOutcome> {
  // Taken before anything is awaited: the order of the clicks is the order of these calls.
  const click = clickNow();
  const selected = await selectedPieces(info, tab);
  const address = soleSeenAddress(selected, info.selectionText);
  if (address !== undefined) return shortenAndCopy({ url: address, via: 'menu-selection', ...asked }, undefined, click);
  return shortenPieces(selected.pieces, tab, 'menu-selection', click);
}

/**
 * The same from the popup, where the browser has no context menu (Firefox for Android): the selection in the
 * tab the popup was opened on (its top frame, which the popup's activeTab grant lets the page be read in).
 */
export async function shortenTabSelectionLinks(tab: number, inPrivate: boolean): Promise<TextOutcome> {
  const click = clickNow();
  const inTab = { id: tab, incognito: inPrivate };
  return shortenPieces((await selectedPieces({ frameId: 0 }, inTab)).pieces, inTab, 'popup-selection', click);
}

type Selected = Pick<Menus.OnClickData, 'frameId' | 'selectionText'>;

async function shortenPieces(pieces: TextPiece[], tab: Pick<Tabs.Tab, 'incognito'> | undefined, via: 'menu-selection' | 'popup-selection', click: Click): Promise<TextOutcome> {
  const shortened = await shortenTextAddresses(addressesIn(pieces), { via, private: tab?.incognito ?? false, fresh: false }, click, { kind: 'no-links-selected' });
  if ('status' in shortened) return shortened;
  const { results, settings } = shortened;
  // The click as answered: a question the user said yes to is when the text was asked for.
  return deliverText(withShortLinks(pieces, shortLinkIn(results), settings.copyFormat), results, shortened.click);
}

/** The selection's pieces, and where they come from: the text seen, or the browser's own (`unread`: the page could not be read, or said too much). */
interface SelectedText {
  pieces: TextPiece[];
  from: 'seen' | 'unreadable' | 'unread';
}

async function selectedPieces(info: Selected, tab: Pick<Tabs.Tab, 'id'> | undefined): Promise<SelectedText> {
  const read = tab?.id === undefined ? undefined : await readSelection(tab.id, info.frameId ?? 0, MAX_SELECTION_LENGTH);
  // What a person sees of it, where the page can be read: hidden text and hidden links are none of it (issue 33),
  // though the browser's own `selectionText` may hold them. Only a page that cannot be read (a PDF, a browser
  // page), or a selection past MAX_SELECTION_LENGTH, which the page does not read on, leaves that.
  const seen = read === undefined ? undefined : selectionPieces(read);
  if (seen !== undefined) return { pieces: seen, from: 'seen' };
  return { pieces: [{ text: info.selectionText ?? '' }], from: read === undefined ? 'unreadable' : 'unread' };
}

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');
const bare = (url: string) => url.replace(/^https?:\/\//i, '');
/** Whether every character of `part` is in `whole`, in the same order. */
function inOrderWithin(part: string, whole: string): boolean {
  let at = 0;
  for (const character of part) {
    at = whole.indexOf(character, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The one address the selection is, as a person sees it: shortened as a link is (its notification names it).
 * Where the page was read, the seen text must agree with the browser's `selectionText`, taken as the menu
 * opened: one word (pieces put together could make one address of two, a space between them not drawn), holding
 * the seen text's characters in order (the page moved no selection since; hidden text left out is fine). A link
 * shown cut short (`example.com/long/pa…`, the rest in text made invisible) is its target. A page that answered
 * with more than is read gives none: its selection may have grown since the menu opened.
 */
function soleSeenAddress({ pieces, from }: SelectedText, selectionText: string | undefined): string | undefined {
  if (from === 'unreadable') return soleAddress(pieces.map((piece) => piece.text).join('').trim());
  const browserText = selectionText?.trim() ?? '';
  const seen = pieces.map((piece) => piece.text).join('').trim();
  if (from === 'unread' || /\s/.test(browserText) || !inOrderWithin(withoutSpaces(seen), browserText)) return undefined;
  const address = soleAddress(seen);
  if (address !== undefined) return address;
  const [href, ...others] = new Set(pieces.map((piece) => piece.href));
  const shown = seen.replace(/(…|\.\.\.)$/, '');
  return href !== undefined && others.length === 0 && shown.length > 0 && bare(href).startsWith(bare(shown)) ? href : undefined;
}
