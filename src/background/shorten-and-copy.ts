import { shorten, type Result, type ShortenedUrl, type ShrtnrError } from '../api';
import { browserWords } from '../platform/i18n';
import { errorSentence } from '../ui/error-words';
import { copyFailureSentence, copyFromBackground, type CopyFailure } from './clipboard';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';
import { credentialsFor } from '../storage/token-binding';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { beginJob, endJob, takeInterruptedJobs, type Job } from './job-journal';
import { notify } from './notify';

export type BackgroundOutcome =
  | { status: 'copied'; shortened: ShortenedUrl }
  | { status: 'not-copied'; shortened: ShortenedUrl; copyFailure: CopyFailure }
  | { status: 'failed'; error: ShrtnrError };

/** Shortens with the stored server and token; the auto-copy preference comes along for the popup. */
export async function shortenWithStoredSettings(url: string): Promise<{ result: Result<ShortenedUrl, ShrtnrError>; autoCopy: boolean }> {
  const settings = await readSettings(localArea);
  const credentials = credentialsFor(settings);
  if (!credentials.ok) return { result: credentials, autoCopy: settings.autoCopy };
  return { result: await shorten(url, credentials.value), autoCopy: settings.autoCopy };
}

/** What the menu and the keyboard command do: shorten, copy, and say so on the badge and in a notification. */
export async function shortenAndCopy(url: string): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  // Everything after the badge's start is inside the try: a journal that cannot
  // be written must end the badge's job too, not leave it at "…" for good.
  let job: Job | undefined;
  try {
    job = await beginJob(url);
    const { result } = await shortenWithStoredSettings(url);
    if (!result.ok) return await fail(result.error);
    return await copyAndReport(result.value);
  } catch (error) {
    return await fail({ kind: 'internal', detail: error instanceof Error ? error.message : String(error) });
  } finally {
    if (job !== undefined) await endJob(job).catch((error: unknown) => console.warn('Shrtnr: a finished job could not be taken out of the journal.', error));
  }
}

/** Runs again what a stopped worker left unfinished. */
export async function resumeInterruptedJobs(workerStartedAt: number): Promise<void> {
  await Promise.all((await takeInterruptedJobs(workerStartedAt)).map((job) => shortenAndCopy(job.url)));
}

/** For a failure found before shortening starts (e.g. a selection that is no URL), with the same feedback. */
export async function reportFailure(error: ShrtnrError): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  return fail(error);
}

async function copyAndReport(shortened: ShortenedUrl): Promise<BackgroundOutcome> {
  const copied = await copyFromBackground(shortened.shortUrl);
  const words = browserWords();
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
    notify(words.t('notifyCopiedTitle'), shortened.shortUrl, hostOf(shortened.longUrl)),
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
