import { browser } from '../../platform/browser';
import type { ShortenRequest } from '../../shortening/shorten-request';
import type { PreparedUrl } from '../../shortening/shortening';
import type { Account } from '../../storage/accounts';
import { gateSnapshots, type GateSnapshot } from '../../storage/session/gate-snapshots';
import { queuedJobs, type QueuedJob } from '../../storage/session/queued-jobs';
import { readWholeSession } from '../../storage/session/session-area';
import type { GateStore, QueueJournal } from './queue-types';

/**
 * The shorten queue's jobs, kept in storage.session (src/storage/session/queued-jobs.ts)
 * so that a worker Chrome stops while links wait, or while a request is under
 * way, leaves them on record: written when a job is queued and before each
 * request (with its attempts), removed when it ends. An alarm wakes a stopped
 * worker within half a minute while any job is on record, and whichever worker
 * starts next takes the jobs over. (storage.session does not outlive the
 * browser, so a job found is always a recent one; the queue's maximum age
 * bounds the rest.)
 */
export const RESUME_ALARM = 'resume-interrupted-shortenings';
/**
 * How long the wake-up alarm waits: Chrome's shortest alarm delay for a
 * packed extension (30 s). The end-to-end build's own worker entry
 * (background/testing/) sets 1 s, which Chrome allows the unpacked extension
 * it runs: its tests of a stopped worker then take seconds.
 */
export const resumeAlarmDelay = { minutes: 0.5 };

// The jobs this worker has on record: while there are any, the wake-up alarm stays set.
const onRecord = new Set<string>();

/** What makes a job: its caller's click (time and order). */
export interface Click {
  /** Date.now() at the click. */
  queuedAt: number;
  clickOrder: number;
}

/** A job for a click (or a tab of a run), its long URL prepared, no request sent yet. */
export function newQueuedJob(request: ShortenRequest, prepared: PreparedUrl, account: Account, click: Click & { waitBoundMs?: number; jobId?: string }, owner: QueuedJob['owner']): QueuedJob {
  return {
    ...(click.waitBoundMs === undefined ? {} : { waitBoundMs: click.waitBoundMs }),
    id: click.jobId ?? crypto.randomUUID(),
    request,
    longUrl: prepared.longUrl,
    removedParams: prepared.removedParams,
    server: account.server,
    account: account.id,
    queuedAt: click.queuedAt,
    clickOrder: click.clickOrder,
    attempts: 0,
    owner,
  };
}

export const queueJournal: QueueJournal = {
  async save(job) {
    onRecord.add(job.id);
    // Set again at every write: an alarm fires once, and a long wait outlives the first.
    await Promise.all([queuedJobs.set(job.id, job), armResumeAlarm()]);
  },
  async remove(job) {
    onRecord.delete(job.id);
    await queuedJobs.remove(job.id);
    if (onRecord.size === 0) await browser.alarms.clear(RESUME_ALARM);
  },
};

// storage.session as this worker found it when it started: the gates' snapshots and the interrupted jobs are both read from it, once.
let atWorkerStart: Promise<Record<string, unknown>> | undefined;
const sessionAtWorkerStart = (): Promise<Record<string, unknown>> => (atWorkerStart ??= readWholeSession());

/** What each limit's gate knew (an account's on its server, by limitKey), for the next worker (see GateSnapshot). */
export const gateStore: GateStore = {
  async load() {
    const { values } = gateSnapshots.within(await sessionAtWorkerStart());
    return Object.fromEntries(values) as Record<string, GateSnapshot>;
  },
  save: (key, snapshot) => gateSnapshots.set(key, snapshot),
};

/** The alarm fired and this worker still has jobs: set it again, so a worker stopped later is woken too. */
export async function keepResumeAlarm(): Promise<void> {
  if (onRecord.size > 0) await armResumeAlarm();
}

function armResumeAlarm(): Promise<void> {
  return browser.alarms.create(RESUME_ALARM, { delayInMinutes: resumeAlarmDelay.minutes });
}

/**
 * Jobs a previous worker left unfinished: those queued before this worker
 * started (a worker woken by a click queues that click's job itself), in
 * click order. A record that is not a job is dropped.
 */
export async function takeInterruptedJobs(workerStartedAt: number): Promise<QueuedJob[]> {
  const { values, damaged } = queuedJobs.within(await sessionAtWorkerStart());
  const records = [...values];
  // A job filed under another id than its own is no job of this extension's.
  const dropped = [...damaged, ...records.filter(([id, job]) => job.id !== id).map(([id]) => id)];
  if (dropped.length > 0) await queuedJobs.remove(dropped);
  return records
    .filter(([id, job]) => job.id === id && job.queuedAt < workerStartedAt)
    .map(([, job]) => job)
    .toSorted((a, b) => a.clickOrder - b.clickOrder);
}
