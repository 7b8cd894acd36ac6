import type { MessageKey, Words } from '../platform/words';
import { MAX_HISTORY_ENTRIES, type MergeOutcome, type WayIn } from '../storage/history-entry';
import { EXPORT_VERSION } from './export-file';
import { MAX_IMPORT_MEGABYTES, type ImportProblem } from './import-file';

const WAY_IN_KEYS: Record<WayIn, MessageKey> = {
  'popup-tab': 'historyViaPopupTab',
  'popup-typed': 'historyViaPopupTyped',
  'menu-link': 'historyViaMenuLink',
  'menu-page': 'historyViaMenuPage',
  'menu-selection': 'historyViaMenuSelection',
  shortcut: 'historyViaShortcut',
  bulk: 'historyViaBulk',
};

/** Which way a link came in, in words ("Right-click on a link"). */
export function wayInLabel(via: WayIn, { t }: Words): string {
  return t(WAY_IN_KEYS[via]);
}

/** Why a chosen file was not imported: one sentence for each way it can fail. */
export function importProblemSentence(problem: ImportProblem, { t }: Words): string {
  switch (problem.kind) {
    case 'too-large':
      return t('historyImportTooLarge', MAX_IMPORT_MEGABYTES);
    case 'unreadable':
      return t('historyImportUnreadable', problem.reason);
    case 'not-json':
      return t('historyImportNotJson');
    case 'wrong-format':
      return t('historyImportWrongFormat');
    case 'wrong-version':
      return t('historyImportWrongVersion', problem.version, EXPORT_VERSION);
  }
}

/**
 * What an import did, exactly: added, and those not added for each reason
 * there was. One count per sentence, in neutral wording ("Links imported: 1.")
 * so no language needs plural forms that the browser's i18n cannot choose.
 */
export function importOutcomeSentence(outcome: MergeOutcome & { invalid: number; future: number }, { t }: Words): string {
  const sentences = [t('historyImportAdded', outcome.added)];
  if (outcome.alreadyThere > 0) sentences.push(t('historyImportAlreadyThere', outcome.alreadyThere));
  if (outcome.invalid > 0) sentences.push(t('historyImportInvalid', outcome.invalid));
  if (outcome.future > 0) sentences.push(t('historyImportFuture', outcome.future));
  if (outcome.overBound > 0) sentences.push(t('historyImportOverBound', outcome.overBound, MAX_HISTORY_ENTRIES));
  return sentences.join(' ');
}
