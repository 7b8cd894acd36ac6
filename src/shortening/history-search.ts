import type { HistoryEntry } from '../storage/history-entry';

/**
 * History, ready to be searched as the user types: one lower-case haystack
 * per entry, built once per load, so a keystroke over 10,000 entries is a
 * plain loop of `includes` (a few milliseconds), not 30,000 `toLowerCase`s.
 */
export interface SearchIndex {
  entries: readonly HistoryEntry[];
  haystacks: readonly string[];
}

/**
 * `accountName` names the account that made an entry, where its name is
 * shown (the history page, with more than one account): the settings hold
 * the names, and this layer reads no settings.
 */
export function searchIndex(entries: readonly HistoryEntry[], accountName: (entry: HistoryEntry) => string | undefined = () => undefined): SearchIndex {
  // A newline never occurs in a URL or a title, so no term can match across two fields.
  return {
    entries,
    haystacks: entries.map((entry) => {
      const { longUrl, shortUrl, title = '', campaign = '' } = entry;
      return `${longUrl}\n${shortUrl}\n${title}\n${campaign}\n${accountName(entry) ?? ''}`.toLowerCase();
    }),
  };
}

/** The words of a query: each must occur somewhere in an entry (in any order) for it to match. */
export function queryTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter((term) => term !== '');
}

/** The entries matching the query (case-insensitive, over long URL, short link, title, campaign and account name), in their order; all of them for a blank query. */
export function search(index: SearchIndex, query: string): readonly HistoryEntry[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return index.entries;
  const found: HistoryEntry[] = [];
  const { entries, haystacks } = index;
  for (let position = 0; position < entries.length; position += 1) {
    const haystack = haystacks[position] ?? '';
    if (terms.every((term) => haystack.includes(term))) found.push(entries[position] as HistoryEntry);
  }
  return found;
}
