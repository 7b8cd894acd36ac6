import type { GateSnapshot } from '../../storage/session/gate-snapshots';

/** The window a 429 without advice met: over a window after it at the latest, and the refusals in a row before it. */
export type RefusedWindow = NonNullable<GateSnapshot['refusedWindow']>;

export interface BackoffOptions {
  /** The first step; each refusal in a row doubles it. */
  baseMs: number;
  /** The window assumed: such a 429 (a proxy's, a WAF's) measures nothing of the API's own. */
  windowMs: number;
  /** A number in [0, 1), for the jitter. */
  random: () => number;
}

/**
 * The wait after a 429 that gave no advice (no Retry-After, no reset), the `refusalsInARow`th in a row, sent at
 * `time`: full jitter, doubling, while the window it met may last; the step that would pass that window's latest
 * end waits for it instead. So the tries are never all spent inside that window (DEFAULT_MAX_ATTEMPTS: the seventh
 * step, 64 s, reaches a minute's end), and no step waits longer than a window. Refused past that end, it is a new
 * window, whose backoff starts from its first step: no one waits a whole window at each refusal, in step with others.
 */
export function advicelessBackoff(last: RefusedWindow | undefined, refusalsInARow: number, time: number, options: BackoffOptions): { waitMs: number; window: RefusedWindow } {
  const window = last === undefined || time >= last.overBy ? { overBy: time + options.windowMs, refusalsBefore: last === undefined ? 0 : refusalsInARow - 1 } : last;
  const ceiling = options.baseMs * 2 ** (refusalsInARow - window.refusalsBefore - 1);
  const left = window.overBy - time;
  return { waitMs: ceiling >= left ? left : options.random() * ceiling, window };
}
