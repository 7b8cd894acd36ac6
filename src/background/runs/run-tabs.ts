import { failure, type Result } from '../../api/result';
import type { BulkItemStatus, BulkRun } from '../../messages/bulk-port';
import { internalError } from '../../platform/error-text';
import { browserWords } from '../../platform/i18n';
import { hasEnded, isFinal } from '../../shortening/bulk-run-state';
import { CONTRACT_PACE, runWaitBoundMs } from '../../shortening/run-pace';
import type { Shortening } from '../../shortening/shortening';
import { titled, type ShortenProgress, type ShortenRequest } from '../../shortening/shorten-request';
import type { SendingSettings } from '../../storage/account-tokens';
import type { JobFailure } from '../../storage/session/job-failure';
import { nextClickOrder } from '../delivery/clipboard-rule';
import { notifySentence } from '../delivery/notify';
import type { QueuedJob } from '../queue/queue-types';
import { runQueued, shorten, type Asker } from '../service/shortening-service';
import { changed, isWatched, publishSoon, runs } from './run-book';

/**
 * Each tab of a "Shorten all tabs" run through the shortening service, in
 * tab order (the queue keeps it): its progress and its end written into the
 * run (run-book.ts tells the popups), and a notification when the run ends
 * with no popup watching.
 */

/** Runs the user cancelled: a tab not yet in the queue ends cancelled instead of joining it. */
const cancelled = new Set<string>();

/** The run was cancelled: its tabs not yet in the queue end cancelled. */
export function markCancelled(runId: string): void {
  cancelled.add(runId);
}

/** Each tab to shorten, in tab order: from history, or into the queue (which keeps that order). */
export async function queueAll(run: BulkRun, settings: SendingSettings): Promise<void> {
  const waitBoundMs = boundFor(run);
  for (const [index, item] of run.items.entries()) if (!isFinal(item)) await shortenTab(run, index, settings, waitBoundMs);
}

/** How long the run's links still to come may wait: as long as their number needs at the run's pace (a click's two minutes would fail most of a large run). */
export const boundFor = (run: BulkRun): number => runWaitBoundMs(run.items.filter((item) => !isFinal(item)).length, run.pace ?? CONTRACT_PACE);

/** Resolves once the tab is in line (or has its answer already, from history): the next tab then queues behind it. */
export async function shortenTab(run: BulkRun, index: number, settings: SendingSettings, waitBoundMs: number | undefined): Promise<void> {
  const item = run.items[index];
  if (item === undefined) return;
  if (cancelled.has(run.id)) return end(run, index, failure({ kind: 'cancelled' }));
  // With the run's own account, whichever is active now (a restarted worker takes the run up with it too).
  const request: ShortenRequest = { url: item.url, via: 'bulk', ...titled(item.title), private: run.private, fresh: false, ...(run.account === undefined ? {} : { account: run.account }) };
  const now = Date.now();
  await new Promise<void>((inLine) => {
    const asker: Asker = {
      queuedAt: now,
      clickOrder: nextClickOrder(now),
      owner: 'bulk',
      jobId: item.job,
      ...(item.tab === undefined ? {} : { pageTab: item.tab }),
      ...(waitBoundMs === undefined ? {} : { waitBoundMs }),
      onQueued() {
        // Cancelled while history was looked up: the tab must not join the queue now.
        if (cancelled.has(run.id)) return false;
        // The service adds the job to the queue as this returns, before the next tab is looked at.
        inLine();
        return true;
      },
      onProgress: (progress) => progressed(run, index, progress),
    };
    void shorten(request, asker, settings)
      .then(
        ({ result }) => result,
        (error: unknown): Result<Shortening, JobFailure> => failure(internalError(error)),
      )
      .then((result) => {
        end(run, index, result);
        inLine();
      });
  });
}

export function follow(run: BulkRun, index: number, job: QueuedJob): void {
  void runQueued(job, (progress) => progressed(run, index, progress)).then((result) => end(run, index, result));
}

function progressed(run: BulkRun, index: number, progress: ShortenProgress): void {
  const item = run.items[index];
  if (item === undefined || isFinal(item)) return;
  item.status = progress.state === 'sending' ? { state: 'sending' } : { state: 'waiting', ahead: progress.ahead, ...(progress.untilMs === undefined ? {} : { untilMs: progress.untilMs }) };
  publishSoon(run);
}

function end(run: BulkRun, index: number, result: Result<Shortening, JobFailure>): void {
  const item = run.items[index];
  if (item === undefined || isFinal(item)) return;
  const status: BulkItemStatus = result.ok
    ? { state: 'done', shortUrl: result.value.shortUrl, longUrl: result.value.longUrl, fromHistory: result.value.fromHistory }
    : { state: 'failed', error: result.error };
  run.items[index] = { url: item.url, ...(item.title === undefined ? {} : { title: item.title }), status };
  void changed(run, hasEnded(run) ? 'now' : 'soon');
  if (hasEnded(run)) void ended(run);
}

/** With no popup watching, a notification says the links are ready (they are in the popup, and in history). */
async function ended(run: BulkRun): Promise<void> {
  cancelled.delete(run.id);
  // Watched, or forgotten with its window: nothing to say.
  if (isWatched(run.windowId) || (await runs()).get(run.windowId) !== run) return;
  const made = run.items.filter((item) => item.status.state === 'done').length;
  await notifySentence('notifyBulkTitle', browserWords().t('notifyBulkMessage', made, run.items.length));
}
