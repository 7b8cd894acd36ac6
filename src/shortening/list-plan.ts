import type { ApiError } from '../api/errors';
import type { ListRun } from '../storage/session/list-run';
import type { RunPace } from './run-pace';
import type { PlannedTab } from './bulk-plan';
import { runWait } from './bulk-run-state';

/** An address of a list that cannot be sent: its place in the list (from 1), as given, and why (the popup's own checks). */
export interface InvalidAddress {
  place: number;
  address: string;
  error: ApiError;
}

/**
 * What a list comes to before anything is sent, for the list page to say:
 * how many addresses need a new link (a request and a credit each), how many
 * history holds already (given again: no credit spent twice), how many repeat
 * an earlier one, which cannot be sent and why, and the pace that sets how
 * long the new ones take.
 */
export interface ListPlan {
  addresses: number;
  fresh: number;
  inHistory: number;
  duplicates: number;
  invalid: InvalidAddress[];
  pace: RunPace;
}

/** The plan of a list planned by planBulk, `held` saying of each address kept whether history holds its link. */
export function listPlan(planned: readonly PlannedTab[], held: readonly boolean[], pace: RunPace): ListPlan {
  const kept = planned.flatMap((entry, index) => ('prepared' in entry ? [held[index] === true] : []));
  const invalid = planned.flatMap((entry, index) => ('skip' in entry && entry.skip.reason === 'not-shortenable' ? [{ place: index + 1, address: entry.url, error: entry.skip.error }] : []));
  const inHistory = kept.filter(Boolean).length;
  return { addresses: planned.length, fresh: kept.length - inHistory, inHistory, duplicates: planned.length - kept.length - invalid.length, invalid, pace };
}

/** Where a list run stands, as the list page shows it while it goes (the whole run comes at its end). */
export interface ListProgress {
  id: string;
  paused: boolean;
  pace: RunPace;
  addresses: number;
  /** Addresses to shorten: not passed over as invalid or repeated. */
  toShorten: number;
  /** Short links so far, those from history among them. */
  made: number;
  fromHistory: number;
  failed: number;
  /** When the server's window that the head of the line waits for ends (ms since the epoch), when known. */
  untilMs?: number;
  /** Links wait for the network (the browser offline, or the server gave no answer), not for a window. */
  forNetwork?: true;
}

export function listProgress(run: ListRun): ListProgress {
  let [skipped, made, fromHistory, failed] = [0, 0, 0, 0];
  for (const { status } of run.items) {
    if (status.state === 'skipped') skipped += 1;
    else if (status.state === 'failed') failed += 1;
    else if (status.state === 'done') {
      made += 1;
      if (status.fromHistory) fromHistory += 1;
    }
  }
  const { untilMs, forNetwork } = runWait(run);
  return { id: run.id, paused: run.paused, pace: run.pace, addresses: run.items.length, toShorten: run.items.length - skipped, made, fromHistory, failed, ...(untilMs === undefined ? {} : { untilMs }), ...(forNetwork ? { forNetwork: true } : {}) };
}
