import type { QueuedJob } from '../../src/background/queue/queue-types';

let serial = 0;

/** A job as the service queues it: a menu click's on https://shrtnr.test for account-1, queued now; each its own link and id (job:N). */
export function queuedJob(more: Partial<QueuedJob> = {}): QueuedJob {
  serial += 1;
  return {
    id: `job:${serial}`,
    request: { url: `https://example.com/${serial}`, via: 'menu-link', private: false, fresh: false },
    longUrl: `https://example.com/${serial}`,
    removedParams: [],
    server: 'https://shrtnr.test',
    account: 'account-1',
    queuedAt: Date.now(),
    clickOrder: serial,
    attempts: 0,
    owner: 'background',
    ...more,
  };
}
