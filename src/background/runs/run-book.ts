import type { BulkRun } from '../../messages/bulk-port';
import { isFinal } from '../../shortening/bulk-run-state';
import { tabsRuns } from '../../storage/session/tabs-runs';
import { errorText } from '../../platform/error-text';

/**
 * Every window's "Shorten all tabs" run, as this worker holds it: read once
 * from storage.session (what an earlier worker left), written back after
 * every change worth keeping, and told to the popups that follow it.
 */
type Listener = (run: BulkRun | undefined) => void;

let loaded: Promise<Map<number, BulkRun>> | undefined;
const listeners = new Map<number, Set<Listener>>();
/** Runs whose change is told to their popups soon (a queue pump reports every tab at once). */
const toPublish = new Set<BulkRun>();
/**
 * A popup hears a run at most this often: each time it gets the whole run,
 * and a run of a thousand tabs changes with every tab looked up, queued or
 * made. Ten times a second is as often as a list can be read.
 */
const PUBLISH_EVERY_MS = 100;
let lastPublished = Number.NEGATIVE_INFINITY;
let publishing = false;
/**
 * The runs are written at most once a second, a second after the last write
 * ended, but for a run's start and end: a run of a thousand tabs is about
 * 1.5 MB, and storage.session hands every write, old and new value, to each
 * context's onChanged listener (written at every tab's change, the worker
 * spent minutes of CPU on it). A worker stopped between writes loses nothing:
 * the run names each tab's job from its start, the journal keeps the jobs, and
 * a tab made meanwhile is found in history.
 */
const PERSIST_EVERY_MS = 1_000;
let lastWriteEndedAt = Number.NEGATIVE_INFINITY;
/** For each change not yet in a write that has begun, what resolves once it is written; whether one of them is a start or an end. */
const waitingForWrite: (() => void)[] = [];
let urgent = false;
let writing = false;
let wakeWriter: (() => void) | undefined;

/** The runs, by window. */
export function runs(): Promise<Map<number, BulkRun>> {
  loaded ??= tabsRuns.get().then(
    (stored) => new Map(stored.map((run) => [run.windowId, run])),
    () => new Map<number, BulkRun>(),
  );
  return loaded;
}

/** Follows a window's run: the listener hears it now (undefined when there is none) and after each change. */
export function watchBulkRun(windowId: number, listener: Listener): () => void {
  const forWindow = listeners.get(windowId) ?? new Set<Listener>();
  listeners.set(windowId, forWindow);
  forWindow.add(listener);
  void runs().then((all) => forWindow.has(listener) && listener(all.get(windowId)));
  return () => forWindow.delete(listener);
}

/** Whether a popup follows this window's run. */
export const isWatched = (windowId: number): boolean => (listeners.get(windowId)?.size ?? 0) > 0;

/** The window's run is gone (dismissed, or its window closed): its popups hear so, or are forgotten with it. */
export function runGone(windowId: number, windowClosed: boolean): void {
  if (windowClosed) listeners.delete(windowId);
  else for (const listener of listeners.get(windowId) ?? []) listener(undefined);
  void persist('now');
}

/** A change worth keeping: told to the popups and written down (at once for a run's start and end); resolves once written. */
export function changed(run: BulkRun, when: 'soon' | 'now' = 'soon'): Promise<void> {
  publishSoon(run);
  return persist(when);
}

/** A change of where a tab stands in the line: told to the popups only (the next worker would read it as queued anyway). */
export function publishSoon(run: BulkRun): void {
  toPublish.add(run);
  if (publishing) return;
  publishing = true;
  // At the end of this task when the last was long enough ago (a click's change shows at once), else when it will have been.
  const waitMs = lastPublished + PUBLISH_EVERY_MS - Date.now();
  if (waitMs <= 0) queueMicrotask(publish);
  else setTimeout(publish, waitMs);
}

function publish(): void {
  publishing = false;
  lastPublished = Date.now();
  for (const run of toPublish) for (const listener of listeners.get(run.windowId) ?? []) listener(run);
  toPublish.clear();
}

/**
 * Writes every run soon, or at once: one write at a time (a later write never
 * lands before an earlier one), and changes made meanwhile go in the next.
 * Resolves once a write holding this change has ended (a failed write is said
 * in the console; the run goes on in this worker).
 */
export function persist(when: 'soon' | 'now' = 'soon'): Promise<void> {
  const written = new Promise<void>((resolve) => waitingForWrite.push(resolve));
  if (when === 'now') {
    urgent = true;
    wakeWriter?.();
  }
  if (!writing) {
    writing = true;
    void writeWhileUnwritten();
  }
  return written;
}

/** Never rejects: a failed write is said and the loop goes on. */
async function writeWhileUnwritten(): Promise<void> {
  while (waitingForWrite.length > 0) {
    const waitMs = urgent ? 0 : lastWriteEndedAt + PERSIST_EVERY_MS - Date.now();
    if (waitMs > 0) await untilWokenOr(waitMs);
    const inThisWrite = waitingForWrite.splice(0);
    urgent = false;
    try {
      await tabsRuns.set([...(await runs()).values()].map(forStorage));
    } catch (error) {
      console.warn('Shrtnr: the tabs run could not be kept.', errorText(error));
    }
    lastWriteEndedAt = Date.now();
    for (const resolve of inThisWrite) resolve();
  }
  // In the same task as the loop's last look: a change made after it starts a writer of its own.
  writing = false;
}

/** Resolves after `waitMs`, or sooner when a run's start or end must be written. */
function untilWokenOr(waitMs: number): Promise<void> {
  return new Promise((woken) => {
    const timer = setTimeout(() => {
      wakeWriter = undefined;
      woken();
    }, waitMs);
    wakeWriter = () => {
      clearTimeout(timer);
      wakeWriter = undefined;
      woken();
    };
  });
}

/** A tab waiting or being sent is kept as queued: where it stands in the line means nothing to the next worker. */
function forStorage(run: BulkRun): BulkRun {
  return { ...run, items: run.items.map((item) => (isFinal(item) ? item : { ...item, status: { state: 'queued' } })) };
}

