import { failure, type Result } from '../../api/result';
import { internalError } from '../../platform/error-text';
import { hasEnded, isFinal } from '../../shortening/bulk-run-state';
import { CONTRACT_PACE, runWaitBoundMs } from '../../shortening/run-pace';
import type { Shortening } from '../../shortening/shortening';
import { titled, type ShortenProgress, type ShortenRequest } from '../../shortening/shorten-request';
import type { SendingSettings } from '../../storage/account-tokens';
import type { BulkItem, BulkItemStatus, LinksRun } from '../../storage/session/bulk-run';
import type { JobFailure } from '../../storage/session/job-failure';
import type { WayIn } from '../../storage/ways-in';
import { nextClickOrder } from '../delivery/clipboard-rule';
import type { QueuedJob } from '../queue/queue-types';
import { cancelJob, runQueued, shorten, type Asker } from '../service/shortening-service';
import type { RunBook } from './run-book';

/**
 * Each link of a run (a window's tab, a list's address) through the
 * shortening service, in the run's order (the queue keeps it): its progress
 * and its end written into the run (the book tells its pages), the next links
 * fed to the queue as earlier ones end, paused, cancelled, and taken up again
 * by a restarted worker. Nothing here touches the clipboard.
 */

/** What a source of runs is to the links' machinery. */
export interface RunKind<Run extends LinksRun> {
  book: RunBook<Run>;
  /** How its links are recorded in history. */
  via: WayIn;
  /**
   * How many of a run's links are in the queue at once (Infinity: all of them
   * from its start). Each is a job in the journal while it waits, some 700
   * bytes of storage.session: 10,000 addresses at once would not fit.
   */
  ahead(run: Run): number;
  /** The user paused it: no link goes into the queue, and those waiting there come out. */
  paused(run: Run): boolean;
  /** Its last link ended (a page that follows it says so; with none, a notification may). */
  ended(run: Run): Promise<void>;
}

/** Runs the user cancelled: a link not yet in the queue ends cancelled instead of joining it. */
const cancelled = new Set<string>();
/** Each run's links between going into the queue (their history looked up first) and their end. */
const inLine = new Map<string, Set<number>>();
/** The settings each run's links go with (read once at its start or a worker's), for the links fed later. */
const fedWith = new Map<string, SendingSettings>();
/** Runs whose links are being fed right now: one loop per run. */
const feeding = new Set<string>();

const lineOf = (run: LinksRun): Set<number> => {
  const line = inLine.get(run.id) ?? new Set<number>();
  inLine.set(run.id, line);
  return line;
};
const waitsOutside = (line: Set<number>) => (item: BulkItem, index: number) => !isFinal(item) && !line.has(index);

/** Whether some link of the run waits outside the queue (to be fed, or taken up from the start). */
export const hasUnfed = (run: LinksRun): boolean => run.items.some(waitsOutside(lineOf(run)));

/** How long the run's links still to come may wait: as long as their number needs at the run's pace (a click's two minutes would fail most of a large run). */
export const boundFor = (run: LinksRun): number => runWaitBoundMs(run.items.filter((item) => !isFinal(item)).length, run.pace ?? CONTRACT_PACE);

/**
 * Puts the run's links into the queue, in order, until `ahead` of them are
 * in line (history looked up first: a link it holds ends at once); called
 * again as each ends. Each link's job is named in the run, and written,
 * before it is queued: a worker stopped before the run's next write finds it
 * in the journal by that name (no second request).
 */
export async function feed<Run extends LinksRun>(kind: RunKind<Run>, run: Run, settings: SendingSettings): Promise<void> {
  fedWith.set(run.id, settings);
  if (feeding.has(run.id)) return;
  feeding.add(run.id);
  try {
    const line = lineOf(run);
    const waitBoundMs = boundFor(run);
    while (!cancelled.has(run.id) && !kind.paused(run) && line.size < kind.ahead(run)) {
      const index = run.items.findIndex(waitsOutside(line));
      if (index === -1) return;
      if (run.items[index]?.job === undefined) await nameJobs(kind, run, index, line);
      await shortenItem(kind, run, index, settings, waitBoundMs);
    }
  } finally {
    feeding.delete(run.id);
  }
}

/** Names the jobs of the next links to go (as many as may be in line), and writes the run. */
async function nameJobs<Run extends LinksRun>(kind: RunKind<Run>, run: Run, from: number, line: Set<number>): Promise<void> {
  let named = 0;
  const most = kind.ahead(run);
  for (let index = from; index < run.items.length && named < most; index += 1) {
    const item = run.items[index];
    if (item === undefined || isFinal(item) || line.has(index) || item.job !== undefined) continue;
    item.job = crypto.randomUUID();
    named += 1;
  }
  await kind.book.persist('now');
}

