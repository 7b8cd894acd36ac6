import type { BulkItem, LinksRun } from '../../storage/session/bulk-run';
import { isFinal } from '../../shortening/bulk-run-state';
import { titled } from '../../shortening/shorten-request';
import { jobBytes } from '../queue/job-bytes';
import { RUN_BUDGET_BYTES, storedBytes } from '../../storage/session/session-budget';

/** A short link as long as a server's usually are (its origin and a 7-character code), for the estimate. */
const SHORT_CODE = 'AbC1234';

/**
 * What one link of a run (a tab, a list's address) costs storage.session at
 * the most: its place in the run once done (its address, title, short link
 * and long URL) and its job in the journal while it waits (the request, the
 * long URL again). Every write of the run holds all of its links.
 */
export function tabBytes(item: BulkItem, server: string): number {
  return doneBytes(item, server) + jobBytesOf(item, server);
}

/** Its job in the journal while it waits. */
const jobBytesOf = (item: BulkItem, server: string): number => jobBytes({ url: item.url, via: 'bulk', ...titled(item.title), private: false, fresh: false }, 'bulk', server);

/** Its place in the run once done, and the comma between items in the run's array. */
function doneBytes(item: BulkItem, server: string): number {
  const done: BulkItem = { url: item.url, ...(item.title === undefined ? {} : { title: item.title }), status: { state: 'done', shortUrl: `${server}/${SHORT_CODE}`, longUrl: item.url, fromHistory: false } };
  return storedBytes('', done) + 1;
}

export interface RunSize {
  /** Links the run would shorten. */
  tabs: number;
  /** The run's bytes at the most, all of its links counted. */
  bytes: number;
  /** How many links like these fit in one run's share of storage.session. */
  most: number;
}

/**
 * Whether a planned run fits in its share of storage.session (session-budget.ts), with the figures to say why not.
 * `jobsAtOnce`: how many of its links are in the queue (in the journal) at once: all of them for a window's tabs,
 * a few hundred for a list (run-links.ts, `ahead`).
 */
export function runSize(run: LinksRun, server: string, jobsAtOnce = Number.POSITIVE_INFINITY): RunSize & { fits: boolean } {
  const toShorten = run.items.filter((item) => !isFinal(item));
  // The run's own fields and its skipped links, as they are.
  const fixed = storedBytes('bulk-runs', { ...run, items: run.items.filter(isFinal) });
  const done = sum(toShorten.map((item) => doneBytes(item, server)));
  const jobs = sum(toShorten.map((item) => jobBytesOf(item, server)));
  // Every link's place once done, and the jobs of those in line at once (the average job's, when not all are).
  const inLine = Math.min(jobsAtOnce, toShorten.length);
  const bytes = fixed + done + (toShorten.length === 0 ? 0 : (jobs / toShorten.length) * inLine);
  // Links like these that would fit: each its place and its job, or its place beside the jobs in line at once.
  const [donePer, jobPer] = toShorten.length === 0 ? [1, 0] : [done / toShorten.length, jobs / toShorten.length];
  const room = RUN_BUDGET_BYTES - fixed;
  const most = Math.max(0, Math.floor(Number.isFinite(jobsAtOnce) ? (room - jobPer * jobsAtOnce) / donePer : room / (donePer + jobPer)));
  return { tabs: toShorten.length, bytes, most, fits: bytes <= RUN_BUDGET_BYTES };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
