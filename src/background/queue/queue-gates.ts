import type { GateSnapshot } from '../../storage/session/gate-snapshots';
import { ASSUMED_WINDOW_MS, type RateLimitGate } from './gate-types';
import { createRateLimitGate } from './rate-limit-gate';
import { limitKey, type ShortenQueueOptions } from './queue-types';
import { errorText } from '../../platform/error-text';

/** The queue's gates: one per limit (an account's on its server, by limitKey), each started from what the last worker knew. */
export interface QueueGates {
  /** The gate of a limit, made on first use from the last worker's snapshot of it. */
  gateFor(key: string): RateLimitGate;
  /** Writes what a gate knows now, for the next worker. */
  keep(key: string): void;
  /** What is known of a limit's pace, without making its gate (see ShortenQueue.pace). */
  pace(holder: { server: string; account: string }): { limit: number | undefined; windowMs: number };
  /** Whether what the last worker knew has been read (or could not be); jobs wait for it before they line up. */
  loaded(): boolean;
}

/**
 * The gates, and the reading of what the last worker knew of each limit:
 * `onLoaded` is called once it has been read, or could not be (then every
 * gate starts from nothing).
 */
export function queueGates(options: ShortenQueueOptions, now: () => number, random: () => number, onLoaded: () => void): QueueGates {
  const gates = new Map<string, RateLimitGate>();
  let restored: Record<string, GateSnapshot> = {};
  let loaded = options.gateStore === undefined;
  void options.gateStore
    ?.load()
    .then((snapshots) => {
      restored = snapshots;
    })
    .catch(warn('what the last worker knew of the rate limit could not be read'))
    .finally(() => {
      loaded = true;
      onLoaded();
    });
  return {
    gateFor(key) {
      let gate = gates.get(key);
      if (gate === undefined) {
        const restore = restored[key];
        gate = createRateLimitGate({ ...options.gate, now, random, ...(restore === undefined ? {} : { restore }) });
        gates.set(key, gate);
      }
      return gate;
    },
    keep(key) {
      const gate = gates.get(key);
      if (gate !== undefined) options.gateStore?.save(key, gate.snapshot()).catch(warn('what the gate knows could not be kept'));
    },
    pace(holder) {
      // Never makes a gate: one made before the last worker's knowledge is read would start from nothing.
      const key = limitKey(holder);
      const known = gates.get(key)?.snapshot() ?? restored[key];
      return { limit: known?.limit, windowMs: known?.windowMs ?? options.gate?.assumedWindowMs ?? ASSUMED_WINDOW_MS };
    },
    loaded: () => loaded,
  };
}

/** A warning for the console, with the error's own words, for what the queue could not keep or read. */
export const warn = (what: string) => (error: unknown) => {
  console.warn(`Shrtnr: ${what}.`, errorText(error));
};
