import type { BulkItem, BulkRun } from '../../messages/bulk-port';
import { isFinal } from '../../shortening/bulk-run-state';
import { titled } from '../../shortening/shorten-request';
import { jobBytes } from '../queue/job-bytes';
import { RUN_BUDGET_BYTES, storedBytes } from '../../storage/session/session-budget';

/** A short link as long as a server's usually are (its origin and a 7-character code), for the estimate. */
const SHORT_CODE = 'AbC1234';

/**
 * What one tab of a run costs storage.session at the most: its place in the
 * run once done (its address, title, short link and long URL) and its job in
 * the journal while it waits (the request, the long URL again). Every write of
 * the run holds all of its tabs, so this is what must fit, tab by tab.
 */
export function tabBytes(item: BulkItem, server: string): number {
  const done: BulkItem = { url: item.url, ...(item.title === undefined ? {} : { title: item.title }), status: { state: 'done', shortUrl: `${server}/${SHORT_CODE}`, longUrl: item.url, fromHistory: false } };
  // A comma between items in the run's array.
  return storedBytes('', done) + 1 + jobBytes({ url: item.url, via: 'bulk', ...titled(item.title), private: false, fresh: false }, 'bulk', server);
}

export interface RunSize {
  /** Tabs the run would shorten. */
  tabs: number;
  /** The run's bytes at the most, all of its tabs counted. */
  bytes: number;
  /** How many tabs like these fit in one run's share of storage.session. */
  most: number;
}

/** Whether a planned run fits in its share of storage.session (session-budget.ts), with the figures to say why not. */
export function runSize(run: BulkRun, server: string): RunSize & { fits: boolean } {
  const toShorten = run.items.filter((item) => !isFinal(item));
  // The run's own fields and its skipped tabs, as they are.
  const fixed = storedBytes('bulk-runs', { ...run, items: run.items.filter(isFinal) });
  const bytes = fixed + toShorten.reduce((sum, item) => sum + tabBytes(item, server), 0);
  const perTab = toShorten.length === 0 ? 1 : (bytes - fixed) / toShorten.length;
  const most = Math.max(0, Math.floor((RUN_BUDGET_BYTES - fixed) / perTab));
  return { tabs: toShorten.length, bytes, most, fits: bytes <= RUN_BUDGET_BYTES };
}
