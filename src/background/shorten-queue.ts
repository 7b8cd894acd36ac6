import type { ShortenedUrl, ShortenOutcome, ShrtnrError } from '../api';
import { failure, type Result } from '../api/result';
import type { ShortenProgress, ShortenRequest } from '../shortening/shorten-request';
import { createRateLimitGate, type GateSnapshot, type RateLimitGate, type RateLimitGateOptions } from './rate-limit-gate';

/**
 * The one queue every shortening that needs a request goes through (issue 11):
 * the popup's, the context menu's, the keyboard command's and "Shorten all
 * tabs"'. Jobs leave in the order they were queued (a click's before a tabs
 * run's still waiting), each server's through its own rate-limit gate
 * (src/background/rate-limit-gate.ts), so nothing is sent that the server
 * said it would refuse; a 429 puts the job back at the head to wait what the
 * server advised (or a jittered backoff) instead of failing it. A job fails
 * only on a permanent error, when cancelled, when waiting would take it past
 * the gate's bound (two minutes from the click), after `maxAttempts`
 * requests, or when it is older than `maxAgeMs` (a resumed one).
 *
 * No browser API here: sending and the journal are injected, so the queue is
 * tested with a fake clock (shorten-queue.test.ts); shorten-and-copy.ts wires
 * it to the API module and storage.session (job-journal.ts).
 */
export interface QueuedJob {
  /** The journal's key for it (`job:<uuid>`). */
  id: string;
  request: ShortenRequest;
  /** The long URL as prepared when it was queued (tracking parameters off, checked and normalised). */
  longUrl: string;
  removedParams: string[];
  /** The server it was queued for: its gate's key. */
  server: string;
  /** Date.now() at the click (absolute, so a restarted worker reads it the same). */
  queuedAt: number;
  /** Increases with every click, across workers: of several clicks, the last one's link is the one left on the clipboard. */
  clickOrder: number;
  /** Requests sent for it so far (counted before each is sent, so one cut off by a stopped worker counts). */
  attempts: number;
  /**
   * Who takes the answer: a popup that is watching, the background
   * (notification and the clipboard rule), or a "Shorten all tabs" run
   * (bulk-runs.ts: its list, never the clipboard).
   */
  owner: 'popup' | 'background' | 'bulk';
}

/** Where the queue keeps its jobs so a restarted worker finds them (job-journal.ts); may reject, never blocks the queue. */
export interface QueueJournal {
  save(job: QueuedJob): Promise<void>;
  remove(job: QueuedJob): Promise<void>;
}

/** Where each server's gate keeps what it knows of the limit, for the next worker (job-journal.ts); may reject. */
export interface GateStore {
  load(): Promise<Record<string, GateSnapshot>>;
  save(server: string, snapshot: GateSnapshot): Promise<void>;
}

export type JobResult = Result<ShortenedUrl, ShrtnrError>;

export interface ShortenQueueOptions {
  /** Sends one request for the job (reading the settings of the moment); never rejects. */
  send(job: QueuedJob): Promise<ShortenOutcome>;
  journal: QueueJournal;
  /** Gates start from what a stopped worker's knew (read once, before the first job goes). */
  gateStore?: GateStore;
  /**
   * Keeps a new link (in history) before the job leaves the journal, so a
   * worker stopped in between loses no link: the next one sends it again
   * rather than forgetting it. Never rejects.
   */
  keep?(job: QueuedJob, link: ShortenedUrl): Promise<void>;
  now?: () => number;
  random?: () => number;
  gate?: Partial<Omit<RateLimitGateOptions, 'now' | 'random'>>;
  /** Requests per job before it fails with `gave-up`; default 8. */
  maxAttempts?: number;
  /** A job older than this (from its click) fails with `expired` rather than being sent; default 10 minutes. */
  maxAgeMs?: number;
  /** Called whenever the number of jobs waiting (queued, not being sent) may have changed. */
  onWaitingChange?(waiting: number): void;
}

