import type { RateLimitState, ShortenedUrl } from '../../api';
import type { Result } from '../../api/result';
import type { ShortenProgress } from '../../shortening/shorten-request';
import type { GateSnapshot } from '../../storage/session/gate-snapshots';
import type { JobFailure } from '../../storage/session/job-failure';
import type { QueuedJob } from '../../storage/session/queued-jobs';
import type { RateLimitGateOptions } from './gate-types';
import type { NetworkWatch } from './network-waits';

export type { QueuedJob };

/*
 * The one queue every shortening that needs a request goes through (issue 11):
 * the popup's, the context menu's, the keyboard command's and "Shorten all
 * tabs"'. Jobs leave in the order they were queued (a click's before a tabs
 * run's or a text's still waiting), each limit's (an account's on its server) through
 * its own rate-limit gate (rate-limit-gate.ts), so nothing is sent that the server
 * said it would refuse; a 429 puts the job back at the head to wait what the
 * server advised (or a jittered backoff) instead of failing it, and so does a
 * request that got no answer at all (offline: network-waits.ts). A job fails
 * only on a permanent error, when cancelled, when waiting would take it past
 * the gate's bound (two minutes from the click), after `maxAttempts`
 * requests, or when it is older than `maxAgeMs` (a resumed one).
 *
 * No browser API here: sending and the journal are injected, so the queue is
 * tested with a fake clock (shorten-queue.test.ts); the shortening service
 * (src/background/service/) wires it to the API module and storage.session
 * (job-journal.ts).
 */

/** Where the queue keeps its jobs so a restarted worker finds them (job-journal.ts); may reject, never blocks the queue. */
export interface QueueJournal {
  save(job: QueuedJob): Promise<void>;
  remove(job: QueuedJob): Promise<void>;
}

/**
 * Whose limit a request counts against: the contract's limit is its token's,
 * and each account has its own token, so two accounts on one server keep two
 * limits (their answers' counts are their own; one gate for both would mix them).
 */
export interface LimitHolder {
  server: string;
  /** The account's id. */
  account: string;
}

/**
 * One limit's key: the gate's, and its snapshot's in storage.session. Worked out
 * for every job at every turn of the queue, so a concatenation: an account id
 * holds no `@` (ACCOUNT_ID in src/storage/accounts.ts), so the first one ends it.
 */
export const limitKey = ({ server, account }: LimitHolder): string => `${account}@${server}`;

/** Where each limit's gate keeps what it knows of it, for the next worker (job-journal.ts), by limitKey; may reject. */
export interface GateStore {
  load(): Promise<Record<string, GateSnapshot>>;
  save(key: string, snapshot: GateSnapshot): Promise<void>;
}

/** How a job ends: its link, or any failure a job can end with (the queue's own among them: storage/session/job-failure.ts). */
export type JobResult = Result<ShortenedUrl, JobFailure>;

/** One request's end, as the API's shortenWithLimits gives it, or a failure found before it went (the account changed meanwhile). */
export interface SendOutcome {
  result: JobResult;
  rateLimit: RateLimitState | undefined;
}

export interface ShortenQueueOptions {
  /** Sends one request for the job (reading the settings of the moment); never rejects. */
  send(job: QueuedJob): Promise<SendOutcome>;
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
  /** The browser's word on the network; none: always online (a request with no answer still waits). */
  network?: NetworkWatch;
  /** How long a click's job waits for the network, from its click; default DEFAULT_NETWORK_WAIT_MS. */
  networkWaitMs?: number;
  /** Called whenever the number of jobs waiting (queued, not being sent) may have changed; `forNetwork` of them wait for the network. */
  onWaitingChange?(waiting: number, forNetwork: number): void;
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
  /** Jobs waiting for the server's limit (the window's end, or a pause it asked for) or for the network; not those only in line behind requests under way. */
  waiting(): number;
  /**
   * What this worker knows of an account's limit on its server: requests per
   * window (undefined until an answer said) and the window's length (measured,
   * or assumed from the contract). For a run's estimate; asks the server nothing.
   */
  pace(holder: LimitHolder): { limit: number | undefined; windowMs: number };
}

// Eight: a 429 without advice backs off from 1 s, doubling, and its seventh step in a row (64 s) waits out the contract's minute (adviceless-backoff.ts): the last try comes after it.
export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_MAX_AGE_MS = 10 * 60_000;

