import type { ApiError } from '../../api/errors';
import type { InternalError } from '../../platform/error-text';
import type { AccountError } from '../account-tokens';

/**
 * How the worker's queue ends a job (queued-jobs.ts) that is not the
 * server's answer: decided in src/background/queue/ (its bound, Cancel, its
 * attempts, its age, the network's wait) and src/background/service/ (the
 * account changed while it waited). Declared here, below the worker, as
 * StoredRequest is: a tabs run stores them (bulk-run.ts), and the popup hears
 * them over its port and says them.
 */
export type QueueError =
  /** Waiting for the limit would take the link past its bound (two minutes from the click); `waitSeconds`: the wait the server asked for. */
  | { kind: 'wait-too-long'; waitSeconds: number }
  /** The user cancelled it while it waited. */
  | { kind: 'cancelled' }
  /** The server kept refusing with 429: given up after `attempts` requests. */
  | { kind: 'gave-up'; attempts: number }
  /** Found unfinished by a restarted worker, older than the queue keeps anything (`minutes` since the click). */
  | { kind: 'expired'; minutes: number }
  /** The server was changed in the settings while it waited: it is not sent to the new one, which has its own token and history. */
  | { kind: 'server-changed' }
  /** The account it was asked for was removed (in the settings, or on another machine through sync) before it was sent. */
  | { kind: 'account-removed' }
  /** The API's `network`, for as long as the link could wait for it: `waitedSeconds` (src/background/queue/network-waits.ts). */
  | { kind: 'network'; host: string; waitedSeconds: number };

/** Any failure a shortening can end with: the worker's answer to the popup, a tab's in a run, a link's in a text. */
export type JobFailure = ApiError | AccountError | QueueError | InternalError;
