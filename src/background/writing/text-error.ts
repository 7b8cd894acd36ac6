import { browserWords } from '../../platform/i18n';
import type { TextError } from '../../shortening/text-error';
import type { JobFailure } from '../../storage/session/job-failure';
import { textErrorSentence } from '../../ui/text-error-words';
import { failSaying, reportFailure, type Failed } from '../delivery/failure';

/** How a text's links end with nothing done: the text's own failure, or a job's (the account's, or every link's). */
export type TextFailed = Failed<TextError | JobFailure>;

/** A text's own failure, its badge started: said on the badge and in a notification. */
export const failText = (error: TextError): Promise<Failed<TextError>> => failSaying(error, textErrorSentence(error, browserWords()));

/** The same, found before anything started (no address, a field not to touch): its badge is started first. */
export const reportTextFailure = (error: TextError): Promise<Failed<TextError>> => reportFailure(error, textErrorSentence(error, browserWords()));
