import { browser } from '../platform/browser';
import type { ShortenRequest } from '../shortening/shortening';
import { WAYS_IN, type WayIn } from '../storage/history-entry';

/**
 * Background shortenings in flight, kept in storage.session so a worker that
 * is stopped mid-request (Chrome may end it at any time) leaves a trace. An
 * alarm wakes a stopped worker within half a minute, and whichever worker
 * starts next runs the unfinished jobs again. (storage.session does not
 * outlive the browser, so a job found is always a recent one.)
 */
const JOB_PREFIX = 'job:';
export const RESUME_ALARM = 'resume-interrupted-shortenings';
// Chrome's shortest alarm delay.
const RESUME_DELAY_MINUTES = 0.5;

// Jobs this worker is running, plus one until the start-up pass has taken the
// interrupted ones out of the journal: after that every entry left in it is
// one of this worker's, so this count alone says whether the wake-up alarm is
// still needed, without reading the journal back.
let runningJobs = 1;

export interface Job {
  key: string;
  request: ShortenRequest;
  startedAt: number;
}

export async function beginJob(request: ShortenRequest): Promise<Job> {
  const job = { key: `${JOB_PREFIX}${crypto.randomUUID()}`, request, startedAt: Date.now() };
  runningJobs += 1;
  try {
    await Promise.all([
      browser.storage.session.set({ [job.key]: { request, startedAt: job.startedAt } }),
      browser.alarms.create(RESUME_ALARM, { delayInMinutes: RESUME_DELAY_MINUTES }),
    ]);
  } catch (error) {
    // Not recorded, so not running as far as the journal is concerned.
    await endJob(job).catch((cleanup: unknown) => console.warn('Shrtnr: an unrecorded job could not be cleared either.', String(cleanup)));
    throw error;
  }
  return job;
}

export async function endJob(job: Job): Promise<void> {
  runningJobs -= 1;
  await browser.storage.session.remove(job.key);
  if (runningJobs === 0) await browser.alarms.clear(RESUME_ALARM);
}

/**
 * Jobs a previous worker left unfinished: those recorded before this worker
 * started (a worker woken by a click records that click's job at once).
 */
export async function takeInterruptedJobs(workerStartedAt: number): Promise<Job[]> {
  const jobs = (await recordedJobs()).filter((job) => job.startedAt < workerStartedAt);
  await browser.storage.session.remove(jobs.map((job) => job.key));
  runningJobs -= 1;
  return jobs;
}

async function recordedJobs(): Promise<Job[]> {
  const stored = await browser.storage.session.get(null);
  return Object.entries(stored).flatMap(([key, value]) => {
    if (!key.startsWith(JOB_PREFIX) || typeof value !== 'object' || value === null) return [];
    const { request, startedAt } = value as { request?: unknown; startedAt?: unknown };
    return isShortenRequest(request) && typeof startedAt === 'number' ? [{ key, request, startedAt }] : [];
  });
}

function isShortenRequest(value: unknown): value is ShortenRequest {
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