/** Resolves once the link is in line (or has its answer already, from history): the next link then queues behind it. */
async function shortenItem<Run extends LinksRun>(kind: RunKind<Run>, run: Run, index: number, settings: SendingSettings, waitBoundMs: number): Promise<void> {
  const item = run.items[index];
  if (item === undefined) return;
  lineOf(run).add(index);
  // With the run's own account, whichever is active now (a restarted worker takes the run up with it too).
  const request: ShortenRequest = { url: item.url, via: kind.via, ...titled(item.title), private: run.private, fresh: false, ...(run.account === undefined ? {} : { account: run.account }) };
  const now = Date.now();
  await new Promise<void>((queued) => {
    const asker: Asker = {
      queuedAt: now,
      clickOrder: nextClickOrder(now),
      owner: 'bulk',
      jobId: item.job,
      madeSince: run.startedAt,
      ...(item.tab === undefined ? {} : { pageTab: item.tab }),
      waitBoundMs,
      onQueued() {
        // Cancelled or paused while history was looked up: the link must not join the queue now.
        if (cancelled.has(run.id) || kind.paused(run)) return false;
        // The service adds the job to the queue as this returns, before the next link is looked at.
        queued();
        return true;
      },
      onProgress: (progress) => progressed(kind, run, index, progress),
    };
    void shorten(request, asker, settings)
      .then(
        ({ result }) => result,
        (error: unknown): Result<Shortening, JobFailure> => failure(internalError(error)),
      )
      .then((result) => {
        end(kind, run, index, result);
        queued();
      });
  });
}

/** A link whose job a stopped worker left in the journal: followed to its end. */
export function follow<Run extends LinksRun>(kind: RunKind<Run>, run: Run, index: number, job: QueuedJob): void {
  lineOf(run).add(index);
  void runQueued(job, (progress) => progressed(kind, run, index, progress)).then((result) => end(kind, run, index, result));
}

/** Cancel: the links still waiting end cancelled (those in the queue taken out of it); a link whose request is under way finishes. */
export function cancelLinks<Run extends LinksRun>(kind: RunKind<Run>, run: Run): void {
  if (hasEnded(run)) return;
  cancelled.add(run.id);
  const line = lineOf(run);
  for (const [index, item] of run.items.entries()) {
    if (isFinal(item)) continue;
    if (!line.has(index)) end(kind, run, index, failure({ kind: 'cancelled' }));
    else if (item.job !== undefined) cancelJob(item.job);
  }
}

/** Pause (the run says it is paused already): its links waiting in the queue come out of it, back to the run's list; a request under way finishes. */
export function takeOutOfQueue(run: LinksRun): void {
  for (const index of lineOf(run)) {
    const job = run.items[index]?.job;
    if (job !== undefined) cancelJob(job);
  }
}

function progressed<Run extends LinksRun>(kind: RunKind<Run>, run: Run, index: number, progress: ShortenProgress): void {
  const item = run.items[index];
  if (item === undefined || isFinal(item)) return;
  item.status =
    progress.state === 'sending'
      ? { state: 'sending' }
      : { state: 'waiting', ahead: progress.ahead, ...(progress.untilMs === undefined ? {} : { untilMs: progress.untilMs }), ...(progress.forNetwork === true ? { forNetwork: true } : {}) };
  kind.book.publishSoon(run);
}

function end<Run extends LinksRun>(kind: RunKind<Run>, run: Run, index: number, result: Result<Shortening, JobFailure>): void {
  const item = run.items[index];
  lineOf(run).delete(index);
  if (item === undefined || isFinal(item)) return;
  const named = { url: item.url, ...(item.title === undefined ? {} : { title: item.title }) };
  if (!result.ok && result.error.kind === 'cancelled' && kind.paused(run) && !cancelled.has(run.id)) {
    // Taken out by a pause: back in the run's list, its job's name dropped (the journal drops the job; a new one goes when the run does).
    run.items[index] = { ...named, ...(item.tab === undefined ? {} : { tab: item.tab }), status: { state: 'queued' } };
    void kind.book.changed(run);
    return;
  }
  const status: BulkItemStatus = result.ok
    ? { state: 'done', shortUrl: result.value.shortUrl, longUrl: result.value.longUrl, fromHistory: result.value.fromHistory }
    : { state: 'failed', error: result.error };
  run.items[index] = { ...named, status };
  const over = hasEnded(run);
  void kind.book.changed(run, over ? 'now' : 'soon');
  if (over) {
    for (const state of [cancelled, inLine, fedWith]) state.delete(run.id);
    void kind.ended(run);
    return;
  }
  const settings = fedWith.get(run.id);
  if (settings !== undefined) void feed(kind, run, settings);
}
