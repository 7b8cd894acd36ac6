import { internalError, type ShrtnrError } from '../../api/errors';
import { failure, type Result } from '../../api/result';
import { planningPace, runWaitBoundMs } from '../../shortening/run-pace';
import type { Shortening, ShortenRequest } from '../../shortening/shortening';
import { readSendingSettings, type SendingSettings } from '../../storage/account-tokens';
import { localArea } from '../../storage/extension-storage';
import type { Settings } from '../../storage/settings-schema';
import type { Account } from '../../storage/accounts';
import { badgeJobStarted } from '../delivery/badge';
import { fail, reportFailure, type Failed } from '../delivery/deliver';
import type { Click } from '../queue/job-journal';
import { paceOf, sendingAccount, shorten } from '../service/shortening-service';
import { holdTextRoom } from './text-room';

export type AddressResults = Map<string, Result<Shortening, ShrtnrError>>;

/**
 * A text's addresses shortened for a click, its badge started: a failure said
 * when there is nothing to do (no address: `noneFound`; settings that cannot
 * send; more links than storage.session has room for; every address
 * failed), else each address's result and the settings read once for all of
 * them (the copy format, as for a tabs run).
 */
export async function shortenTextAddresses(
  urls: readonly string[],
  request: Omit<ShortenRequest, 'url'>,
  click: Click,
  noneFound: ShrtnrError,
): Promise<Failed | { results: AddressResults; settings: Settings }> {
  if (urls.length === 0) return reportFailure(noneFound);
  await badgeJobStarted();
  const settings = await readSendingSettings(localArea);
  const account = sendingAccount(settings);
  if (!account.ok) return fail(account.error);
  // Each link waits as a job in storage.session: a text that would not fit is refused before any is queued.
  const room = holdTextRoom(urls, request, account.value.server);
  if (!('release' in room)) return fail({ kind: 'text-too-large', links: urls.length, most: room.most });
  try {
    const results = await shortenAddresses(urls, request, click, settings, account.value);
    const failures = [...results.values()].flatMap((result) => (result.ok ? [] : [result.error]));
    const [firstFailure] = failures;
    return firstFailure !== undefined && failures.length === results.size ? await fail(firstFailure) : { results, settings };
  } finally {
    room.release();
  }
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
      urls.map(async (url): Promise<[string, Result<Shortening, ShrtnrError>]> => {
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
