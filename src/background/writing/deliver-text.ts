import { browserWords } from '../../platform/i18n';
import type { Words } from '../../platform/words';
import type { ClipboardPayload } from '../../shortening/copy-formats';
import { errorSentence } from '../../ui/error-words';
import { badgeJobFinished } from '../delivery/badge';
import { copyFailureSentence, copyFromBackground } from '../delivery/clipboard';
import { copyIfStillWanted, offerLater, type Click } from '../delivery/clipboard-rule';
import { hostOf, notifySentence, OFFER_NOTIFICATION_ID, withoutEchoes } from '../delivery/notify';
import type { AddressResults } from './text-addresses';
import type { TextFailed } from './text-error';

/** How a text's links ended: all made, some, or none (then nothing was copied); `placed`: in the field they were in. */
export type TextOutcome =
  | { status: 'copied' | 'offered' | 'superseded' | 'not-copied' | 'placed'; made: number; found: number }
  | TextFailed;

/** At most this many failed addresses are named in the notification; the rest are counted. */
const FAILURES_NAMED = 3;

/**
 * The text with its short links, for a click with no popup: onto the
 * clipboard if it is still wanted there (the same rule as one link's),
 * else offered by its notification; the badge and a notification say how
 * many links were replaced, and which were not, with why.
 */
export async function deliverText(payload: ClipboardPayload, results: AddressResults, click: Click): Promise<TextOutcome> {
  const words = browserWords();
  const { made, found, failed, summary } = replacedSummary(results, words);
  let copyFailure: string | undefined;
  const decision = await copyIfStillWanted(click, async () => {
    const copied = await copyFromBackground(payload);
    if (!copied.ok) copyFailure = copyFailureSentence(copied.error, words);
    return copied.ok;
  });
  const status = decision === 'copy' ? (copyFailure === undefined ? 'copied' : 'not-copied') : decision === 'late' ? 'offered' : 'superseded';
  const title = status === 'copied' ? 'notifyTextCopiedTitle' : status === 'offered' ? 'notifyReadyTitle' : status === 'not-copied' ? 'notifyNotCopiedTitle' : 'notifyTextMadeTitle';
  const sentence = copyFailure === undefined ? summary : `${summary}\n${copyFailure}`;
  const first = [...results.values()].find((result) => result.ok);
  const notify = () => notifySentence(title, sentence, status === 'offered' ? OFFER_NOTIFICATION_ID : undefined);
  await Promise.all([
    failed === 0 && copyFailure === undefined ? badgeJobFinished({ ok: true, copied: status === 'copied' }) : badgeJobFinished({ ok: false, sentence }),
    // An offer is kept and shown in its turn among the others (clipboard-rule.ts).
    status === 'offered' && first?.ok === true ? offerLater({ payload, shortUrl: first.value.shortUrl, longUrl: first.value.longUrl }, notify) : notify(),
  ]);
  return { status, made, found };
}

/**
 * How many of a text's addresses got their short link (`made`: in the field,
 * those still there to replace), and the sentence that says so, naming by
 * host each that failed, with why (a notification outlives the moment, and
 * never holds a whole address).
 */
export function replacedSummary(results: AddressResults, words: Words, made?: number): { made: number; found: number; failed: number; summary: string } {
  const found = results.size;
  const failures = [...results].flatMap(([url, result]) => (result.ok ? [] : [{ url, error: result.error }]));
  const replaced = made ?? found - failures.length;
  const summary = [
    words.t('notifyLinksReplaced', replaced, found),
    ...failures.slice(0, FAILURES_NAMED).map(({ url, error }) => words.t('notifyLinkNotReplaced', hostOf(url), errorSentence(withoutEchoes(error), words))),
    ...(failures.length > FAILURES_NAMED ? [words.t('notifyMoreNotReplaced', failures.length - FAILURES_NAMED)] : []),
  ].join('\n');
  return { made: replaced, found, failed: failures.length, summary };
}
