import type { Words } from '../platform/words';
import { IMPORTED, type HistoryEntry, type HistoryStore } from '../storage/history-entry';
import { importUndoneSentence } from './history-words';
import { withEntries } from './use-history-data';
import type { FocusTarget } from './view-types';

/** What Undo brings back (a delete) or takes away again (an import), while the status line offers it. */
export type UndoOffer =
  | { kind: 'deleted'; entries: readonly HistoryEntry[]; all: boolean }
  /** An import's MergeOutcome: what it added, and what it dropped to make room. */
  | { kind: 'imported'; added: readonly string[]; dropped: readonly HistoryEntry[] };

export interface UndoDone {
  /** The page's list as the store now holds it, shown before the reload that follows confirms it. */
  change(entries: readonly HistoryEntry[]): readonly HistoryEntry[];
  sentence: string;
  focus: FocusTarget;
}

/** Carries out the offer against the store (rejects as the store does), and says what came of it. */
export async function carryOutUndo(store: HistoryStore, offer: UndoOffer, words: Words): Promise<UndoDone> {
  const { t } = words;
  if (offer.kind === 'imported') {
    const done = await store.undoMerge(offer.added, offer.dropped);
    const added = new Set(offer.added);
    return {
      change: (entries) => withEntries(entries.filter((entry) => !(added.has(entry.shortUrl) && entry.origin === IMPORTED)), offer.dropped),
      sentence: importUndoneSentence(done, words),
      focus: { target: 'search' },
    };
  }
  await store.merge(offer.entries);
  const [first] = offer.entries;
  const change = (entries: readonly HistoryEntry[]) => withEntries(entries, offer.entries);
  if (offer.all || first === undefined) return { change, sentence: t('historyRestoredAll', offer.entries.length), focus: { target: 'search' } };
  return { change, sentence: t('historyRestored', first.shortUrl), focus: { target: 'row', shortUrl: first.shortUrl } };
}
