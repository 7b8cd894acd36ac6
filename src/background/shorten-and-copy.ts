import { shortenWithLimits, type ShortenedUrl, type ShortenOutcome, type ShrtnrError } from '../api';
import { failure, success, type Result } from '../api/result';
import { browser } from '../platform/browser';
import { browserWords } from '../platform/i18n';
import { clipboardPayload, type ClipboardPayload, type CopyFormat } from '../shortening/copy-formats';
import { secretLookingParams } from '../shortening/secret-params';
import { fromHistory, historyEntryFor, prepareLongUrl, type Shortening, type ShortenAnswer, type ShortenRequest } from '../shortening/shortening';
import type { ShortenProgress } from '../shortening/shorten-request';
import { errorSentence } from '../ui/error-words';
import { copyFailureSentence, copyFromBackground, type CopyFailure } from './clipboard';
import { copyIfStillWanted, nextClickOrder, offerLater, takeOffer, type Click } from './clipboard-rule';
import { localArea } from '../storage/extension-storage';
import type { HistoryStore, RecentHistory } from '../storage/history-entry';
import { openHistoryStore } from '../storage/history-store';
import { readSettings } from '../storage/settings';
import { credentialsFor } from '../storage/token-binding';
import { badgeJobFinished, badgeJobStarted, badgeWaiting } from './badge';
import { gateStore, newQueuedJob, queueJournal, takeInterruptedJobs } from './job-journal';
import { notifyFailure, notifyLink, OFFER_NOTIFICATION_ID } from './notify';
import { createShortenQueue, type QueuedJob } from './shorten-queue';

export type BackgroundOutcome =
  | { status: 'copied'; shortened: Shortening }
  | { status: 'not-copied'; shortened: Shortening; copyFailure: CopyFailure }
  /** Came too late to copy over what the user may have copied since: its notification offers it. */
  | { status: 'offered'; shortened: Shortening }
  /** A link of a later click was copied already: this one stays in history, the clipboard keeps the later one. */
  | { status: 'superseded'; shortened: Shortening }
  | { status: 'failed'; error: ShrtnrError };

// Opened on first use; one connection for the worker's life.
let historyStore: HistoryStore | undefined;
export const backgroundHistory = (): HistoryStore => (historyStore ??= openHistoryStore());

/** Every request of the background goes through this one queue (issue 11). */
const queue = createShortenQueue({
  send: sendQueued,
  journal: queueJournal,
  gateStore,
  keep: (job, link) => record(shorteningOf(job, link), job),
  onWaitingChange: (count) => {
    keepAwakeWhile(count > 0);
    void badgeWaiting(count);
  },
});

// Chrome stops a worker that has had no event for 30 s, and a wait for the
// limit can be longer; an extension API call resets that clock (Chrome 110+:
// https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle).
// Only while links wait, and waits are bounded (two minutes).
const KEEP_AWAKE_MS = 20_000;
let keepAwake: ReturnType<typeof setInterval> | undefined;
function keepAwakeWhile(waiting: boolean): void {
  if (waiting && keepAwake === undefined) keepAwake = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_AWAKE_MS);
  if (!waiting && keepAwake !== undefined) {
    clearInterval(keepAwake);
    keepAwake = undefined;
  }
}

/** One request for a queued job, with the settings of the moment (a token fixed meanwhile is used). */
async function sendQueued(job: QueuedJob): Promise<ShortenOutcome> {
  const settings = await readSettings(localArea);
  // Queued for one server, it is neither sent to another nor recorded as that one's (its gate and history are the first's).
  if (settings.serverUrl !== job.server) return { result: failure({ kind: 'server-changed' }), rateLimit: undefined };
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return { result: credentials, rateLimit: undefined };
  return shortenWithLimits(job.longUrl, credentials.value);
}

/** Who asks, and how it follows a job that has to wait. */
export interface Asker extends Click {
  owner: QueuedJob['owner'];
  /** Where the job stands while it waits (the popup's countdown). */
  onProgress?(progress: ShortenProgress): void;
  /** The job's id, once it is queued (to cancel it). */
  onQueued?(jobId: string): void;
}

/**
 * Every way in shortens through here: from history when it holds the link
 * for this server (no request, no credit, no wait), else through the queue,
 * recording the new link. History failing never costs the user their link:
 * it is only reported in the console.
 */
