import { shorten, type Result, type ShortenedUrl, type ShrtnrError } from '../api';
import { copyFromBackground } from './clipboard';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { beginJob, endJob, takeInterruptedJobs } from './job-journal';
import { notify } from './notify';

export type BackgroundOutcome =
  | { status: 'copied'; shortened: ShortenedUrl }
  | { status: 'not-copied'; shortened: ShortenedUrl; message: string }
  | { status: 'failed'; error: ShrtnrError };

/** Shortens with the stored server and token; the auto-copy preference comes along for the popup. */
export async function shortenWithStoredSettings(url: string): Promise<{ result: Result<ShortenedUrl, ShrtnrError>; autoCopy: boolean }> {
  const { token, serverUrl, autoCopy } = await readSettings(localArea);
  return { result: await shorten(url, { token, serverUrl }), autoCopy };
}

/** What the menu and the keyboard command do: shorten, copy, and say so on the badge and in a notification. */
export async function shortenAndCopy(url: string): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  const job = await beginJob(url);
  try {
    const { result } = await shortenWithStoredSettings(url);
    if (!result.ok) return await fail(result.error);
    return await copyAndReport(result.value);
  } finally {
    await endJob(job);
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
  if (!copied.ok) {
    await Promise.all([
      badgeJobFinished({ ok: false, message: copied.error.message }),
      notify('Shortened, but not copied', `${shortened.shortUrl}\n${copied.error.message}`, shortened.longUrl),
    ]);
    return { status: 'not-copied', shortened, message: copied.error.message };
  }
  performance.mark('shrtnr:background-copied');
  await Promise.all([
    badgeJobFinished({ ok: true }),
    notify('Short link copied', shortened.shortUrl, shortened.longUrl),
  ]);
  return { status: 'copied', shortened };
}

async function fail(error: ShrtnrError): Promise<BackgroundOutcome> {
  await Promise.all([badgeJobFinished({ ok: false, message: error.message }), notify('Could not shorten the link', error.message)]);
  return { status: 'failed', error };
}
