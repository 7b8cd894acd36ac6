import type { ShrtnrError } from '../api';
import { failure, success, type Result } from '../api/result';
import { hasEnded, isFinal, TABS_PERMISSION, type BulkItem, type BulkItemStatus, type BulkRun, type BulkStartError } from '../messages/bulk-port';
import { browser } from '../platform/browser';
import { browserWords } from '../platform/i18n';
import { planBulk } from '../shortening/bulk-plan';
import { fromHistory, prepareLongUrl, type Shortening } from '../shortening/shortening';
import { titled, type ShortenProgress, type ShortenRequest } from '../shortening/shorten-request';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';
import type { Settings } from '../storage/settings-schema';
import { credentialsFor } from '../storage/token-binding';
import { nextClickOrder } from './clipboard-rule';
import { newQueuedJob, queueJournal } from './job-journal';
import { notifyFailure, notifySentence } from './notify';
import { backgroundHistory, cancelJob, runQueued } from './shorten-and-copy';
import type { QueuedJob } from './shorten-queue';

/**
 * "Shorten all tabs in this window" (issue 11): one run per window, each tab
 * through the one queue (so the server's rate limit is waited out, never
 * exceeded) after the cache (a link history holds costs nothing). Runs live
 * here, in the worker, so a popup that closes loses nothing: they are kept in
 * storage.session (final states only; a tab waiting is read back as queued),
 * and a worker stopped mid-run takes each tab up again, from its queued job
 * when it has one. The popup follows a run over its port (bulk-port.ts).
 * Links go to history; nothing here touches the clipboard.
 */
const RUNS_KEY = 'bulk-runs';
/**
 * A click on "Shorten all tabs" waiting for the user's answer to the
 * permission prompt. Chrome closes the popup as its prompt opens (seen in
 * Chromium 156: the prompt is a dialog of the browser window, and the popup
 * loses focus), so the popup cannot start the run once it is granted: the
 * worker keeps the wish, in storage.session since it may be stopped while the
 * user reads the prompt, and starts the run when permissions.onAdded fires.
 */
const WISH_KEY = 'bulk-wish';
const WISH_LASTS_MS = 5 * 60_000;

type Listener = (run: BulkRun | undefined) => void;

let loaded: Promise<Map<number, BulkRun>> | undefined;
const listeners = new Map<number, Set<Listener>>();
/** Runs the user cancelled: a tab not yet in the queue ends cancelled instead of joining it. */
const cancelled = new Set<string>();
/** Runs whose change is told to their popups at the end of this task (a queue pump reports every tab at once). */
const toPublish = new Set<BulkRun>();
let writing = Promise.resolve();
/** Starts under way, per window: two asks at once give one run. */
const starting = new Map<number, Promise<Result<BulkRun, BulkStartError>>>();
/** The wish is read, written and taken one step at a time. */
let wishing: Promise<unknown> = Promise.resolve();