export async function shortenWithStoredSettings(request: ShortenRequest, asker: Asker): Promise<ShortenAnswer> {
  const settings = await readSettings(localArea);
  const answer = (result: ShortenAnswer['result']): ShortenAnswer => ({ result, autoCopy: settings.autoCopy, copyFormat: settings.copyFormat });
  const prepared = prepareLongUrl(request.url, settings.stripTracking);
  if (!prepared.ok) return answer(prepared);
  const cached = await fromHistory(backgroundHistory(), settings, request, prepared.value).catch(historyFailed('read'));
  if (cached !== undefined) return answer(success(cached));
  // Settings that make sending impossible fail here, not after a wait.
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return answer(credentials);
  const job = newQueuedJob(request, prepared.value, settings.serverUrl, asker, asker.owner);
  asker.onQueued?.(job.id);
  return answer(await runQueued(job, asker.onProgress));
}

/** Stops reporting a job's progress (its popup closed) or drops it (Cancel); see ShortenQueue. */
export const unwatchJob = (jobId: string): void => queue.unwatch(jobId);
export const cancelJob = (jobId: string): boolean => queue.cancel(jobId);

/** A job through the queue; its link is in history by the time it resolves (the queue's `keep`, once, whoever awaits it). */
export async function runQueued(job: QueuedJob, onProgress?: (progress: ShortenProgress) => void): Promise<Result<Shortening, ShrtnrError>> {
  const sent = await queue.add(job, onProgress);
  return sent.ok ? success(shorteningOf(job, sent.value)) : sent;
}

function shorteningOf(job: QueuedJob, link: ShortenedUrl): Shortening {
  const { title } = job.request;
  return { ...link, fromHistory: false, removedParams: job.removedParams, secretParams: secretLookingParams(link.longUrl), ...(title === undefined ? {} : { title }) };
}

async function record(shortening: Shortening, job: QueuedJob): Promise<void> {
  try {
    const settings = await readSettings(localArea, ['history', 'stripTracking']);
    const entry = historyEntryFor(shortening, job.request, { ...settings, serverUrl: job.server }, Date.now());
    if (entry !== undefined) await backgroundHistory().record(entry);
  } catch (error) {
    historyFailed('written')(error);
  }
}

/** The newest entries made here, for the popup (read here: the worker has the store and its validation); never imported ones, which it would copy in one click with no word of their origin (issue 19). */
export async function recentHistory(limit: number): Promise<RecentHistory> {
  const { history: enabled } = await readSettings(localArea, ['history']);
  // A handful at most, whatever was asked: the popup lists a few.
  const count = Number.isInteger(limit) ? Math.min(Math.max(0, limit), 20) : 0;
  return { enabled, entries: enabled && count > 0 ? await backgroundHistory().recent(count, { madeHereOnly: true }) : [] };
}

const historyFailed = (what: 'read' | 'written') => (error: unknown) => {
  console.warn(`Shrtnr: history could not be ${what}.`, error instanceof Error ? error.message : String(error));
  return undefined;
};

/** What the menu and the keyboard command do: shorten, copy, and say so on the badge and in a notification. */
export async function shortenAndCopy(request: ShortenRequest): Promise<BackgroundOutcome> {
  // Taken before anything is awaited: the order of the clicks is the order of these calls.
  const click: Click = { queuedAt: Date.now(), clickOrder: nextClickOrder() };
  await badgeJobStarted();
  try {
    const { result, copyFormat } = await shortenWithStoredSettings(request, { ...click, owner: 'background' });
    if (!result.ok) return await fail(result.error);
    return await deliver(result.value, copyFormat, click);
  } catch (error) {
    return await fail(internal(error));
  }
}

/**
 * Takes over what a stopped worker left in the queue: each job waits, or is
 * sent, from where it was; a "Shorten all tabs" job goes back to its run.
 */
export async function resumeInterruptedJobs(workerStartedAt: number, resumeBulk: (jobs: QueuedJob[]) => Promise<void>): Promise<void> {
  const jobs = await takeInterruptedJobs(workerStartedAt);
  await Promise.all([resumeBulk(jobs.filter((job) => job.owner === 'bulk')), ...jobs.filter((job) => job.owner !== 'bulk').map((job) => resumeJob(job))]);
}

