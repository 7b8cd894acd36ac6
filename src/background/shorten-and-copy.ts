import { shorten, type ShrtnrError } from '../api';
import { success } from '../api/result';
import { browserWords } from '../platform/i18n';
import { clipboardPayload } from '../shortening/copy-formats';
import { fromHistory, historyEntryFor, prepareLongUrl, type Shortening, type ShortenAnswer, type ShortenRequest } from '../shortening/shortening';
import { errorSentence } from '../ui/error-words';
import { copyFailureSentence, copyFromBackground, type CopyFailure } from './clipboard';
import { localArea } from '../storage/extension-storage';
import type { HistoryStore, RecentHistory } from '../storage/history-entry';
import { openHistoryStore } from '../storage/history-store';
import { readSettings } from '../storage/settings';
import { credentialsFor } from '../storage/token-binding';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { beginJob, endJob, takeInterruptedJobs, type Job } from './job-journal';
import { notify } from './notify';

export type BackgroundOutcome =
  | { status: 'copied'; shortened: Shortening }
  | { status: 'not-copied'; shortened: Shortening; copyFailure: CopyFailure }
  | { status: 'failed'; error: ShrtnrError };

// Opened on first use; one connection for the worker's life.
let historyStore: HistoryStore | undefined;
export const backgroundHistory = (): HistoryStore => (historyStore ??= openHistoryStore());

/**
 * Every way in shortens through here (the popup by message): from history
 * when it holds the link for this server (no request, no credit), else with
 * the stored server and token, recording the new link. History failing never
 * costs the user their link: it is only reported in the console.
 */
export async function shortenWithStoredSettings(request: ShortenRequest): Promise<ShortenAnswer> {
  const settings = await readSettings(localArea);
  const answer = (result: ShortenAnswer['result']): ShortenAnswer => ({ result, autoCopy: settings.autoCopy, copyFormat: settings.copyFormat });
  const prepared = prepareLongUrl(request.url, settings.stripTracking);
  if (!prepared.ok) return answer(prepared);
  const cached = await fromHistory(backgroundHistory(), settings, request, prepared.value).catch(historyFailed('read'));
  if (cached !== undefined) return answer(success(cached));
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return answer(credentials);
  const sent = await shorten(prepared.value.longUrl, credentials.value);
  if (!sent.ok) return answer(sent);
  const shortening: Shortening = { ...sent.value, fromHistory: false, removedParams: prepared.value.removedParams, ...(request.title === undefined ? {} : { title: request.title }) };
  const entry = historyEntryFor(shortening, request, settings, Date.now());
  if (entry !== undefined) await backgroundHistory().record(entry).catch(historyFailed('written'));
  return answer(success(shortening));
}

/** The newest history entries, for the popup (read here: the worker has the store and its validation already). */
export async function recentHistory(limit: number): Promise<RecentHistory> {
  const { history: enabled } = await readSettings(localArea, ['history']);
  // A handful at most, whatever was asked: the popup lists a few.
  const count = Number.isInteger(limit) ? Math.min(Math.max(0, limit), 20) : 0;
  return { enabled, entries: enabled && count > 0 ? await backgroundHistory().recent(count) : [] };
}

const historyFailed = (what: 'read' | 'written') => (error: unknown) => {
  console.warn(`Shrtnr: history could not be ${what}.`, error instanceof Error ? error.message : String(error));
  return undefined;
};

/** What the menu and the keyboard command do: shorten, copy, and say so on the badge and in a notification. */
export async function shortenAndCopy(request: ShortenRequest): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  // Everything after the badge's start is inside the try: a journal that cannot
  // be written must end the badge's job too, not leave it at "…" for good.
  let job: Job | undefined;
  try {
    job = await beginJob(request);
    const { result, copyFormat } = await shortenWithStoredSettings(request);
    if (!result.ok) return await fail(result.error);
    return await copyAndReport(result.value, copyFormat);
  } catch (error) {
    return await fail({ kind: 'internal', detail: error instanceof Error ? error.message : String(error) });
  } finally {
    if (job !== undefined) await endJob(job).catch((error: unknown) => console.warn('Shrtnr: a finished job could not be taken out of the journal.', error));
  }
}

/** Runs again what a stopped worker left unfinished. */
export async function resumeInterruptedJobs(workerStartedAt: number): Promise<void> {
  await Promise.all((await takeInterruptedJobs(workerStartedAt)).map((job) => shortenAndCopy(job.request)));
}

/** For a failure found before shortening starts (e.g. a selection that is no URL), with the same feedback. */
export async function reportFailure(error: ShrtnrError): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  return fail(error);
}

async function copyAndReport(shortened: Shortening, copyFormat: ShortenAnswer['copyFormat']): Promise<BackgroundOutcome> {
  const copied = await copyFromBackground(clipboardPayload(copyFormat, shortened));
  const words = browserWords();
  const origin = shortened.fromHistory ? `\n${words.t('linkFromHistory')}` : '';
  if (!copied.ok) {
    const sentence = copyFailureSentence(copied.error, words);
    await Promise.all([
      badgeJobFinished({ ok: false, sentence }),
      notify(words.t('notifyNotCopiedTitle'), `${shortened.shortUrl}\n${sentence}`, hostOf(shortened.longUrl)),
    ]);
    return { status: 'not-copied', shortened, copyFailure: copied.error };
  }
  performance.mark('shrtnr:background-copied');
  await Promise.all([
    badgeJobFinished({ ok: true }),
    notify(words.t('notifyCopiedTitle'), `${shortened.shortUrl}${origin}`, hostOf(shortened.longUrl)),
  ]);
  return { status: 'copied', shortened };
}

/** The background's words for a failure: one sentence, on the badge's title and in the notification. */
async function fail(error: ShrtnrError): Promise<BackgroundOutcome> {
  const words = browserWords();
  const sentence = errorSentence(error, words);
  await Promise.all([badgeJobFinished({ ok: false, sentence }), notify(words.t('notifyFailedTitle'), sentence)]);
  return { status: 'failed', error };
}

/**
 * Notifications stay in the system's notification history, outside the
 * extension's control: they name the long URL's host only, never its path or
 * query (which may hold a session id, a search, a token of another site).
 */
function hostOf(longUrl: string): string {
  return URL.canParse(longUrl) ? new URL(longUrl).host : '';
}
