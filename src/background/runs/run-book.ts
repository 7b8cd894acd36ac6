import type { BulkRun } from '../../messages/bulk-port';
import { isFinal } from '../../shortening/bulk-run-state';
import { tabsRuns } from '../../storage/session/tabs-runs';

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
let writing = Promise.resolve();
let writeWaiting = false;

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
  persist();
}

/** A change worth keeping: told to the popups and written down. */
export function changed(run: BulkRun): void {
  publishSoon(run);
  persist();
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
 * Writes every run, one write at a time (a later write never lands before an
 * earlier one); changes made while a write waits go in that write.
 */
export function persist(): void {
  if (writeWaiting) return;
  writeWaiting = true;
  writing = writing
    .then(async () => {
      writeWaiting = false;
      await tabsRuns.set([...(await runs()).values()].map(forStorage));
    })
    .catch((error: unknown) => console.warn('Shrtnr: the tabs run could not be kept.', error instanceof Error ? error.message : String(error)));
}

/** A tab waiting or being sent is kept as queued: where it stands in the line means nothing to the next worker. */
function forStorage(run: BulkRun): BulkRun {
  return { ...run, items: run.items.map((item) => (isFinal(item) ? item : { ...item, status: { state: 'queued' } })) };
}