function runs(): Promise<Map<number, BulkRun>> {
  loaded ??= browser.storage.session.get(RUNS_KEY).then(
    (stored) => new Map(storedRuns(stored[RUNS_KEY]).map((run) => [run.windowId, run])),
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

/**
 * The popup's click: starts the run when the permission is there; else keeps
 * the wish until the user answers the prompt the popup opened in the same
 * click (undefined then: the run starts from permissions.onAdded).
 */
export async function askForBulkRun(windowId: number): Promise<Result<BulkRun, BulkStartError> | undefined> {
  if (await hasTabsPermission()) return startBulkRun(windowId);
  await step(() => browser.storage.session.set({ [WISH_KEY]: { windowId, at: Date.now() } }));
  // Granted while the wish was being written (Firefox's grant without a prompt comes that fast): nobody else will take it.
  if (await hasTabsPermission()) return startWished();
  return undefined;
}

/** The user refused the prompt: the wish is dropped. */
export async function bulkPermissionRefused(): Promise<void> {
  await step(() => browser.storage.session.remove(WISH_KEY));
}

/** permissions.onAdded: a wish waiting for the `tabs` permission starts its run; the popup is opened again on it where the browser allows. */
export async function onPermissionsAdded(added: { permissions?: string[] }): Promise<void> {
  if (!(added.permissions ?? []).includes('tabs')) return;
  const started = await startWished();
  if (started === undefined) return;
  if (!started.ok) {
    if (started.error.kind === 'tabs-permission') await notifySentence('notifyFailedTitle', browserWords().t('bulkNeedsPermission'));
    else await notifyFailure(started.error);
    return;
  }
  // Chrome closed the popup for its prompt: show the run again, if nobody is watching it.
  if ((listeners.get(started.value.windowId)?.size ?? 0) > 0) return;
  await browser.action.openPopup({ windowId: started.value.windowId }).catch((error: unknown) => {
    console.warn('Shrtnr: the popup could not be opened on the tabs run.', error instanceof Error ? error.message : String(error));
  });
}

/** Takes the wish (once) and starts its run; undefined when there is none, or it is stale. */
async function startWished(): Promise<Result<BulkRun, BulkStartError> | undefined> {
  const wish = await step(async () => {
    const stored = (await browser.storage.session.get(WISH_KEY))[WISH_KEY] as { windowId?: unknown; at?: unknown } | undefined;
    await browser.storage.session.remove(WISH_KEY);
    return stored;
  });
  if (typeof wish?.windowId !== 'number' || typeof wish.at !== 'number' || Date.now() - wish.at > WISH_LASTS_MS) return undefined;
  return startBulkRun(wish.windowId);
}

function step<T>(action: () => Promise<T>): Promise<T> {
  const done = wishing.then(action);
  wishing = done.catch(() => undefined);
  return done;
}

const hasTabsPermission = (): Promise<boolean> => browser.permissions.contains(TABS_PERMISSION);

/**
 * Starts shortening the window's tabs, or gives the run already going there.
 * Fails before anything is read when the `tabs` permission is missing or the
 * settings could send nothing (no token, a bad server).
 */
export function startBulkRun(windowId: number): Promise<Result<BulkRun, BulkStartError>> {
  const going = starting.get(windowId);
  if (going !== undefined) return going;
  const start = startRun(windowId).finally(() => starting.delete(windowId));
  starting.set(windowId, start);
  return start;
}

async function startRun(windowId: number): Promise<Result<BulkRun, BulkStartError>> {
  if (!(await hasTabsPermission())) return failure({ kind: 'tabs-permission' });
  const all = await runs();
  const going = all.get(windowId);
  if (going !== undefined && !hasEnded(going)) return success(going);
  const settings = await readSettings(localArea);
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return credentials;
  const tabs = (await browser.tabs.query({ windowId })).toSorted((a, b) => a.index - b.index);
  const planned = planBulk(
    tabs.map((tab) => ({ url: tab.url ?? tab.pendingUrl, ...titled(tab.title) })),
    { stripTracking: settings.stripTracking, ownBaseUrl: browser.runtime.getURL('') },
  );
  const run: BulkRun = {
    id: crypto.randomUUID(),
    windowId,
    startedAt: Date.now(),
    // A private window's run is never recorded in history, like any shortening there.
    private: tabs.some((tab) => tab.incognito),
    items: planned.map(({ url, title, ...plan }) => ({ url, ...(title === undefined ? {} : { title }), status: 'skip' in plan ? { state: 'skipped', skip: plan.skip } : { state: 'queued' } })),
  };
  all.set(windowId, run);
  changed(run);
  void queueAll(run, settings);
  return success(run);
}

/** Drops the run's tabs still waiting (they end cancelled); a tab whose request is under way finishes. */
export async function cancelBulkRun(windowId: number): Promise<void> {
  const run = (await runs()).get(windowId);
  if (run === undefined || hasEnded(run)) return;
  cancelled.add(run.id);
  for (const item of run.items) if (!isFinal(item) && item.job !== undefined) cancelJob(item.job);
}

/** Forgets an ended run (the popup's "Done"): the window shows none until the next. */
export async function dismissBulkRun(windowId: number): Promise<void> {
  const all = await runs();
  const run = all.get(windowId);
  if (run === undefined || !hasEnded(run)) return;
  all.delete(windowId);
  for (const listener of listeners.get(windowId) ?? []) listener(undefined);
  persist();
}

/** The window closed: its run's tabs still waiting are dropped, and its addresses are not kept any longer. */
export async function forgetWindowRun(windowId: number): Promise<void> {
  await cancelBulkRun(windowId);
  const all = await runs();
  if (!all.delete(windowId)) return;
  listeners.delete(windowId);
  persist();
}

/**
 * After a worker restart: each unfinished tab of a run the last worker
 * started goes on, through its queued job when the journal has it, else
 * from the start (a link made meanwhile is then found in history).
 */
export async function resumeBulkRuns(jobs: readonly QueuedJob[], workerStartedAt: number): Promise<void> {
  const unclaimed = new Map(jobs.map((job) => [job.id, job]));
  const toShorten: [BulkRun, number][] = [];
  for (const run of (await runs()).values()) {
    if (run.startedAt >= workerStartedAt || hasEnded(run)) continue;
    for (const [index, item] of run.items.entries()) {
      if (isFinal(item)) continue;
      const job = item.job === undefined ? undefined : unclaimed.get(item.job);
      if (job === undefined) {
        toShorten.push([run, index]);
        continue;
      }
      unclaimed.delete(job.id);
      follow(run, index, job);
    }
  }
  // A job no run names (its run was forgotten, or the worker stopped before the run named it): nobody waits for it.
  await Promise.all([...unclaimed.values()].map((job) => queueJournal.remove(job).catch(() => undefined)));
  if (toShorten.length === 0) return;
  // Read only when a tab must be taken up from the start: every worker's start comes through here.
  const settings = await readSettings(localArea);
  for (const [run, index] of toShorten) await shortenTab(run, index, settings);
}

/** Each tab to shorten, in tab order: from history, or into the queue (which keeps that order). */
async function queueAll(run: BulkRun, settings: Settings): Promise<void> {
  for (const [index, item] of run.items.entries()) if (!isFinal(item)) await shortenTab(run, index, settings);
}

async function shortenTab(run: BulkRun, index: number, settings: Settings): Promise<void> {
  const item = run.items[index];
  if (item === undefined) return;
  if (cancelled.has(run.id)) return end(run, index, failure({ kind: 'cancelled' }));
  const prepared = prepareLongUrl(item.url, settings.stripTracking);
  if (!prepared.ok) return end(run, index, prepared);
  const request: ShortenRequest = { url: item.url, via: 'bulk', ...titled(item.title), private: run.private, fresh: false };
  const cached = await fromHistory(backgroundHistory(), settings, request, prepared.value).catch(() => undefined);
  if (cached !== undefined) return end(run, index, success(cached));
  // Cancelled while history was read: the tab must not join the queue now.
  if (cancelled.has(run.id)) return end(run, index, failure({ kind: 'cancelled' }));
  const now = Date.now();
  const job = newQueuedJob(request, prepared.value, settings.serverUrl, { queuedAt: now, clickOrder: nextClickOrder(now) }, 'bulk');
  item.job = job.id;
  // Written down before anything else can happen: a worker stopped now leaves the run naming its job, for the next one to follow.
  persist();
  follow(run, index, job);
}

function follow(run: BulkRun, index: number, job: QueuedJob): void {
  void runQueued(job, (progress) => progressed(run, index, progress)).then((result) => end(run, index, result));
}

function progressed(run: BulkRun, index: number, progress: ShortenProgress): void {
  const item = run.items[index];
  if (item === undefined || isFinal(item)) return;
  item.status = progress.state === 'sending' ? { state: 'sending' } : { state: 'waiting', ahead: progress.ahead, ...(progress.untilMs === undefined ? {} : { untilMs: progress.untilMs }) };
  publishSoon(run);
}

function end(run: BulkRun, index: number, result: Result<Shortening, ShrtnrError>): void {
  const item = run.items[index];
  if (item === undefined || isFinal(item)) return;
  const status: BulkItemStatus = result.ok
    ? { state: 'done', shortUrl: result.value.shortUrl, longUrl: result.value.longUrl, fromHistory: result.value.fromHistory }
    : { state: 'failed', error: result.error };
  run.items[index] = { url: item.url, ...(item.title === undefined ? {} : { title: item.title }), status };
  changed(run);
  if (hasEnded(run)) void ended(run);
}

/** With no popup watching, a notification says the links are ready (they are in the popup, and in history). */
async function ended(run: BulkRun): Promise<void> {
  cancelled.delete(run.id);
  // Watched, or forgotten with its window: nothing to say.
  if ((listeners.get(run.windowId)?.size ?? 0) > 0 || (await runs()).get(run.windowId) !== run) return;
  const made = run.items.filter((item) => item.status.state === 'done').length;
  await notifySentence('notifyBulkTitle', browserWords().t('notifyBulkMessage', made, run.items.length));
}

/** A change worth keeping: told to the popups and written down. */
function changed(run: BulkRun): void {
  publishSoon(run);
  persist();
}

function publishSoon(run: BulkRun): void {
  if (toPublish.size === 0) queueMicrotask(publish);
  toPublish.add(run);
}

function publish(): void {
  for (const run of toPublish) for (const listener of listeners.get(run.windowId) ?? []) listener(run);
  toPublish.clear();
}

/**
 * Writes every run, one write at a time (a later write never lands before an
 * earlier one); changes made while a write waits go in that write.
 */
let writeWaiting = false;
function persist(): void {
  if (writeWaiting) return;
  writeWaiting = true;
  writing = writing
    .then(async () => {
      writeWaiting = false;
      const all = [...(await runs()).values()].map(forStorage);
      await browser.storage.session.set({ [RUNS_KEY]: all });
    })
    .catch((error: unknown) => console.warn('Shrtnr: the tabs run could not be kept.', error instanceof Error ? error.message : String(error)));
}

/** A tab waiting or being sent is kept as queued: where it stands in the line means nothing to the next worker. */
function forStorage(run: BulkRun): BulkRun {
  return { ...run, items: run.items.map((item) => (isFinal(item) ? item : { ...item, status: { state: 'queued' } })) };
}

/** Runs as this worker's predecessors wrote them; anything else is dropped (storage.session is only ever written here). */
function storedRuns(value: unknown): BulkRun[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (run): run is BulkRun =>
      typeof run === 'object' &&
      run !== null &&
      typeof run.id === 'string' &&
      typeof run.windowId === 'number' &&
      typeof run.startedAt === 'number' &&
      typeof run.private === 'boolean' &&
      Array.isArray(run.items) &&
      run.items.every((item: Partial<BulkItem> | null) => typeof item?.url === 'string' && typeof item.status?.state === 'string'),
  );
}
