import { browser } from '../platform/browser';
import type { PreparedUrl, ShortenRequest } from '../shortening/shortening';
import type { Click } from './clipboard-rule';
import { WAYS_IN, type WayIn } from '../storage/history-entry';
import type { GateSnapshot } from './rate-limit-gate';
import type { GateStore, QueueJournal, QueuedJob } from './shorten-queue';

/**
 * The shorten queue's jobs, kept in storage.session (issue 11) so a worker
 * that Chrome stops while links wait or a request is under way leaves them
 * on record: `job:<uuid>` → the QueuedJob, written when it is queued and
 * before each request (with its attempts), removed when it ends. An alarm
 * wakes a stopped worker within half a minute while any job is on record,
 * and whichever worker starts next takes the jobs over. (storage.session
 * does not outlive the browser, so a job found is always a recent one; the
 * queue's maximum age bounds the rest.)
 */
const JOB_PREFIX = 'job:';
export const RESUME_ALARM = 'resume-interrupted-shortenings';
// Chrome's shortest alarm delay (30 s). Not for the end-to-end build, which Chrome
// runs unpacked and so lets an alarm fire after 1 s: its tests of a stopped worker
// then take seconds (the e2e hooks are gated the same way, in main.ts).
const E2E_RESUME_DELAY_MS = 1_000;
const RESUME_DELAY_MINUTES = import.meta.env.MODE === 'e2e' ? E2E_RESUME_DELAY_MS / 60_000 : 0.5;

// The jobs this worker has on record: while there are any, the wake-up alarm stays set.
const onRecord = new Set<string>();

export const newJobId = (): string => `${JOB_PREFIX}${crypto.randomUUID()}`;

/** A job for a click (or a tab of a run), its long URL prepared, no request sent yet. */
export function newQueuedJob(request: ShortenRequest, prepared: PreparedUrl, server: string, click: Click, owner: QueuedJob['owner']): QueuedJob {
  return {
    id: newJobId(),
    request,
    longUrl: prepared.longUrl,
    removedParams: prepared.removedParams,
    server,
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
    await Promise.all([browser.storage.session.set({ [job.id]: job }), armResumeAlarm()]);
  },
  async remove(job) {
    onRecord.delete(job.id);
    await browser.storage.session.remove(job.id);
    if (onRecord.size === 0) await browser.alarms.clear(RESUME_ALARM);
  },
};

const GATE_PREFIX = 'gate:';

/** What each server's rate-limit gate knows (`gate:<server>`), for the next worker: see GateSnapshot. */
/**
 * storage.session as a worker found it when it started: the gates' snapshots
 * and the interrupted jobs are both read from it, once, at the start.
 */
let atWorkerStart: Promise<Record<string, unknown>> | undefined;
const sessionAtWorkerStart = (): Promise<Record<string, unknown>> => (atWorkerStart ??= browser.storage.session.get(null));

export const gateStore: GateStore = {
  async load() {
    const stored = await sessionAtWorkerStart();
    const snapshots: Record<string, GateSnapshot> = {};
    for (const [key, value] of Object.entries(stored)) if (key.startsWith(GATE_PREFIX) && isGateSnapshot(value)) snapshots[key.slice(GATE_PREFIX.length)] = value;
    return snapshots;
  },
  save: (server, snapshot) => browser.storage.session.set({ [`${GATE_PREFIX}${server}`]: snapshot }),
};

const number = (candidate: unknown): boolean => typeof candidate === 'number' && Number.isFinite(candidate);

function isGateSnapshot(value: unknown): value is GateSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const { limit, windowMs, measuredOnce, blockedUntil, refusalsInARow, inFlight, window } = value as Partial<Record<keyof GateSnapshot, unknown>>;
  const windowOk =
    window === undefined ||
    (typeof window === 'object' &&
      window !== null &&
      number((window as { remaining?: unknown }).remaining) &&
      number((window as { endsAt?: unknown }).endsAt) &&
      typeof (window as { endKnown?: unknown }).endKnown === 'boolean' &&
      typeof (window as { confirmed?: unknown }).confirmed === 'boolean');
  return (limit === undefined || number(limit)) && number(windowMs) && typeof measuredOnce === 'boolean' && (blockedUntil === undefined || number(blockedUntil)) && number(refusalsInARow) && number(inFlight) && windowOk;
}

/** The alarm fired and this worker still has jobs: set it again, so a worker stopped later is woken too. */
export async function keepResumeAlarm(): Promise<void> {
  if (onRecord.size > 0) await armResumeAlarm();
}

function armResumeAlarm(): Promise<void> {
  return browser.alarms.create(RESUME_ALARM, { delayInMinutes: RESUME_DELAY_MINUTES });
}

/**
 * Jobs a previous worker left unfinished: those queued before this worker
 * started (a worker woken by a click queues that click's job itself). A record
 * that is not a job is dropped.
 */
export async function takeInterruptedJobs(workerStartedAt: number): Promise<QueuedJob[]> {
  const stored = await sessionAtWorkerStart();
  const jobs: QueuedJob[] = [];
  const damaged: string[] = [];
  for (const [key, value] of Object.entries(stored)) {
    if (!key.startsWith(JOB_PREFIX)) continue;
    if (!isQueuedJob(key, value)) damaged.push(key);
    else if (value.queuedAt < workerStartedAt) jobs.push(value);
  }
  if (damaged.length > 0) await browser.storage.session.remove(damaged);
  return jobs.toSorted((a, b) => a.clickOrder - b.clickOrder);
}

function isQueuedJob(key: string, value: unknown): value is QueuedJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Partial<Record<keyof QueuedJob, unknown>>;
  return (
    job.id === key &&
    isShortenRequest(job.request) &&
    typeof job.longUrl === 'string' &&
    Array.isArray(job.removedParams) &&
    job.removedParams.every((name) => typeof name === 'string') &&
    typeof job.server === 'string' &&
    typeof job.queuedAt === 'number' &&
    typeof job.clickOrder === 'number' &&
    typeof job.attempts === 'number' &&
    (job.owner === 'popup' || job.owner === 'background' || job.owner === 'bulk')
  );
}

/** Whether a value that crossed a boundary (storage, the popup's port) is a ShortenRequest. */
export function isShortenRequest(value: unknown): value is ShortenRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { url, via, title, private: isPrivate, fresh } = value as Partial<Record<keyof ShortenRequest, unknown>>;
  return (
    typeof url === 'string' &&
    WAYS_IN.includes(via as WayIn) &&
    (title === undefined || typeof title === 'string') &&
    typeof isPrivate === 'boolean' &&
    typeof fresh === 'boolean'
  );
}
