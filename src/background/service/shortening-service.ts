import { shortenWithLimits, type ApiError, type ShortenedUrl } from '../../api';
import { prepare as checkCredentials } from '../../api/client';
import { failure, success, type Result } from '../../api/result';
import { browser } from '../../platform/browser';
import { browserNetwork } from '../../platform/network';
import { secretLookingParams } from '../../shortening/secret-params';
import { fromHistory, historyEntryFor, prepareLongUrl, type Shortening, type ShortenAnswer, type ShortenRequest } from '../../shortening/shortening';
import type { ShortenProgress } from '../../shortening/shorten-request';
import { localArea, tokenVault } from '../../storage/extension-storage';
import { accountFor, missingAccount, readSendingSettings, sendingCredentials, type AccountError, type SendingSettings } from '../../storage/account-tokens';
import type { Account } from '../../storage/accounts';
import { readSettings } from '../../storage/settings';
import type { JobFailure } from '../../storage/session/job-failure';
import { gateStore, newQueuedJob, queueJournal, type Click } from '../queue/job-journal';
import type { QueuedJob, SendOutcome } from '../queue/queue-types';
import { createShortenQueue } from '../queue/shorten-queue';
import { backgroundHistory, historyFailed, keepInHistory } from './history-access';
import { keepPageLink, pageLinkToUse, type PageAsker } from './page-own-link';

/**
 * The one path every way in shortens through (the popup, the menu, the
 * shortcut, a tabs run): prepare the long URL → the history cache → the
 * credentials → the queue, which waits out the rate limit and keeps each new
 * link in history before it answers.
 */

let waitingListener: ((waiting: number, forNetwork: number) => void) | undefined;

/** Every request of the background goes through this one queue. */
const queue = createShortenQueue({
  send: sendQueued,
  journal: queueJournal,
  gateStore,
  keep: (job, link) => keepNewLink(job, link),
  network: browserNetwork,
  onWaitingChange: (count, forNetwork) => {
    keepAwakeWhile(count > 0);
    waitingListener?.(count, forNetwork);
  },
});

/** Hears how many links wait for the server's limit or for the network, and how many of them for the network (the badge counts them). */
export function whenWaitingChanges(listener: (waiting: number, forNetwork: number) => void): void {
  waitingListener = listener;
}

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

/** One request for a queued job. */
async function sendQueued(job: QueuedJob): Promise<SendOutcome> {
  // Read again at sending, which may be minutes after the click: a token fixed meanwhile is used, an account changed meanwhile is seen.
  const [{ accounts }, tokens] = await Promise.all([readSettings(localArea, ['accounts']), tokenVault().then((vault) => vault.read([job.account]))]);
  const account = accounts.find(({ id }) => id === job.account);
  if (account === undefined) return { result: failure({ kind: 'account-removed' }), rateLimit: undefined };
  // Queued for one server, it is neither sent to another nor recorded as that one's (its gate and history are the first's).
  if (account.server !== job.server) return { result: failure({ kind: 'server-changed' }), rateLimit: undefined };
  const credentials = sendingCredentials(account, { accounts, tokens });
  if (!credentials.ok) return { result: credentials, rateLimit: undefined };
  return shortenWithLimits(job.longUrl, credentials.value);
}

/** The queue's `keep`: never rejects. */
async function keepNewLink(job: QueuedJob, link: ShortenedUrl): Promise<void> {
  try {
    // Read when the link comes: history may have been turned off while it waited.
    const { history } = await readSettings(localArea, ['history']);
    const entry = historyEntryFor(shorteningOf(job, link), job.request, { history, account: { id: job.account, server: job.server } }, Date.now());
    if (entry !== undefined) await keepInHistory(entry);
  } catch (error) {
    historyFailed('written')(error);
  }
}

/** Who asks, and how it follows a job that has to wait. */
export interface Asker extends Click, PageAsker {
  owner: QueuedJob['owner'];
  /** Where the job stands while it waits (the popup's countdown, a tab's place in its run). */
  onProgress?(progress: ShortenProgress): void;
  /**
   * The job, once it is made and before it joins the queue (to cancel it, to
   * note it where a restarted worker finds it); false keeps it out of the
   * queue: it ends cancelled (a tabs run cancelled meanwhile).
   */
  onQueued?(jobId: string): boolean | void;
  /** How long its job may wait from the click, when not a click's two minutes (a tabs run's, fit to its size). */
  waitBoundMs?: number;
  /** Its job's id when the asker named it up front (a tabs run, so that a restarted worker finds each tab's job). */
  jobId?: string;
  /** A run's start: a link history holds made since then is the run's own (made before a worker stopped), not one reused. */
  madeSince?: number;
}

