import { shorten, type ShortenedUrl, type ShrtnrError } from '../api';
import { copyFromBackground } from '../platform/clipboard';
import { markTiming, TIMING_MARKS } from '../platform/timing';
import { readApiSettings } from './api-settings';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { notify } from './notify';

export type BackgroundOutcome =
  | { status: 'copied'; shortened: ShortenedUrl }
  | { status: 'not-copied'; shortened: ShortenedUrl; message: string }
  | { status: 'failed'; error: ShrtnrError };

/** What the menu and the keyboard command do: shorten, copy, and say so on the badge and in a notification. */
export async function shortenAndCopy(url: string): Promise<BackgroundOutcome> {
  await badgeJobStarted();
  const result = await shorten(url, await readApiSettings());
  if (!result.ok) return fail(result.error);
  return copyAndReport(result.value);
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
  markTiming(TIMING_MARKS.backgroundCopied);
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
