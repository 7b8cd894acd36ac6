import type { Result } from '../api';
import type { ClipboardPayload } from '../shortening/copy-formats';
import type { TextError } from '../shortening/text-error';
import type { Campaign } from '../storage/campaign';
import type { RecentHistory } from '../storage/history-entry';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import type { JobFailure } from '../storage/session/job-failure';

/** How a text's links ended (background/writing/deliver-text.ts): all made, some, or none (then nothing was copied), or why not. */
export type TextLinksOutcome =
  | { status: 'copied' | 'offered' | 'superseded' | 'not-copied' | 'placed'; made: number; found: number }
  | { status: 'failed'; error: TextError | JobFailure };

/** Why a copy failed: the browser refused it, or threw (its own words, untranslated). */
export type CopyFailure = { reason: 'refused' } | { reason: 'error'; detail: string };

/**
 * Every message exchanged between extension contexts: its request, its
 * response and which context answers it. Both sides are typed from this map.
 * (The popup's shortening, which reports progress while it waits, goes over
 * a port instead: shorten-port.ts. The popup never sees the token: the
 * answer says whether, and how, to copy.)
 */
export interface MessageMap {
  /**
   * Popup → worker: the newest history entries. History is read in the worker
   * (which has its validation already) so the popup carries neither.
   */
  'recent-history': { request: { limit: number }; response: RecentHistory };
  /** Popup → worker: the campaign presets, as the worker read and checked them (the popup carries no settings schema). */
  'campaign-presets': { request: Record<string, never>; response: Campaign[] };
  /** Popup → worker: make this account (by id) the active one; false when there is no such account. */
  'use-account': { request: { account: string }; response: boolean };
  /** Popup → worker: the user accepts a short link's host for a page's host (the page's own short links there are used from now on); false when the hosts are not hostnames. */
  'use-page-link-host': { request: AcceptedPageLinkHost; response: boolean };
  /**
   * Popup → worker, where the browser has no context menu (Firefox for Android): "Shorten the links in the
   * selection" of the popup's tab, copied with its short links as the menu item does; `private` as its window is.
   */
  'selection-links': { request: { tab: number; private: boolean }; response: TextLinksOutcome };
  /**
   * A page → worker: the user is copying by hand (a Copy button). Answered once the links of earlier clicks being
   * copied have landed; none of them is copied after it (background/delivery/clipboard-rule.ts).
   */
  'hand-copy': { request: Record<string, never>; response: null };
  /** Worker → offscreen document: put text (and HTML, if any) on the clipboard (Chrome's workers have no clipboard). */
  'copy-text': { request: ClipboardPayload; response: Result<null, CopyFailure> };
}

export type MessageType = keyof MessageMap;
export type MessageRequest<Type extends MessageType> = MessageMap[Type]['request'];
export type MessageResponse<Type extends MessageType> = MessageMap[Type]['response'];

export type MessageTarget = 'background' | 'offscreen';

export const MESSAGE_TARGETS: { [Type in MessageType]: MessageTarget } = {
  'recent-history': 'background',
  'campaign-presets': 'background',
  'use-account': 'background',
  'use-page-link-host': 'background',
  'selection-links': 'background',
  'hand-copy': 'background',
  'copy-text': 'offscreen',
};
