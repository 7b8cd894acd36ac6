import type { JobFailure } from '../../storage/session/job-failure';

/**
 * Whether the browser says it is online, and a way to hear it come back (the
 * worker's `navigator.onLine` and `online` event, src/platform/network.ts).
 * `onLine` false is sure (no network at all); true says nothing of the server.
 */
export interface NetworkWatch {
  online(): boolean;
  onOnline(listener: () => void): void;
}

/** A server that gave no answer is tried again after 1 s, then 2, 4… at most every 30 s. */
export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 30_000;
/** With the browser offline, nothing is sent; it is asked again this often, in case its `online` event never comes. */
export const OFFLINE_RECHECK_MS = 30_000;
/** How long a click's link waits for the network, from its click (a tabs run's own bound, if longer); as long as for the limit. */
export const DEFAULT_NETWORK_WAIT_MS = 120_000;

/**
 * A request that got no answer at all (the browser is offline, the server
 * is down or cannot be reached): the network, not the link, failed, and a
 * wait can mend it. An answer of any status, even one cut off in its body
 * (`answered`), is the server speaking: not offline.
 */
export const isUnanswered = (error: JobFailure): error is Extract<JobFailure, { kind: 'network' }> => error.kind === 'network' && !('answered' in error && error.answered === true);

/** Which servers gave no answer lately, and when each may be tried again (the queue's; no browser API). */
export interface NetworkWaits {
  /** Milliseconds until a request may go to `server`; undefined: it may go now. */
  retryInMs(server: string, now: number): number | undefined;
  /** A request to `server` got no answer at `now`: it is tried again later, each time later still. */
  unanswered(server: string, host: string, now: number): void;
  /** `server` answered: it may be sent to at once. */
  answered(server: string): void;
  /** The browser is back online: every server may be tried at once. */
  retryAll(): void;
  /** The host to name when a link gives up waiting for `server`. */
  hostOf(server: string): string;
}

export function networkWaits(network: NetworkWatch | undefined): NetworkWaits {
  const waits = new Map<string, { host: string; retryAt: number; delayMs: number }>();
  return {
    retryInMs(server, now) {
      if (network !== undefined && !network.online()) return OFFLINE_RECHECK_MS;
      const wait = waits.get(server);
      return wait === undefined || wait.retryAt <= now ? undefined : wait.retryAt - now;
    },
    unanswered(server, host, now) {
      const before = waits.get(server);
      const delayMs = before === undefined ? FIRST_RETRY_MS : Math.min(before.delayMs * 2, LONGEST_RETRY_MS);
      waits.set(server, { host, retryAt: now + delayMs, delayMs });
    },
    answered(server) {
      waits.delete(server);
    },
    retryAll() {
      for (const wait of waits.values()) wait.retryAt = 0;
    },
    hostOf(server) {
      const known = waits.get(server)?.host;
      if (known !== undefined) return known;
      try {
        return new URL(server).host;
      } catch {
        return server;
      }
    },
  };
}
