import type { Words } from '../platform/words';
import { errorSentence } from '../ui/error-words';
import { MAX_LIST_MEGABYTES } from './list-file';
import { MAX_LIST_ADDRESSES } from './list-source';
import type { ShownProblem } from './list-machine';

/** Why the page sends nothing, in one sentence. */
export function problemSentence(shown: ShownProblem, words: Words): string {
  const { t } = words;
  if (shown.kind === 'file') {
    const { problem } = shown;
    if (problem.kind === 'too-large') return t('listTooBig', MAX_LIST_MEGABYTES);
    return problem.kind === 'not-text' ? t('listNotText') : t('listUnreadable', problem.reason);
  }
  if (shown.kind === 'list') return shown.problem.kind === 'too-many' ? t('listTooMany', shown.problem.count, MAX_LIST_ADDRESSES) : t('listNoAddress');
  const { error } = shown;
  if (error.kind === 'list-running') return t('listAnotherRunning');
  if (error.kind === 'list-account-removed') return t('listAccountRemoved');
  return error.kind === 'list-too-large' ? t('listTooLargeToKeep', error.addresses, error.most) : errorSentence(error, words);
}

/**
 * Only the settings page can fix it: the worker refuses a list, or a paused
 * one's going on, for settings that can send nothing (no account, no token, a
 * bad server), and the page then offers a way there (not for its size, another
 * page's list, or its account removed).
 */
export const needsSettings = (shown: ShownProblem | undefined): boolean =>
  shown?.kind === 'refused' && shown.error.kind !== 'list-too-large' && shown.error.kind !== 'list-running' && shown.error.kind !== 'list-account-removed';

/** A wait of this long, in words: seconds under a minute, else minutes (rounded up). */
export const duration = (ms: number, { seconds, minutes }: Words): string => (ms < 60_000 ? seconds(Math.ceil(ms / 1000)) : minutes(Math.ceil(ms / 60_000)));