async function resumeJob(job: QueuedJob): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  try {
    // A popup's job whose popup went with the worker is finished as a background one.
    const result = await runQueued({ ...job, owner: 'background' });
    if (!result.ok) return await fail(result.error);
    const { copyFormat } = await readSettings(localArea, ['copyFormat']);
    return await deliver(result.value, copyFormat, job);
  } catch (error) {
    return await fail(internal(error));
  }
}

/** For a failure found before shortening starts (e.g. a selection that is no URL), with the same feedback. */
export async function reportFailure(error: ShrtnrError): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  return fail(error);
}

/**
 * A popup's job whose popup closed before its answer: a link is offered by
 * its notification (the user went away; the clipboard may hold something
 * else by now), a failure is said in one.
 */
export async function finishedForNobody({ result, copyFormat }: ShortenAnswer): Promise<void> {
  if (!result.ok) {
    if (result.error.kind !== 'cancelled') await notifyFailure(result.error);
    return;
  }
  await offer(result.value, clipboardPayload(copyFormat, result.value));
}

// One offer at a time: the link kept for the notification's click is the one the notification shows.
let offering = Promise.resolve();
function offer(shortened: Shortening, payload: ClipboardPayload): Promise<void> {
  const next = offering.then(async () => {
    await offerLater({ payload, shortUrl: shortened.shortUrl, longUrl: shortened.longUrl });
    await notifyLink('notifyReadyTitle', shortened, browserWords().t('notifyReadyMessage'), OFFER_NOTIFICATION_ID);
  });
  offering = next.catch(() => undefined);
  return next;
}

/** A link for the background: onto the clipboard if it is still wanted there (clipboard-rule.ts), else offered. */
async function deliver(shortened: Shortening, copyFormat: CopyFormat, click: Click): Promise<BackgroundOutcome> {
  const payload = clipboardPayload(copyFormat, shortened);
  let copied: Result<null, CopyFailure> | undefined;
  const decision = await copyIfStillWanted(click, async () => {
    copied = await copyFromBackground(payload);
    return copied.ok;
  });
  if (decision === 'copy' && copied !== undefined) return reportCopy(shortened, copied);
  if (decision === 'late') {
    // Too late to copy over whatever the user copied since: the notification offers it (before the badge says all ended).
    await offer(shortened, payload);
  }
  await badgeJobFinished({ ok: true, copied: false });
  return { status: decision === 'late' ? 'offered' : 'superseded', shortened };
}

/** The offered link's notification was clicked: copy it now, at the user's word. */
export async function copyOffered(notificationId: string): Promise<void> {
  if (notificationId !== OFFER_NOTIFICATION_ID) return;
  const offered = await takeOffer();
  if (offered === undefined) return;
  const copied = await copyFromBackground(offered.payload);
  // The link and its host, not the text copied: in Markdown or HTML that holds the title or the whole long URL.
  if (copied.ok) await notifyLink('notifyCopiedTitle', offered);
  else await notifyLink('notifyNotCopiedTitle', offered, copyFailureSentence(copied.error, browserWords()));
}

async function reportCopy(shortened: Shortening, copied: Result<null, CopyFailure>): Promise<BackgroundOutcome> {
  const words = browserWords();
  if (!copied.ok) {
    const sentence = copyFailureSentence(copied.error, words);
    await Promise.all([
      badgeJobFinished({ ok: false, sentence }),
      notifyLink('notifyNotCopiedTitle', shortened, sentence),
    ]);
    return { status: 'not-copied', shortened, copyFailure: copied.error };
  }
  performance.mark('shrtnr:background-copied');
  await Promise.all([
    badgeJobFinished({ ok: true, copied: true }),
    notifyLink('notifyCopiedTitle', shortened, shortened.fromHistory ? words.t('linkFromHistory') : undefined),
  ]);
  return { status: 'copied', shortened };
}

/** The background's words for a failure: one sentence, on the badge's title and in the notification. */
async function fail(error: ShrtnrError): Promise<BackgroundOutcome> {
  const words = browserWords();
  // The tooltip says it all; the notification, which outlives the moment, leaves out what may echo the long URL.
  await Promise.all([badgeJobFinished({ ok: false, sentence: errorSentence(error, words) }), notifyFailure(error)]);
  return { status: 'failed', error };
}

const internal = (error: unknown): ShrtnrError => ({ kind: 'internal', detail: error instanceof Error ? error.message : String(error) });
