import { storedBytes } from '../../storage/session/session-budget';
import { DEFAULT_MAX_ATTEMPTS, type QueuedJob } from './queue-types';

/**
 * What one job costs storage.session at the most, as the journal keeps it
 * (`job:<id>` and its JSON: job-journal.ts's newQueuedJob, which this pure
 * module cannot call, since it reaches the browser): the request as asked,
 * and its numbers and ids at their longest. For a run's or a text's room
 * before anything is queued.
 */
export function jobBytes(request: QueuedJob['request'], owner: QueuedJob['owner'], server: string): number {
  const job: QueuedJob = {
    id: crypto.randomUUID(),
    request,
    // Prepared, an address is normalised (an international one percent-encoded: longer).
    longUrl: URL.canParse(request.url) ? new URL(request.url).href : request.url,
    removedParams: [],
    server,
    // An id as long as an added account's (accounts.ts's newAccountId).
    account: `account-${crypto.randomUUID()}`,
    queuedAt: Date.now(),
    clickOrder: Number.MAX_SAFE_INTEGER,
    attempts: DEFAULT_MAX_ATTEMPTS,
    owner,
    waitBoundMs: 3_600_000,
  };
  return storedBytes(`job:${job.id}`, job);
}