export interface ShortenQueue {
  /** Queues a job; resolves with its link or why it failed. `onProgress` hears where it stands meanwhile. */
  add(job: QueuedJob, onProgress?: (progress: ShortenProgress) => void): Promise<JobResult>;
  /**
   * Drops a waiting job (it ends `cancelled`); false when it is unknown or its
   * request is already under way (that one ends with its answer, `cancelled`
   * if the answer is a 429).
   */
  cancel(id: string): boolean;
  /** No one listens to the job's progress any more (its popup closed); the job goes on. */
  unwatch(id: string): void;
  /** Jobs waiting for the server's limit (the window's end, or a pause it asked for); not those only in line behind requests under way. */
  waiting(): number;
}

// Eight: with jittered backoff from 1 s, seven refusals in a row span some 30 s at the least likely, longer than a window usually lasts.
export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_MAX_AGE_MS = 10 * 60_000;

/** One caller waiting for an entry's link: the job's own, or a later one for the same link (merged). */
interface Watcher {
  /** Its own job, journalled too: a restarted worker takes it up again (and it joins again). */
  job: QueuedJob;
  onProgress: ((progress: ShortenProgress) => void) | undefined;
  resolve(result: JobResult): void;
  /** Cancel came while the request was under way: a 429 then ends this caller's wait, cancelled. */
  cancelAsked: boolean;
}

interface Entry {
  /** The job whose request this is (the first caller's): its attempts are the entry's. */
  job: QueuedJob;
  watchers: Watcher[];
  /** The last progress reported (JSON), to report changes only, and to tell a watcher that joins where it stands. */
  reported: string;
  sending: boolean;
  /** Someone waits for this one link (a click, or a click joined a tabs run's job): it goes before a run's jobs still waiting. */
  urgent: boolean;
  /** The latest of its callers' clicks: the bound on waiting and the maximum age count from here, not from the first. */
  boundFrom: number;
}

/**
 * A later job for the same long URL on the same server waits for the one
 * already queued instead of spending a second request (and credit): a popup
 * opened again on a tab whose link waits, a menu click repeated. Not a job
 * that asks for a new link, nor across private and normal windows (what is
 * recorded differs).
 */
function canJoin(queued: QueuedJob, job: QueuedJob): boolean {
  return !job.request.fresh && queued.server === job.server && queued.longUrl === job.longUrl && queued.request.private === job.request.private;
}

