import type { Menus, Tabs } from '../../platform/browser';
import { readSelection } from '../../platform/page-reading';
import { MAX_SELECTION_LENGTH, selectionPieces } from '../../shortening/selection-pieces';
import { soleSeenAddress } from '../../shortening/selection-address';
import type { TextError } from '../../shortening/text-error';
import { addressesIn, soleAddress, withShortLinks, type TextPiece } from '../../shortening/text-links';
import { clickNow, type Click } from '../delivery/clipboard-rule';
import { shortenAndCopy, type BackgroundOutcome } from '../delivery/deliver';
import { deliverText, type TextOutcome } from './deliver-text';
import { reportTextFailure } from './text-error';
import { shortenTextAddresses, shortLinkIn } from './text-addresses';

/**
 * "Shorten the links in the selection": every http(s) address written in
 * the selected text a person sees, and the target of every link whose words
 * they see (where the click's access lets the page be read; else, in a top
 * frame, the browser's own `selectionText`; a selection too long to read, or
 * in another site's frame, is refused), shortened through the history cache and
 * the queue; the text is copied with each replaced by its short link, in the
 * chosen copy format.
 */
export async function shortenSelectionLinks(info: Menus.OnClickData, tab: Tabs.Tab | undefined, asked: { private: boolean; fresh: boolean }): Promise<BackgroundOutcome | TextOutcome> {
  // Taken before anything is awaited: the order of the clicks is the order of these calls.
  const click = clickNow();
  const selected = await selectedPieces(info, tab);
  if ('refused' in selected) return reportTextFailure(selected.refused);
  // One address as a person sees it is shortened as a link is (its notification names it); where the top frame
  // cannot be read, the browser's text is the one piece.
  const address = selected.from === 'seen' ? soleSeenAddress(selected.pieces, info.selectionText) : soleAddress((info.selectionText ?? '').trim());
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
  const selected = await selectedPieces({ frameId: 0 }, inTab);
  return 'refused' in selected ? reportTextFailure(selected.refused) : shortenPieces(selected.pieces, inTab, 'popup-selection', click);
}

type Selected = Pick<Menus.OnClickData, 'frameId' | 'selectionText'>;

async function shortenPieces(pieces: TextPiece[], tab: Pick<Tabs.Tab, 'incognito'> | undefined, via: 'menu-selection' | 'popup-selection', click: Click): Promise<TextOutcome> {
  const shortened = await shortenTextAddresses(addressesIn(pieces), { via, private: tab?.incognito ?? false, fresh: false }, click, { kind: 'no-links-selected' });
  if ('status' in shortened) return shortened;
  const { results, settings } = shortened;
  // The click as answered: a question the user said yes to is when the text was asked for.
  return deliverText(withShortLinks(pieces, shortLinkIn(results), settings.copyFormat), results, shortened.click);
}

/** The selection's pieces: the text seen, or the browser's own (`unreadable`: a top frame that cannot be read); or why neither is used. */
type SelectedText = { pieces: TextPiece[]; from: 'seen' | 'unreadable' } | { refused: TextError };

async function selectedPieces(info: Selected, tab: Pick<Tabs.Tab, 'id'> | undefined): Promise<SelectedText> {
  const frameId = info.frameId ?? 0;
  const read = tab?.id === undefined ? undefined : await readSelection(tab.id, frameId, MAX_SELECTION_LENGTH);
  // What a person sees of it, where the page can be read: hidden text and hidden links are none of it (issue 33),
  // though the browser's own `selectionText` may hold them.
  const seen = read === undefined ? undefined : selectionPieces(read);
  if (seen !== undefined) return { pieces: seen, from: 'seen' };
  // The page answered, but with more than is read: its selection may have grown since the menu opened.
  if (read !== undefined) return { refused: { kind: 'selection-too-long', most: MAX_SELECTION_LENGTH } };
  // A top frame that cannot be read (a PDF, a browser page) is no page's to hide text in; a frame of another site,
  // which the click's access does not reach, may be.
  return frameId === 0 ? { pieces: [{ text: info.selectionText ?? '' }], from: 'unreadable' } : { refused: { kind: 'selection-unreadable' } };
}
