import type { Result, ShortenedUrl, ShrtnrError } from '../api';

/** Why a copy failed: the browser refused it, or threw (its own words, untranslated). */
export type CopyFailure = { reason: 'refused' } | { reason: 'error'; detail: string };

/**
 * Every message exchanged between extension contexts: its request, its
 * response and which context answers it. Both sides are typed from this map.
 */
export interface MessageMap {
  /**
   * Popup → worker: shorten with the stored settings. The popup never sees the
   * token, nor reads storage at all: the answer says whether to copy.
   */
  shorten: { request: { url: string }; response: { result: Result<ShortenedUrl, ShrtnrError>; autoCopy: boolean } };
  /** Worker → offscreen document: put text on the clipboard (Chrome's workers have no clipboard). */
  'copy-text': { request: { text: string }; response: Result<null, CopyFailure> };
}

export type MessageType = keyof MessageMap;
export type MessageRequest<Type extends MessageType> = MessageMap[Type]['request'];
export type MessageResponse<Type extends MessageType> = MessageMap[Type]['response'];

export type MessageTarget = 'background' | 'offscreen';

export const MESSAGE_TARGETS: { [Type in MessageType]: MessageTarget } = {
  shorten: 'background',
  'copy-text': 'offscreen',
};
