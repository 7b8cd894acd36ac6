import type { ApiError } from '../api/errors';
import type { BulkSkip } from '../storage/session/bulk-run';
import { prepareLongUrl, type PreparedUrl } from './shortening';

/** A tab as "Shorten all tabs" reads it (the `tabs` permission reveals its address). */
export interface TabToShorten {
  url: string | undefined;
  title?: string;
}

export type PlannedTab = { url: string; title?: string } & ({ skip: BulkSkip } | { prepared: PreparedUrl });

/**
 * Which of a window's tabs (or a list's addresses) to shorten, in order: a
 * page with no web address (a browser page, one of this extension's own
 * pages, a file) is skipped with its reason, and so is a tab whose long URL,
 * once prepared as it would be sent, an earlier tab already has. A list
 * (no `ownBaseUrl`: its addresses are typed, not tabs) says of each address
 * it cannot send only why, as the popup's field does.
 */
export function planBulk(tabs: readonly TabToShorten[], options: { stripTracking: boolean; ownBaseUrl?: string }): PlannedTab[] {
  const firstPlace = new Map<string, number>();
  return tabs.map(({ url = '', title }, index) => {
    const named = { url, ...(title === undefined ? {} : { title }) };
    const prepared = prepareLongUrl(url, options.stripTracking);
    if (!prepared.ok) return { ...named, skip: options.ownBaseUrl === undefined ? { reason: 'not-shortenable', error: prepared.error } : skipFor(url, prepared.error, options.ownBaseUrl) };
    const earlier = firstPlace.get(prepared.value.longUrl);
    if (earlier !== undefined) return { ...named, skip: { reason: 'duplicate', of: earlier + 1 } };
    firstPlace.set(prepared.value.longUrl, index);
    return { ...named, prepared: prepared.value };
  });
}

// `ownBaseUrl` is runtime.getURL(''), e.g. chrome-extension://<id>/ (compared as text: such URLs have an opaque origin in the URL standard).
function skipFor(url: string, error: ApiError, ownBaseUrl: string): BulkSkip {
  if (url.startsWith(ownBaseUrl)) return { reason: 'own-page' };
  // A page of the browser's own (chrome://settings, about:blank, a new tab, another extension's page)
  // or a tab still loading its first page, which reports no address at all.
  const browserPage = (error.kind === 'unsupported-scheme' && error.scheme !== 'file:' && error.scheme !== 'data:') || error.kind === 'empty-url';
  return browserPage ? { reason: 'browser-page' } : { reason: 'not-shortenable', error };
}
