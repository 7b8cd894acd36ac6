import { extensionApi as browser } from '../platform/extension-api';

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

export interface Job {
  key: string;
  url: string;
  startedAt: number;
}

export async function beginJob(url: string): Promise<Job> {
  const job = { key: `${JOB_PREFIX}${crypto.randomUUID()}`, url, startedAt: Date.now() };
  await Promise.all([
    browser.storage.session.set({ [job.key]: { url, startedAt: job.startedAt } }),
    browser.alarms.create(RESUME_ALARM, { delayInMinutes: RESUME_DELAY_MINUTES }),
  ]);
  return job;
}

export async function endJob(job: Job): Promise<void> {
  await browser.storage.session.remove(job.key);
  if ((await unfinishedJobs()).length === 0) await browser.alarms.clear(RESUME_ALARM);
}

/**
 * Jobs a previous worker left unfinished: those recorded before this worker
 * started (a worker woken by a click records that click's job at once).
 */
export async function takeInterruptedJobs(workerStartedAt: number): Promise<Job[]> {
  const jobs = (await unfinishedJobs()).filter((job) => job.startedAt < workerStartedAt);
  await browser.storage.session.remove(jobs.map((job) => job.key));
  return jobs;
}

async function unfinishedJobs(): Promise<Job[]> {
  const stored = await browser.storage.session.get(null);
  return Object.entries(stored).flatMap(([key, value]) => {
    if (!key.startsWith(JOB_PREFIX) || typeof value !== 'object' || value === null) return [];
    const { url, startedAt } = value as { url?: unknown; startedAt?: unknown };
    return typeof url === 'string' && typeof startedAt === 'number' ? [{ key, url, startedAt }] : [];
  });
}
