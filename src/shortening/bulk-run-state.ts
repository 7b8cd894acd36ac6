import type { BulkItem, LinksRun } from '../storage/session/bulk-run';

/** Where a link of a run (a tab, a list's address) stands for good: passed over, shortened, or failed. */
const FINAL_STATES: ReadonlySet<string> = new Set(['skipped', 'done', 'failed']);

export const isFinal = (item: BulkItem): boolean => FINAL_STATES.has(item.status.state);

/** A run has ended when every link in it has. */
export const hasEnded = (run: LinksRun): boolean => run.items.every(isFinal);
