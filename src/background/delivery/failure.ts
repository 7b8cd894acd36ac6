import { browserWords } from '../../platform/i18n';
import type { JobFailure } from '../../storage/session/job-failure';
import { errorSentence } from '../../ui/error-words';
import { badgeJobFinished, badgeJobStarted } from './badge';
import { notifyFailure, notifySentence } from './notify';

/** A click's end with no link: the failure, as its outcome holds it. A job's, unless the way in that found it names its own. */
export type Failed<Failure extends { kind: string } = JobFailure> = { status: 'failed'; error: Failure };

/** The background's words for a job's failure whose badge was started: one sentence, on the badge's title and in the notification. */
export async function fail(error: JobFailure): Promise<Failed> {
  const words = browserWords();
  // The tooltip says it all; the notification, which outlives the moment, leaves out what may echo the long URL.
  await Promise.all([badgeJobFinished({ ok: false, sentence: errorSentence(error, words) }), notifyFailure(error)]);
  return { status: 'failed', error };
}

/**
 * A failure only the way in that found it has words for (a text's, the
 * address bar's), said as fail() says a job's: the extension's own words,
 * which echo nothing of the page, on the badge and in the notification.
 */
export async function failSaying<Failure extends { kind: string }>(error: Failure, sentence: string): Promise<Failed<Failure>> {
  await Promise.all([badgeJobFinished({ ok: false, sentence }), notifySentence('notifyFailedTitle', sentence)]);
  return { status: 'failed', error };
}

/** The same for a failure found before anything started (e.g. a selection with no address): its badge is started first. */
export async function reportFailure<Failure extends { kind: string }>(error: Failure, sentence: string): Promise<Failed<Failure>> {
  await badgeJobStarted();
  return failSaying(error, sentence);
}
