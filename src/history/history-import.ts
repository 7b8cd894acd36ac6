import type { Words } from '../platform/words';
import type { HistoryStore, MergeOutcome } from '../storage/history-entry';
import { errorText } from '../platform/error-text';
import { importOutcomeSentence, importProblemSentence } from './history-words';
import { readHistoryFile } from './import-file';
import type { UndoOffer } from './undo';

/**
 * Imports a history file: read, checked, merged into the store; then says what
 * came of it, with the Undo that takes away exactly what it added and puts back
 * what it removed to make room (none when it added nothing).
 */
export async function importHistory(store: HistoryStore, file: File, words: Words, say: (sentence: string, undo?: UndoOffer) => void): Promise<void> {
  const parsed = await readHistoryFile(file, Date.now());
  if (!parsed.ok) {
    say(importProblemSentence(parsed.problem, words));
    return;
  }
  let outcome: MergeOutcome = { added: [], alreadyThere: 0, overBound: 0, dropped: [] };
  try {
    if (parsed.entries.length > 0) outcome = await store.merge(parsed.entries);
  } catch (error) {
    say(words.t('historyChangeFailed', errorText(error)));
    return;
  }
  const { added, alreadyThere, overBound, dropped } = outcome;
  // A link twice in the file was, by its second time, already there. The list follows from the store's change.
  const sentence = importOutcomeSentence(
    { added: added.length, alreadyThere: alreadyThere + parsed.repeated, invalid: parsed.invalid, future: parsed.future, overBound, madeRoom: dropped.length },
    words,
  );
  say(sentence, added.length > 0 ? { kind: 'imported', added, dropped } : undefined);
}
