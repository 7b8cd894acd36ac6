import { failure, type Result } from '../../api/result';
import { internalError } from '../../platform/error-text';
import { browserWords } from '../../platform/i18n';
import { leastTimeMs, perMinute, planningPace, runWaitBoundMs } from '../../shortening/run-pace';
import type { Shortening, ShortenRequest } from '../../shortening/shortening';
import { readSendingSettings, type SendingSettings } from '../../storage/account-tokens';
import { localArea, tokenVault } from '../../storage/extension-storage';
import type { Settings } from '../../storage/settings-schema';
import type { Account } from '../../storage/accounts';
import type { JobFailure } from '../../storage/session/job-failure';
import { badgeJobStarted } from '../delivery/badge';
import { accountChosenWhenRemoved } from '../delivery/account-question';
import { clickNow } from '../delivery/clipboard-rule';
import { fail } from '../delivery/failure';
import { ask } from '../delivery/question';
import type { Click } from '../queue/job-journal';
import { paceOf, sendingAccount, shorten } from '../service/shortening-service';
import type { TextError } from '../../shortening/text-error';
import { failText, reportTextFailure, type TextFailed } from './text-error';
import { holdTextRoom } from './text-room';

export type AddressResults = Map<string, Result<Shortening, JobFailure>>;

/**
 * A text's addresses shortened for a click, its badge started: a failure said
 * when there is nothing to do (no address: `noneFound`; settings that cannot
 * send; more links than storage.session has room for; more than a few that
 * the user did not confirm; every address failed), else each address's result and the settings read once for all of
 * them (the copy format, as for a tabs run).
 */
export async function shortenTextAddresses(
  urls: readonly string[],
  request: Omit<ShortenRequest, 'url'>,
  click: Click,
  noneFound: TextError,
): Promise<TextFailed | { results: AddressResults; settings: Settings; click: Click }> {
  if (urls.length === 0) return reportTextFailure(noneFound);
  await badgeJobStarted();
  let settings = await readSendingSettings(localArea, await tokenVault());
  let account = sendingAccount(settings);
  // The active account was removed elsewhere: another is used only once the user says so.
  const chosen = account.ok ? undefined : await accountChosenWhenRemoved(account.error, settings.accounts);
  // A question answered yes is the user's latest click: the text's copy is measured from it (clipboard-rule.ts).
  let answered = click;
  if (chosen !== undefined) {
    settings = { ...settings, activeAccount: chosen };
    account = sendingAccount(settings);
    answered = clickNow();
  }
  if (!account.ok) return fail(account.error);
  // Each link waits as a job in storage.session: a text that would not fit is refused before any is queued.
  const room = holdTextRoom(urls, request, account.value.server);
  if (!('release' in room)) return failText({ kind: 'text-too-large', links: urls.length, most: room.most });
  try {
    // One click may find hundreds of addresses: more than a few are sent only once the user says so.
    if (urls.length > ASK_ABOVE_LINKS) {
      if (!(await confirmedToSend(urls.length, account.value))) return await failText({ kind: 'not-confirmed', links: urls.length });
      answered = clickNow();
    }
    const results = await shortenAddresses(urls, request, answered, settings, account.value);
    const failures = [...results.values()].flatMap((result) => (result.ok ? [] : [result.error]));
    const [firstFailure] = failures;
    return firstFailure !== undefined && failures.length === results.size ? await fail(firstFailure) : { results, settings, click: answered };
  } finally {
    room.release();
  }
}

/** More addresses than this from one click (a selection, a field) are sent only once the user confirms how many. */
export const ASK_ABOVE_LINKS = 25;

/** Asks whether to send `links` links with the account: what they cost in credits, and how long the limit makes them take. */
async function confirmedToSend(links: number, account: Account): Promise<boolean> {
  const words = browserWords();
  const pace = planningPace(paceOf(account));
  const takesMs = leastTimeMs(links, pace);
  const time = takesMs < 60_000 ? words.seconds(Math.ceil(takesMs / 1000)) : words.minutes(Math.ceil(takesMs / 60_000));
  const message = takesMs === 0 ? words.t('askLinksMessageAtOnce', links) : words.t('askLinksMessage', links, time, perMinute(pace));
  return (await ask({ title: words.t('askLinksTitle', links), message, confirm: words.t('askLinksConfirm', links) })) === 'yes';
}

/**
 * Shortens each address of a text (a selection, a field) through the one
 * service: the history cache first, then the queue, which keeps the server's
 * limit for all of them at once. The jobs are the text's (a restarted worker
 * keeps their links in history and copies none alone), and wait as long as
 * their number needs at the server's pace, as a tabs run's do. Resolves once
 * every address has its link or its failure.
 */
async function shortenAddresses(urls: readonly string[], request: Omit<ShortenRequest, 'url'>, click: Click, settings: SendingSettings, account: Account): Promise<AddressResults> {
  const waitBoundMs = runWaitBoundMs(urls.length, planningPace(paceOf(account)));
  return new Map(
    await Promise.all(
      urls.map(async (url): Promise<[string, Result<Shortening, JobFailure>]> => {
        const { result } = await shorten({ ...request, url }, { ...click, owner: 'text', waitBoundMs }, settings).catch((error: unknown) => ({ result: failure(internalError(error)) }));
        return [url, result];
      }),
    ),
  );
}

/** The short link each address got, for the text (src/shortening/text-links.ts): undefined for one that failed. */
export const shortLinkIn = (results: AddressResults) => (url: string): string | undefined => {
  const result = results.get(url);
  return result?.ok === true ? result.value.shortUrl : undefined;
};
