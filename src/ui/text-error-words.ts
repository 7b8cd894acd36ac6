import type { Words } from '../platform/words';
import type { TextError } from '../shortening/text-error';
import type { JobFailure } from '../storage/session/job-failure';
import { errorSentence } from './error-words';

const TEXT_KINDS: ReadonlySet<string> = new Set<TextError['kind']>(['no-links-selected', 'selection-too-long', 'selection-unreadable', 'no-links-in-field', 'field-unreadable', 'field-hidden', 'text-too-large', 'not-confirmed']);
const isTextError = (error: TextError | JobFailure): error is TextError => TEXT_KINDS.has(error.kind);

/** The one sentence for each way a text's links can end with nothing done: a text's own failure, or a job's (error-words.ts). */
export function textErrorSentence(error: TextError | JobFailure, words: Words): string {
  return isTextError(error) ? ownSentence(error, words) : errorSentence(error, words);
}

function ownSentence(error: TextError, { t }: Words): string {
  switch (error.kind) {
    case 'no-links-selected':
      return t('errorNoLinksSelected');
    case 'selection-too-long':
      return t('errorSelectionTooLong', error.most);
    case 'selection-unreadable':
      return t('errorSelectionUnreadable');
    case 'no-links-in-field':
      return t('errorNoLinksInField');
    case 'field-unreadable':
      return t('errorFieldUnreadable');
    case 'field-hidden':
      return t('errorFieldHidden');
    case 'text-too-large':
      return t('errorTextTooLarge', error.links, error.most);
    case 'not-confirmed':
      return t('errorNotConfirmed', error.links);
  }
}
