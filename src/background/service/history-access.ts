import type { HistoryEntry, HistoryStore, RecentHistory } from '../../storage/history-entry';
import { openHistoryStore } from '../../storage/history-store';
import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import { errorText } from '../../platform/error-text';

// Opened on first use; one connection for the worker's life.
let historyStore: HistoryStore | undefined;
export const backgroundHistory = (): HistoryStore => (historyStore ??= openHistoryStore());

/** History failing never costs the user their link: it is said in the console, and the shortening goes on. */
export const historyFailed = (what: 'read' | 'written') => (error: unknown) => {
  console.warn(`Shrtnr: history could not be ${what}.`, errorText(error));
  return undefined;
};

/** Keeps a new link in history (never rejects). */
export async function keepInHistory(entry: HistoryEntry): Promise<void> {
  await backgroundHistory().record(entry).catch(historyFailed('written'));
}

/**
 * The newest entries made here, for the popup (read here: the worker has the
 * store and its validation already); never imported ones, which the popup
 * would copy in one click with no word of their origin.
 */
export async function recentHistory(limit: number): Promise<RecentHistory> {
  // Read for this answer: the popup lists nothing while history is off.
  const { history: enabled } = await readSettings(localArea, ['history']);
  // A handful at most, whatever was asked: the popup lists a few.
  const count = Number.isInteger(limit) ? Math.min(Math.max(0, limit), 20) : 0;
  return { enabled, entries: enabled && count > 0 ? await backgroundHistory().recent(count, { madeHereOnly: true }) : [] };
}