/**
 * Shortens as a way in asks, with the account it names or else the active
 * one: from history when it holds the link that account made (no request, no
 * credit, no wait), else through the queue. The answer carries what the asker
 * needs (never a token). `settings`: read here unless the asker read them
 * already (a tabs run, once for all its tabs).
 */
export async function shorten(request: ShortenRequest, asker: Asker, settings?: SendingSettings): Promise<ShortenAnswer> {
  // Read for this click: how to prepare the URL, whether history answers, and the credentials to fail early on.
  const current = settings ?? (await readSendingSettings(localArea, await tokenVault()));
  const account = accountFor(current, request.account);
  const answer = (result: ShortenAnswer['result']): ShortenAnswer => ({
    result,
    autoCopy: current.autoCopy,
    copyFormat: current.copyFormat,
    accounts: current.accounts.map(({ id, name }) => ({ id, name })),
    ...(account === undefined ? {} : { account: account.id }),
  });
  const prepared = prepareLongUrl(request.url, current.stripTracking, request.campaign);
  if (!prepared.ok) return answer(prepared);
  const own = await pageLinkToUse(request, asker, current.usePageShortLink);
  if (own !== undefined) return answer(success(await keepPageLink(own, prepared.value, request, current.history)));
  if (account === undefined) return answer(failure(request.account === undefined ? missingAccount(current) : { kind: 'account-removed' }));
  const cached = await fromHistory(backgroundHistory(), current.history, account, request, prepared.value, asker.madeSince).catch(historyFailed('read'));
  if (cached !== undefined) return answer(success(cached));
  // Settings that make sending impossible (no token, a token for another server, no valid server) fail here, not after a wait for the limit.
  const unsendable = cannotSend(account, current);
  if (unsendable !== undefined) return answer(failure(unsendable));
  const job = newQueuedJob(request, prepared.value, account, asker, asker.owner);
  if (asker.onQueued?.(job.id) === false) return answer(failure({ kind: 'cancelled' }));
  return answer(await runQueued(job, asker.onProgress));
}

/** The account a run of many links (tabs, a text's) sends with, once it is known something can be sent with it. */
export function sendingAccount(settings: SendingSettings): Result<Account, ApiError | AccountError> {
  const account = accountFor(settings);
  if (account === undefined) return failure(missingAccount(settings));
  const unsendable = cannotSend(account, settings);
  return unsendable === undefined ? success(account) : failure(unsendable);
}

/** Why nothing can be sent with this account (no token here, a token for another server, no valid server), if so. */
export function cannotSend(account: Account, settings: Pick<SendingSettings, 'tokens' | 'accounts'>): ApiError | AccountError | undefined {
  const credentials = sendingCredentials(account, settings);
  if (!credentials.ok) return credentials.error;
  const sendable = checkCredentials(credentials.value);
  return sendable.ok ? undefined : sendable.error;
}

/** Stops reporting a job's progress (its popup closed) or drops it (Cancel); see ShortenQueue. */
export const unwatchJob = (jobId: string): void => queue.unwatch(jobId);
/** What this worker knows of an account's limit on its server (see ShortenQueue.pace). */
export const paceOf = (account: Account) => queue.pace({ server: account.server, account: account.id });
export const cancelJob = (jobId: string): boolean => queue.cancel(jobId);

/** A job through the queue (a new one, or one a stopped worker left); its link is in history by the time it resolves. */
export async function runQueued(job: QueuedJob, onProgress?: (progress: ShortenProgress) => void): Promise<Result<Shortening, JobFailure>> {
  // A stopped worker's job whose request had gone: its link may have come, and been kept, before the stop took
  // the worker (history is written before the journal lets the job go). Then it is taken from there: no second credit.
  if (job.attempts > 0) {
    const made = await madeSinceClick(job).catch(historyFailed('read'));
    if (made !== undefined) {
      await queueJournal.remove(job).catch(() => undefined);
      return success(shorteningOf(job, made));
    }
  }
  const sent = await queue.add(job, onProgress);
  return sent.ok ? success(shorteningOf(job, sent.value)) : sent;
}

/** The link history holds for the job's long URL on its server, made since its click (by an earlier worker). */
async function madeSinceClick(job: QueuedJob): Promise<ShortenedUrl | undefined> {
  const entry = await backgroundHistory().findCached(job.server, job.longUrl, job.account);
  return entry !== undefined && entry.createdAt >= job.queuedAt ? { shortUrl: entry.shortUrl, longUrl: entry.longUrl, used: entry.used } : undefined;
}

function shorteningOf(job: QueuedJob, link: ShortenedUrl): Shortening {
  const { title } = job.request;
  return { ...link, fromHistory: false, removedParams: job.removedParams, secretParams: secretLookingParams(link.longUrl), ...(title === undefined ? {} : { title }) };
}