export function createShortenQueue(options: ShortenQueueOptions): ShortenQueue {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const { journal, send } = options;
  const gates = new Map<string, RateLimitGate>();
  // In queuing order: the order requests leave in, per server.
  const entries: Entry[] = [];
  // Added before the gates' knowledge was read: in line (in this order) once it is.
  const deferred: Entry[] = [];
  // Ended, their link being kept in history: still joinable, so the same link asked for meanwhile costs nothing.
  const settling = new Set<Entry>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingForLimit = 0;
  let lastWaiting = -1;

  let restored: Record<string, GateSnapshot> = {};
  let flushed = options.gateStore === undefined;
  void options.gateStore
    ?.load()
    .then((snapshots) => {
      restored = snapshots;
    })
    .catch(warn('what the last worker knew of the rate limit could not be read'))
    .finally(() => {
      flushed = true;
      for (const entry of deferred.splice(0)) enqueue(entry);
    });

  const allEntries = (): Entry[] => [...entries, ...deferred, ...settling];
  const saveJob = (job: QueuedJob) => journal.save(job).catch(warn('a job could not be written to the journal'));
  const dropJob = (job: QueuedJob) => journal.remove(job).catch(warn('a finished job could not be taken out of the journal'));

  /** A caller joins the entry for its link; a click joining a tabs run's job takes that job ahead with it. */
  function join(entry: Entry, watcher: Watcher): void {
    entry.watchers.push(watcher);
    void saveJob(watcher.job);
    entry.boundFrom = Math.max(entry.boundFrom, watcher.job.queuedAt);
    if (entry.reported !== '') watcher.onProgress?.(JSON.parse(entry.reported) as ShortenProgress);
    if (watcher.job.owner === 'bulk' || entry.urgent) return;
    entry.urgent = true;
    if (!entry.sending && entries.includes(entry)) {
      entries.splice(entries.indexOf(entry), 1);
      enqueue(entry);
    }
  }

  function enqueue(entry: Entry): void {
    // A click (popup, menu, shortcut) has someone waiting for its one link; a tabs run's
    // links are wanted as a list at its end: a click goes before the run's jobs still waiting.
    const firstBulk = entry.urgent ? entries.findIndex((queued) => !queued.urgent && !queued.sending) : -1;
    if (firstBulk === -1) entries.push(entry);
    else entries.splice(firstBulk, 0, entry);
    pump();
  }

  const gateFor = (server: string): RateLimitGate => {
    let gate = gates.get(server);
    if (gate === undefined) {
      const restore = restored[server];
      gate = createRateLimitGate({ ...options.gate, now, random, ...(restore === undefined ? {} : { restore }) });
      gates.set(server, gate);
    }
    return gate;
  };

  const keepGate = (server: string): void => {
    const gate = gates.get(server);
    if (gate !== undefined) options.gateStore?.save(server, gate.snapshot()).catch(warn('what the gate knows could not be kept'));
  };

  function changed(): void {
    if (waitingForLimit === lastWaiting) return;
    lastWaiting = waitingForLimit;
    options.onWaitingChange?.(waitingForLimit);
  }

  function report(entry: Entry, progress: ShortenProgress): void {
    const text = JSON.stringify(progress);
    if (text === entry.reported) return;
    entry.reported = text;
    for (const watcher of entry.watchers) watcher.onProgress?.(progress);
  }

  /** One caller stops waiting (cancelled); the entry goes on for the others. */
  function release(entry: Entry, watcher: Watcher): void {
    entry.watchers = entry.watchers.filter((candidate) => candidate !== watcher);
    void dropJob(watcher.job);
    watcher.resolve(failure({ kind: 'cancelled' }));
  }

  function finish(entry: Entry, result: JobResult): void {
    const index = entries.indexOf(entry);
    if (index !== -1) entries.splice(index, 1);
    else if (deferred.includes(entry)) deferred.splice(deferred.indexOf(entry), 1);
    else return;
    settling.add(entry);
    const kept = result.ok && options.keep !== undefined ? options.keep(entry.job, result.value) : Promise.resolve();
    void kept.then(() => {
      settling.delete(entry);
      const jobs = new Map([entry.job, ...entry.watchers.map((watcher) => watcher.job)].map((job) => [job.id, job]));
      for (const job of jobs.values()) void dropJob(job);
      for (const watcher of entry.watchers) watcher.resolve(result);
    });
  }

  async function sendJob(entry: Entry, releasePlace: (answer: ShortenOutcome['rateLimit'], rateLimited: boolean) => void): Promise<void> {
    entry.sending = true;
    entry.job.attempts += 1;
    report(entry, { state: 'sending' });
    let outcome: ShortenOutcome | undefined;
    try {
      // Counted before it goes: a worker stopped mid-request leaves the attempt on record.
      await saveJob(entry.job);
      outcome = await send(entry.job);
    } catch (error) {
      outcome = { result: failure({ kind: 'internal', detail: error instanceof Error ? error.message : String(error) }), rateLimit: undefined };
    } finally {
      releasePlace(outcome?.rateLimit, outcome !== undefined && isRateLimited(outcome.result));
      keepGate(entry.job.server);
    }
    entry.sending = false;
    if (!isRateLimited(outcome.result)) finish(entry, outcome.result);
    else if (entry.watchers.every((watcher) => watcher.cancelAsked)) finish(entry, failure({ kind: 'cancelled' }));
    else {
      // Those who cancelled meanwhile stop here; the others wait again.
      for (const watcher of entry.watchers.filter((candidate) => candidate.cancelAsked)) release(entry, watcher);
      if (entry.job.attempts >= maxAttempts) finish(entry, failure({ kind: 'gave-up', attempts: entry.job.attempts }));
    }
    // Otherwise it stays where it was, at the head of its server's line, and waits what the gate now says.
    pump();
  }

  /** Sends what may go, fails what must, tells the rest where they stand, and sets the one timer. */
  function pump(): void {
    clearTimeout(timer);
    timer = undefined;
    const time = now();
    let wakeInMs = Number.POSITIVE_INFINITY;
    // Per server: whether its line is held up (nothing behind the head may overtake it), and how many wait in it.
    const held = new Set<string>();
    // Servers whose line waits for the limit (the window's end, or a pause the server asked for).
    const limited = new Set<string>();
    const ahead = new Map<string, number>();
    // A copy: finishing a job takes it out of `entries` mid-loop.
    for (const entry of entries.slice()) {
      if (entry.sending) continue;
      const { job } = entry;
      const age = time - entry.boundFrom;
      if (age > maxAgeMs) {
        finish(entry, failure({ kind: 'expired', minutes: Math.floor(age / 60_000) }));
        continue;
      }
      if (job.attempts >= maxAttempts) {
        finish(entry, failure({ kind: 'gave-up', attempts: job.attempts }));
        continue;
      }
      const before = ahead.get(job.server) ?? 0;
      if (!held.has(job.server)) {
        const place = gateFor(job.server).reserve({ queuedAt: entry.boundFrom });
        if (place.ok) {
          keepGate(job.server);
          void sendJob(entry, place.release);
          continue;
        }
        if (place.reason === 'too-long') {
          finish(entry, failure({ kind: 'wait-too-long', waitSeconds: Math.ceil(place.waitMs / 1000) }));
          continue;
        }
        held.add(job.server);
        if (place.reason === 'wait') limited.add(job.server);
        if (place.waitMs !== undefined) wakeInMs = Math.min(wakeInMs, place.waitMs);
        // Only a wait for the window's end (or the server's pause) has a known end; one for requests in flight does not.
        report(entry, place.reason === 'wait' ? { state: 'waiting', untilMs: time + place.waitMs, ahead: before } : { state: 'waiting', ahead: before });
      } else {
        report(entry, { state: 'waiting', ahead: before });
      }
      // Whatever else it waits for, it is looked at again when it comes of age.
      wakeInMs = Math.min(wakeInMs, maxAgeMs - age + 1);
      ahead.set(job.server, before + 1);
    }
    waitingForLimit = entries.filter((entry) => !entry.sending && limited.has(entry.job.server)).length;
    changed();
    if (Number.isFinite(wakeInMs)) timer = setTimeout(pump, Math.max(0, wakeInMs));
  }

  return {
    add(job, onProgress) {
      return new Promise<JobResult>((resolve) => {
        const watcher: Watcher = { job, onProgress, resolve, cancelAsked: false };
        const joined = allEntries().find((queued) => canJoin(queued.job, job));
        if (joined !== undefined) {
          join(joined, watcher);
          return;
        }
        const entry: Entry = { job, watchers: [watcher], reported: '', sending: false, urgent: job.owner !== 'bulk', boundFrom: job.queuedAt };
        void saveJob(job);
        // Once the gates' knowledge is read; jobs added meanwhile keep their order.
        if (flushed) enqueue(entry);
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
    waiting: () => waitingForLimit,
  };
}

function isRateLimited(result: JobResult): boolean {
  return !result.ok && result.error.kind === 'rate-limited';
}

const warn = (what: string) => (error: unknown) => {
  console.warn(`Shrtnr: ${what}.`, error instanceof Error ? error.message : String(error));
};
