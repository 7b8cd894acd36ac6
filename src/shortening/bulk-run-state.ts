import type { BulkItem, BulkRun } from '../storage/session/bulk-run';

/** Where a tab of a "Shorten all tabs" run stands for good: passed over, shortened, or failed. */
const FINAL_STATES: ReadonlySet<string> = new Set(['skipped', 'done', 'failed']);

export const isFinal = (item: BulkItem): boolean => FINAL_STATES.has(item.status.state);

/** A run has ended when every tab in it has. */
export const hasEnded = (run: BulkRun): boolean => run.items.every(isFinal);
