import type { BulkItem, LinksRun } from '../storage/session/bulk-run';

/** Where a link of a run (a tab, a list's address) stands for good: passed over, shortened, or failed. */
const FINAL_STATES: ReadonlySet<string> = new Set(['skipped', 'done', 'failed']);

export const isFinal = (item: BulkItem): boolean => FINAL_STATES.has(item.status.state);

/** A run has ended when every link in it has. */
export const hasEnded = (run: LinksRun): boolean => run.items.every(isFinal);

/** What a run's links wait for. */
export interface RunWait {
  /** The soonest end of a server's window they wait for (ms since the epoch), when one is known: the head of the line's. */
  untilMs?: number;
  /** Some wait for the network (the browser offline, or the server gave no answer), not for a window. */
  forNetwork: boolean;
}

export function runWait(run: LinksRun): RunWait {
  let untilMs: number | undefined;
  let forNetwork = false;
  for (const { status } of run.items) {
    if (status.state !== 'waiting') continue;
    if (status.forNetwork === true) forNetwork = true;
    if (status.untilMs !== undefined) untilMs = Math.min(untilMs ?? status.untilMs, status.untilMs);
  }
  return { ...(untilMs === undefined ? {} : { untilMs }), forNetwork };
}

/** What a run's end is told in: the links made, of those it set out to make (a link passed over, a repeat or a browser page, is none of them). */
export function madeOfToShorten(run: LinksRun): { made: number; toShorten: number } {
  let [made, skipped] = [0, 0];
  for (const { status } of run.items) {
    if (status.state === 'done') made += 1;
    else if (status.state === 'skipped') skipped += 1;
  }
  return { made, toShorten: run.items.length - skipped };
}
