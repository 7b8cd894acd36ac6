import { isFinal } from '../../shortening/bulk-run-state';
import type { LinksRun } from '../../storage/session/bulk-run';
import { errorText } from '../../platform/error-text';

/**
 * The runs of one source (every window's "Shorten all tabs" run, or the
 * list run) as this worker holds them: read once from storage.session (what
 * an earlier worker left), written back after every change worth keeping,
 * and told to the pages that follow them (the popup, the list page), each
 * run under its key (a window's id; the list's one key).
 */
export type RunKey = number | string;
type Listener<Run> = (run: Run | undefined) => void;

export interface RunBook<Run extends LinksRun> {
  /** The runs, by key. */
  runs(): Promise<Map<RunKey, Run>>;
  /** Follows a key's run: the listener hears it now (undefined when there is none) and after each change. */
  watch(key: RunKey, listener: Listener<Run>): () => void;
  /** Whether a page follows this key's run. */
  isWatched(key: RunKey): boolean;
  /** The key's run is gone (dismissed, or its window closed): its pages hear so, or are forgotten with it. */
  gone(key: RunKey, forgetWatchers: boolean): void;
  /** A change worth keeping: told to the pages and written down (at once for a run's start and end); resolves once written. */
  changed(run: Run, when?: 'soon' | 'now'): Promise<void>;
  /** A change of where a link stands in the line: told to the pages only (the next worker would read it as queued anyway). */
  publishSoon(run: Run): void;
  /** Writes every run soon, or at once; resolves once a write holding this change has ended. */
  persist(when?: 'soon' | 'now'): Promise<void>;
}

export interface RunShelf<Run> {
  load(): Promise<Run[]>;
  save(runs: Run[]): Promise<void>;
  keyOf(run: Run): RunKey;
  /** For the console: "the tabs run", "the list run". */
  what: string;
}

/**
 * A page hears a run at most this often: each time it gets the whole run
 * (or the list page its summary), and a run of a thousand links changes with
 * every link looked up, queued or made. Ten times a second is as often as a
 * list can be read.
 */
const PUBLISH_EVERY_MS = 100;
/**
 * The runs are written at most once a second, a second after the last write
 * ended, but for a run's start and end: a run of a thousand tabs is about
 * 1.5 MB, and storage.session hands every write, old and new value, to each
 * context's onChanged listener (written at every tab's change, the worker
 * spent minutes of CPU on it). A worker stopped between writes loses nothing:
 * the run names each link's job before it is queued, the journal keeps the
 * jobs, and a link made meanwhile is found in history.
 */
const PERSIST_EVERY_MS = 1_000;

export function runBook<Run extends LinksRun>(shelf: RunShelf<Run>): RunBook<Run> {
  let loaded: Promise<Map<RunKey, Run>> | undefined;
  const listeners = new Map<RunKey, Set<Listener<Run>>>();
  /** Runs whose change is told to their pages soon (a queue pump reports every link at once). */
  const toPublish = new Set<Run>();
  let lastPublished = Number.NEGATIVE_INFINITY;
  let publishing = false;
  let lastWriteEndedAt = Number.NEGATIVE_INFINITY;
  /** For each change not yet in a write that has begun, what resolves once it is written; whether one of them is a start or an end. */
  const waitingForWrite: (() => void)[] = [];
  let urgent = false;
  let writing = false;
  let wakeWriter: (() => void) | undefined;

  const runs = (): Promise<Map<RunKey, Run>> =>
    (loaded ??= shelf.load().then(
      (stored) => new Map(stored.map((run) => [shelf.keyOf(run), run])),
      () => new Map<RunKey, Run>(),
    ));

  function publish(): void {
    publishing = false;
    lastPublished = Date.now();
    for (const run of toPublish) for (const listener of listeners.get(shelf.keyOf(run)) ?? []) listener(run);
    toPublish.clear();
  }

  function publishSoon(run: Run): void {
    toPublish.add(run);
    if (publishing) return;
    publishing = true;
    // At the end of this task when the last was long enough ago (a click's change shows at once), else when it will have been.
    const waitMs = lastPublished + PUBLISH_EVERY_MS - Date.now();
    if (waitMs <= 0) queueMicrotask(publish);
    else setTimeout(publish, waitMs);
  }

  /**
   * One write at a time (a later write never lands before an earlier one), and
   * changes made meanwhile go in the next. Never rejects: a failed write is said
   * in the console, and the run goes on in this worker.
   */
  async function writeWhileUnwritten(): Promise<void> {
    while (waitingForWrite.length > 0) {
      const waitMs = urgent ? 0 : lastWriteEndedAt + PERSIST_EVERY_MS - Date.now();
      if (waitMs > 0) await untilWokenOr(waitMs);
      const inThisWrite = waitingForWrite.splice(0);
      urgent = false;
      try {
        await shelf.save([...(await runs()).values()].map(forStorage));
      } catch (error) {
        console.warn(`Shrtnr: ${shelf.what} could not be kept.`, errorText(error));
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

  function persist(when: 'soon' | 'now' = 'soon'): Promise<void> {
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

  return {
    runs,
    watch(key, listener) {
      const forKey = listeners.get(key) ?? new Set<Listener<Run>>();
      listeners.set(key, forKey);
      forKey.add(listener);
      void runs().then((all) => forKey.has(listener) && listener(all.get(key)));
      return () => forKey.delete(listener);
    },
    isWatched: (key) => (listeners.get(key)?.size ?? 0) > 0,
    gone(key, forgetWatchers) {
      if (forgetWatchers) listeners.delete(key);
      else for (const listener of listeners.get(key) ?? []) listener(undefined);
      void persist('now');
    },
    changed(run, when = 'soon') {
      publishSoon(run);
      return persist(when);
    },
    publishSoon,
    persist,
  };
}

/** A link waiting or being sent is kept as queued: where it stands in the line means nothing to the next worker. */
function forStorage<Run extends LinksRun>(run: Run): Run {
  return { ...run, items: run.items.map((item) => (isFinal(item) ? item : { ...item, status: { state: 'queued' } })) };
}
