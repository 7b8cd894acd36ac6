import { browserWords } from '../../platform/i18n';
import type { Words } from '../../platform/words';
import type { JobFailure } from '../../storage/session/job-failure';
import { failSaying, reportFailure, type Failed } from '../delivery/failure';

/**
 * What only a text's links (a selection's, a field's) can fail with, found
 * in this folder before any of them is sent. Said only by the worker, so
 * named and worded here; a link's own failure is a job's (JobFailure).
 */
export type TextError =
  /** Selected text that holds no web address and no link. */
  | { kind: 'no-links-selected' }
  /** A text field that holds no web address. */
  | { kind: 'no-links-in-field' }
  /** A field the extension may not read or change: a password or e-mail input, or one in a page the browser keeps closed. */
  | { kind: 'field-unreadable' }
  /** The field to change is one no person can see (hidden, off-screen): the focus a page moved as the menu opened. */
  | { kind: 'field-hidden' }
  /** More links than can wait at once in storage.session: `most` would fit now. */
  | { kind: 'text-too-large'; links: number; most: number }
  /** More than a few links, which the user did not confirm sending (declined, or left the question unanswered). */
  | { kind: 'not-confirmed'; links: number };

/** How a text's links end with nothing done: the text's own failure, or a job's (the account's, or every link's). */
export type TextFailed = Failed<TextError | JobFailure>;

/** The one sentence for each of a text's own failures (a job's is said by src/ui/error-words.ts). */
export function textErrorSentence(error: TextError, { t }: Words): string {
  switch (error.kind) {
    case 'no-links-selected':
      return t('errorNoLinksSelected');
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

/** A text's own failure, its badge started: said on the badge and in a notification. */
export const failText = (error: TextError): Promise<Failed<TextError>> => failSaying(error, textErrorSentence(error, browserWords()));

/** The same, found before anything started (no address, a field not to touch): its badge is started first. */
export const reportTextFailure = (error: TextError): Promise<Failed<TextError>> => reportFailure(error, textErrorSentence(error, browserWords()));
