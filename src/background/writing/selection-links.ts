import type { Menus, Tabs } from '../../platform/browser';
import { readSelection } from '../../platform/page-reading';
import { MAX_SELECTION_LENGTH, selectionPieces, WORD_EDGES } from '../../shortening/selection-pieces';
import { addressesIn, withShortLinks, type TextPiece } from '../../shortening/text-links';
import { nextClickOrder } from '../delivery/clipboard-rule';
import type { Click } from '../queue/job-journal';
import { deliverText, type TextOutcome } from './deliver-text';
import { shortenTextAddresses, shortLinkIn } from './text-addresses';

/**
 * "Shorten the links in the selection": every http(s) address written in
 * the selected text, and the target of every link in the selected part of
 * the page (where the click's access lets the page be read; else the
 * browser's own `selectionText`), shortened through the history cache and
 * the queue; the text is copied with each replaced by its short link, in the
 * chosen copy format.
 */
export async function shortenSelectionLinks(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<TextOutcome> {
  // Taken before anything is awaited: the order of the clicks is the order of these calls.
  const click: Click = { queuedAt: Date.now(), clickOrder: nextClickOrder() };
  const pieces = await selectedPieces(info, tab);
  const shortened = await shortenTextAddresses(addressesIn(pieces), { via: 'menu-selection', private: tab?.incognito ?? false, fresh: false }, click, { kind: 'no-links-selected' });
  if ('status' in shortened) return shortened;
  const { results, settings } = shortened;
  return deliverText(withShortLinks(pieces, shortLinkIn(results), settings.copyFormat), results, click);
}

async function selectedPieces(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<TextPiece[]> {
  const fromPage = tab?.id === undefined ? undefined : selectionPieces(await readSelection(tab.id, info.frameId ?? 0, { ...WORD_EDGES, maxLength: MAX_SELECTION_LENGTH }));
  // The page's own word, when it could be read and agrees there is a selection.
  return fromPage !== undefined && fromPage.some((piece) => piece.text.trim() !== '') ? fromPage : [{ text: info.selectionText ?? '' }];
}
