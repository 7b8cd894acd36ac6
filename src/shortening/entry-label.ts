import type { HistoryEntry } from '../storage/history-entry';

/** What a row is called: the page's title, or where the long URL leads (host and path) when there is none. */
export function entryLabel({ title, longUrl }: HistoryEntry): { text: string; isAddress: boolean } {
  const trimmed = title?.trim() ?? '';
  if (trimmed !== '') return { text: trimmed, isAddress: false };
  // Stored entries were validated as http(s) URLs; a parse failure here would be a broken assumption.
  const { host, pathname } = new URL(longUrl);
  return { text: pathname === '/' ? host : `${host}${pathname}`, isAddress: true };
}
