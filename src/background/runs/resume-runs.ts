import { readSendingSettings } from '../../storage/account-tokens';
import { localArea, tokenVault } from '../../storage/extension-storage';
import { queueJournal } from '../queue/job-journal';
import type { QueuedJob } from '../queue/queue-types';
import { listKind } from './list-book';
import { hasEnded, isFinal } from '../../shortening/bulk-run-state';
import type { LinksRun } from '../../storage/session/bulk-run';
import { feed, follow, hasUnfed, type RunKind } from './run-links';
import { tabsKind } from './tabs-book';

/**
 * After a worker restart: each unfinished link of a run the last worker
 * started (a window's tabs, the list) goes on, through its queued job when
 * the journal has it, else from the start (a link made meanwhile is then
 * found in history: no second credit). A paused list stays paused.
 */
export async function resumeRuns(jobs: readonly QueuedJob[], workerStartedAt: number): Promise<void> {
  const unclaimed = new Map(jobs.map((job) => [job.id, job]));
  const [tabs, lists] = [await claimJobs(tabsKind, unclaimed, workerStartedAt), await claimJobs(listKind, unclaimed, workerStartedAt)];
  // A job no run names (its run was forgotten, or the worker stopped before the run named it): nobody waits for it.
  await Promise.all([...unclaimed.values()].map((job) => queueJournal.remove(job).catch(() => undefined)));
  if (tabs.length === 0 && lists.length === 0) return;
  // Read only when a link must be taken up from the start: every worker's start comes through here.
  const settings = await readSendingSettings(localArea, await tokenVault());
  for (const run of tabs) await feed(tabsKind, run, settings);
  for (const run of lists) await feed(listKind, run, settings);
}

/**
 * After a worker restart: each unfinished link of the kind's runs that the
 * last worker started, whose job the journal has, is followed (its job taken
 * out of `unclaimed`); gives the runs that have links to take up from the start.
 */
async function claimJobs<Run extends LinksRun>(kind: RunKind<Run>, unclaimed: Map<string, QueuedJob>, workerStartedAt: number): Promise<Run[]> {
  const toFeed: Run[] = [];
  for (const run of (await kind.book.runs()).values()) {
    if (run.startedAt >= workerStartedAt || hasEnded(run)) continue;
    for (const [index, item] of run.items.entries()) {
      const job = isFinal(item) || item.job === undefined ? undefined : unclaimed.get(item.job);
      if (job === undefined) continue;
      unclaimed.delete(job.id);
      follow(kind, run, index, job);
    }
    if (!kind.paused(run) && hasUnfed(run)) toFeed.push(run);
  }
  return toFeed;
}
