import { failure } from '../../api/result';
import type { QueueGates } from './queue-gates';
import { report, type Entry } from './queue-entries';
import { limitKey, type JobResult } from './queue-types';
import type { Answered } from './gate-types';
import type { NetworkWaits } from './network-waits';

/** What a walk of the lines needs of the queue: the moment, its bounds, its gates, and how it ends or sends a job. */
export interface WalkContext {
  now: number;
  maxAgeMs: number;
  maxAttempts: number;
  /** How long a click's job waits for the network (a run's own bound, if longer). */
  networkWaitMs: number;
  gates: QueueGates;
  network: NetworkWaits;
  finish(entry: Entry, result: JobResult): void;
  /** Sends the job on the place its gate gave; `answered` says how the request ended, and frees the place once settled. */
  send(entry: Entry, answered: Answered): void;
}

/**
 * One walk of the lines, in queuing order (one line per limit: an account's
 * on its server): a job too old or refused too often ends; the head of each
 * line goes if its gate lets it, or waits, and so does everything behind it
 * (nothing overtakes the head of its line); each waiting job hears where it
 * stands. A line whose server the network cannot reach waits for it, each
 * job until its own bound. Gives the limits whose lines wait for the limit
 * (a window's end, a pause the server asked for: `limited`) or for the
 * network (`offline`), and when to walk again.
 */
export function walkLines(entries: readonly Entry[], context: WalkContext): { limited: ReadonlySet<string>; offline: ReadonlySet<string>; wakeInMs: number } {
  const { now: time, maxAgeMs, maxAttempts, gates, finish } = context;
  let wakeInMs = Number.POSITIVE_INFINITY;
  // Per limit: whether its line is held up, how many wait in it, and whether it waits for the limit or the network.
  const held = new Set<string>();
  const limited = new Set<string>();
  const offline = new Set<string>();
  const ahead = new Map<string, number>();
  for (const entry of entries) {
    if (entry.sending) continue;
    const { job } = entry;
    const age = time - entry.boundFrom;
    // A tabs run's job may be older than a click's ever gets: its bound fits the run.
    const oldest = Math.max(maxAgeMs, entry.waitBoundMs ?? 0);
    if (age > oldest) {
      finish(entry, failure({ kind: 'expired', minutes: Math.floor(age / 60_000) }));
      continue;
    }
    if (job.attempts >= maxAttempts) {
      finish(entry, failure({ kind: 'gave-up', attempts: job.attempts }));
      continue;
    }
    const key = limitKey(job);
    const before = ahead.get(key) ?? 0;
    const retryInMs = held.has(key) ? undefined : context.network.retryInMs(job.server, time);
    if (retryInMs !== undefined || offline.has(key)) {
      // The network first: no gate is asked while no request could go. Each job waits until its own bound.
      const bound = Math.max(context.networkWaitMs, entry.waitBoundMs ?? 0);
      if (age >= bound) {
        finish(entry, failure({ kind: 'network', host: context.network.hostOf(job.server), waitedSeconds: Math.round(age / 1000) }));
        continue;
      }
      held.add(key);
      offline.add(key);
      wakeInMs = Math.min(wakeInMs, retryInMs ?? Number.POSITIVE_INFINITY, bound - age);
      report(entry, { state: 'waiting', ahead: before, forNetwork: true });
    } else if (!held.has(key)) {
      const place = gates.gateFor(key).reserve({ queuedAt: entry.boundFrom, maxWaitMs: entry.waitBoundMs });
      if (place.ok) {
        gates.keep(key);
        context.send(entry, place.answered);
        continue;
      }
      if (place.reason === 'too-long') {
        finish(entry, failure({ kind: 'wait-too-long', waitSeconds: Math.ceil(place.waitMs / 1000) }));
        continue;
      }
      held.add(key);
      if (place.reason === 'wait') limited.add(key);
      if (place.waitMs !== undefined) wakeInMs = Math.min(wakeInMs, place.waitMs);
      // Only a wait for the window's end (or the server's pause) has a known end; one for requests in flight does not.
      report(entry, place.reason === 'wait' ? { state: 'waiting', untilMs: time + place.waitMs, ahead: before } : { state: 'waiting', ahead: before });
    } else {
      report(entry, { state: 'waiting', ahead: before });
    }
    // Whatever else it waits for, it is looked at again when it comes of age.
    wakeInMs = Math.min(wakeInMs, oldest - age + 1);
    ahead.set(key, before + 1);
  }
  return { limited, offline, wakeInMs };
}
