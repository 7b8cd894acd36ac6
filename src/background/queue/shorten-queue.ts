import { failure } from '../../api/result';
import { internalError } from '../../platform/error-text';
import type { ShortenProgress } from '../../shortening/shorten-request';
import type { QueuedJob } from '../../storage/session/queued-jobs';
import { canJoin, isClick, longerBound, report, type Entry, type Watcher } from './queue-entries';
import { queueGates, warn } from './queue-gates';
import { walkLines } from './queue-walk';
import { DEFAULT_NETWORK_WAIT_MS, isUnanswered, networkWaits } from './network-waits';
import type { Answered } from './gate-types';
import { DEFAULT_MAX_AGE_MS, DEFAULT_MAX_ATTEMPTS, limitKey, type JobResult, type SendOutcome, type ShortenQueue, type ShortenQueueOptions } from './queue-types';

/** The queue (see queue-types.ts for what it promises). */
export function createShortenQueue(options: ShortenQueueOptions): ShortenQueue {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const networkWaitMs = options.networkWaitMs ?? DEFAULT_NETWORK_WAIT_MS;
  const { journal, send } = options;
  // Servers that gave no answer lately; the browser's coming back online tries them all again at once.
  const network = networkWaits(options.network);
  options.network?.onOnline(() => {
    network.retryAll();
    pump();
  });
  // In queuing order: the order requests leave in, per limit (an account's on its server).
  const entries: Entry[] = [];
  // Added before the gates' knowledge was read: in line (in this order) once it is.
  const deferred: Entry[] = [];
  // Ended, their link being kept in history: still joinable, so the same link asked for meanwhile costs nothing.
  const settling = new Set<Entry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingNow = 0;
  let waitingForNetwork = 0;
  let lastWaiting = '';

  const gates = queueGates(options, now, random, () => {
    for (const entry of deferred.splice(0)) enqueue(entry);
  });

  const allEntries = (): Entry[] => [...entries, ...deferred, ...settling];
  const saveJob = (job: QueuedJob) => journal.save(job).catch(warn('a job could not be written to the journal'));
  const dropJob = (job: QueuedJob) => journal.remove(job).catch(warn('a finished job could not be taken out of the journal'));

  /** A caller joins the entry for its link; a click joining a run's or a text's job takes that job ahead with it. */
  function join(entry: Entry, watcher: Watcher): void {
    entry.watchers.push(watcher);
    void saveJob(watcher.job);
    entry.boundFrom = Math.max(entry.boundFrom, watcher.job.queuedAt);
    entry.waitBoundMs = longerBound(entry.waitBoundMs, watcher.job.waitBoundMs);
    if (entry.reported !== '') watcher.onProgress?.(JSON.parse(entry.reported) as ShortenProgress);
    if (!isClick(watcher.job) || entry.urgent) return;
    entry.urgent = true;
    if (!entry.sending && entries.includes(entry)) {
      entries.splice(entries.indexOf(entry), 1);
      enqueue(entry);
    }
  }

  function enqueue(entry: Entry): void {
    // A click (popup, menu, shortcut) has someone waiting for its one link; a tabs run's and a text's links are
    // wanted all together (queue-entries.ts isClick): a click goes before their jobs still waiting.
    const firstBulk = entry.urgent ? entries.findIndex((queued) => !queued.urgent && !queued.sending) : -1;
    if (firstBulk === -1) entries.push(entry);
    else entries.splice(firstBulk, 0, entry);
    pump();
  }

  function changed(): void {
    const counts = `${waitingNow}/${waitingForNetwork}`;
    if (counts === lastWaiting) return;
    lastWaiting = counts;
    options.onWaitingChange?.(waitingNow, waitingForNetwork);
  }

  /** One caller stops waiting (cancelled); the entry goes on for the others. */
  function release(entry: Entry, watcher: Watcher): void {
    entry.watchers = entry.watchers.filter((candidate) => candidate !== watcher);
    void dropJob(watcher.job);
    watcher.resolve(failure({ kind: 'cancelled' }));
  }

  /** Ends the entry: its link kept (in history), then its jobs out of the journal and its callers told. Resolves once they are. */
  function finish(entry: Entry, result: JobResult): Promise<void> {
    const index = entries.indexOf(entry);
    if (index !== -1) entries.splice(index, 1);
    else if (deferred.includes(entry)) deferred.splice(deferred.indexOf(entry), 1);
    else return Promise.resolve();
    settling.add(entry);
    const kept = result.ok && options.keep !== undefined ? options.keep(entry.job, result.value) : Promise.resolve();
    return kept.then(() => {
      settling.delete(entry);
      const jobs = new Map([entry.job, ...entry.watchers.map((watcher) => watcher.job)].map((job) => [job.id, job]));
      for (const job of jobs.values()) void dropJob(job);
      for (const watcher of entry.watchers) watcher.resolve(result);
    });
  }

  async function sendJob(entry: Entry, answered: Answered): Promise<void> {
    entry.sending = true;
    entry.job.attempts += 1;
    report(entry, { state: 'sending' });
    let outcome: SendOutcome;
    try {
      // Counted before it goes: a worker stopped mid-request leaves the attempt on record.
      await saveJob(entry.job);
      outcome = await send(entry.job);
    } catch (error) {
      outcome = { result: failure(internalError(error)), rateLimit: undefined };
    }
    // No answer at all: the network failed, not the link (network-waits.ts). It waits for the network as a 429 waits
    // for the limit, and the attempt does not count: the server refused nothing.
    const unanswered = !outcome.result.ok && isUnanswered(outcome.result.error) ? outcome.result.error : undefined;
    const settled = answered(outcome.rateLimit, isRateLimited(outcome.result), unanswered !== undefined);
    gates.keep(limitKey(entry.job));
    entry.sending = false;
    if (unanswered === undefined) network.answered(entry.job.server);
    else network.unanswered(entry.job.server, unanswered.host, now());
    if (unanswered === undefined && !isRateLimited(outcome.result)) {
      const kept = finish(entry, outcome.result);
      // What the answer said may let others go at once; its own place is free once its link is kept: a worker
      // stopped before would send it again, so at most maxInFlight requests are ever to send again (a stop's cost).
      pump();
      await kept;
    } else if (entry.watchers.every((watcher) => watcher.cancelAsked)) finish(entry, failure({ kind: 'cancelled' }));
    else {
      // Those who cancelled meanwhile stop here; the others wait again.
      for (const watcher of entry.watchers.filter((candidate) => candidate.cancelAsked)) release(entry, watcher);
      if (unanswered !== undefined) {
        entry.job.attempts -= 1;
        void saveJob(entry.job);
      } else if (entry.job.attempts >= maxAttempts) finish(entry, failure({ kind: 'gave-up', attempts: entry.job.attempts }));
    }
    // Otherwise it stays where it was, at the head of its limit's line, and waits what the gate now says.
    settled();
    pump();
  }

  /** Sends what may go, fails what must, tells the rest where they stand (queue-walk.ts), and sets the one timer. */
  function pump(): void {
    clearTimeout(timer);
    timer = undefined;
    // A copy: finishing a job takes it out of `entries` mid-walk.
    const walked = walkLines(entries.slice(), { now: now(), maxAgeMs, maxAttempts, networkWaitMs, gates, network, finish, send: (entry, place) => void sendJob(entry, place) });
    // Counted in the line as it now is (the walk took out what ended).
    const waiting = entries.filter((entry) => !entry.sending);
    waitingForNetwork = waiting.filter((entry) => walked.offline.has(limitKey(entry.job))).length;
    waitingNow = waitingForNetwork + waiting.filter((entry) => walked.limited.has(limitKey(entry.job))).length;
    changed();
    if (Number.isFinite(walked.wakeInMs)) timer = setTimeout(pump, Math.max(0, walked.wakeInMs));
  }

  return {
    pace: (holder) => gates.pace(holder),
    add(job, onProgress) {
      return new Promise<JobResult>((resolve) => {
        const watcher: Watcher = { job, onProgress, resolve, cancelAsked: false };
        const joined = allEntries().find((queued) => canJoin(queued.job, job));
        if (joined !== undefined) {
          join(joined, watcher);
          return;
        }
        const entry: Entry = { job, watchers: [watcher], reported: '', sending: false, urgent: isClick(job), boundFrom: job.queuedAt, waitBoundMs: job.waitBoundMs };
        void saveJob(job);
        // Once the gates' knowledge is read; jobs added meanwhile keep their order.
        if (gates.loaded()) enqueue(entry);
        else deferred.push(entry);
      });
    },
    cancel(id) {
      const entry = allEntries().find((candidate) => candidate.watchers.some((watcher) => watcher.job.id === id));
      const watcher = entry?.watchers.find((candidate) => candidate.job.id === id);
      // Unknown, or ended with its link being kept: nothing to cancel.
      if (entry === undefined || watcher === undefined || settling.has(entry)) return false;
      if (entry.watchers.length > 1) {
        // Others still want the link: only this caller stops waiting for it.
        release(entry, watcher);
        return true;
      }
      if (entry.sending) {
        // The request cannot be called back: its link is kept if it comes, but a refusal is not waited out.
        watcher.cancelAsked = true;
        return false;
      }
      finish(entry, failure({ kind: 'cancelled' }));
      pump();
      return true;
    },
    unwatch(id) {
      for (const entry of allEntries()) for (const watcher of entry.watchers) if (watcher.job.id === id) watcher.onProgress = undefined;
    },
    waiting: () => waitingNow,
  };
}

function isRateLimited(result: JobResult): boolean {
  return !result.ok && result.error.kind === 'rate-limited';
}
