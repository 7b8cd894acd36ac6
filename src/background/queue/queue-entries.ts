import type { QueuedJob } from '../../storage/session/queued-jobs';
import type { ShortenProgress } from '../../shortening/shorten-request';
import type { JobResult } from './queue-types';

/** One caller waiting for an entry's link: the job's own, or a later one for the same link (merged). */
export interface Watcher {
  /** Its own job, journalled too: a restarted worker takes it up again (and it joins again). */
  job: QueuedJob;
  onProgress: ((progress: ShortenProgress) => void) | undefined;
  resolve(result: JobResult): void;
  /** Cancel came while the request was under way: a 429 then ends this caller's wait, cancelled. */
  cancelAsked: boolean;
}

export interface Entry {
  /** The job whose request this is (the first caller's): its attempts are the entry's. */
  job: QueuedJob;
  watchers: Watcher[];
  /** The last progress reported (JSON), to report changes only, and to tell a watcher that joins where it stands. */
  reported: string;
  sending: boolean;
  /** Someone waits for this one link (a click, or a click joined a run's or a text's job): it goes before those jobs still waiting. */
  urgent: boolean;
  /** The latest of its callers' clicks: the bound on waiting and the maximum age count from here, not from the first. */
  boundFrom: number;
  /** The longest of its callers' own bounds on waiting (a tabs run's); undefined: the queue's. */
  waitBoundMs: number | undefined;
}

/**
 * A job of the user's own click (the popup, the menu on a link or a page, the
 * shortcut, the address bar): someone waits for its one link. A tabs run's
 * links are wanted as a list at its end, and a text's (a selection's, a
 * field's: maybe hundreds of them, from one click) all together: a click goes
 * before their jobs still waiting, so one click on a long text never puts
 * minutes of waiting in front of the user's next link.
 */
export const isClick = (job: QueuedJob): boolean => job.owner === 'popup' || job.owner === 'background';

/** The longer of two bounds, where undefined is the queue's own (shorter than any run's). */
export function longerBound(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

/**
 * A later job for the same long URL, by the same account on the same server,
 * waits for the one already queued instead of spending a second request (and
 * credit): a popup opened again on a tab whose link waits, a menu click
 * repeated. Not a job that asks for a new link, nor across private and normal
 * windows (what is recorded differs), nor across accounts (each account's
 * link is its own, made with its token under its own limit).
 */
export function canJoin(queued: QueuedJob, job: QueuedJob): boolean {
  return !job.request.fresh && queued.server === job.server && queued.account === job.account && queued.longUrl === job.longUrl && queued.request.private === job.request.private;
}

/** Tells the entry's callers where it stands, when that changed. */
export function report(entry: Entry, progress: ShortenProgress): void {
  const text = JSON.stringify(progress);
  if (text === entry.reported) return;
  entry.reported = text;
  for (const watcher of entry.watchers) watcher.onProgress?.(progress);
}
