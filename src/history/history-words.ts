import type { MessageKey, Words } from '../platform/words';
import { MAX_HISTORY_ENTRIES, type UnmergeOutcome, type WayIn } from '../storage/history-entry';
import { EXPORT_VERSION } from './export-file';
import { MAX_IMPORT_MEGABYTES, type ImportProblem } from './import-file';

const WAY_IN_KEYS: Record<WayIn, MessageKey> = {
  'popup-tab': 'historyViaPopupTab',
  'popup-typed': 'historyViaPopupTyped',
  'menu-link': 'historyViaMenuLink',
  'menu-page': 'historyViaMenuPage',
  'menu-selection': 'historyViaMenuSelection',
  'menu-field': 'historyViaMenuField',
  shortcut: 'historyViaShortcut',
  omnibox: 'historyViaOmnibox',
  bulk: 'historyViaBulk',
  'popup-selection': 'historyViaPopupSelection',
  list: 'historyViaList',
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
    case 'empty':
      return t('historyImportEmpty');
    case 'csv-export':
      return t('historyImportCsv');
    case 'not-json':
      return t('historyImportNotJson');
    case 'wrong-format':
      return t('historyImportWrongFormat');
    case 'wrong-version':
      return t('historyImportWrongVersion', problem.version, EXPORT_VERSION);
  }
}

/** What an import came to, counted: the merge's outcome and the file's own refusals. */
export interface ImportCounts {
  added: number;
  alreadyThere: number;
  invalid: number;
  future: number;
  /** Not imported because history is full (the user's own links are kept first). */
  overBound: number;
  /** Earlier imported links removed to make room for these. */
  madeRoom: number;
}

/**
 * What an import did, exactly: added, and those not added for each reason
 * there was. One count per sentence, in neutral wording ("Links imported: 1.")
 * so no language needs plural forms that the browser's i18n cannot choose.
 */
export function importOutcomeSentence(counts: ImportCounts, { t }: Words): string {
  const sentences = [t('historyImportAdded', counts.added)];
  if (counts.alreadyThere > 0) sentences.push(t('historyImportAlreadyThere', counts.alreadyThere));
  if (counts.invalid > 0) sentences.push(t('historyImportInvalid', counts.invalid));
  if (counts.future > 0) sentences.push(t('historyImportFuture', counts.future));
  if (counts.overBound > 0) sentences.push(t('historyImportOverBound', counts.overBound, MAX_HISTORY_ENTRIES));
  if (counts.madeRoom > 0) sentences.push(t('historyImportMadeRoom', counts.madeRoom));
  return sentences.join(' ');
}

/** What Undo of an import did: the links it took away again, and the earlier ones it put back. */
export function importUndoneSentence({ removed, restored }: UnmergeOutcome, { t }: Words): string {
  return restored > 0 ? `${t('historyImportUndone', removed)} ${t('historyImportPutBack', restored)}` : t('historyImportUndone', removed);
}
