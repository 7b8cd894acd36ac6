import type { ApiError, Result, ShortenedUrl } from '../api';
import { checkLongUrl, checkServerUrl } from '../api/url-checks';
import { success } from '../api/result';
import { xmlText } from '../platform/xml-text';
import type { Account } from '../storage/accounts';
import type { HistoryEntry, HistoryStore } from '../storage/history-entry';
import type { JobFailure } from '../storage/session/job-failure';
import type { Settings } from '../storage/settings-schema';
import type { ShortenRequest } from './shorten-request';
import { secretLookingParams } from './secret-params';
import { removeTrackingParams } from './tracking-params';
import { withCampaign, type Campaign } from './campaign-tags';

export { titled, type ShortenRequest } from './shorten-request';

/** A short link, and how it came to be. */
export interface Shortening extends ShortenedUrl {
  /** Given from history, with no request (and no credit) spent. */
  fromHistory: boolean;
  /** Tracking parameters taken off the long URL before shortening (names, as they appeared). */
  removedParams: string[];
  /** Parameters of the long URL that look like they carry a secret (secret-params.ts): the popup says the server and history have them. */
  secretParams: string[];
  title?: string;
  /** The page's own short link (its `<link rel="shortlink">`), used with no request and no credit. */
  pageOwn?: true;
}

export interface PreparedUrl {
  longUrl: string;
  removedParams: string[];
}

/**
 * The long URL as it is sent and recorded: tracking parameters off (if
 * asked), then the campaign's tags on (clean links never take off what the
 * user's campaign adds; the campaign replaces the `utm_` tags it found),
 * then checked and normalised. `removedParams` names what is gone.
 */
export function prepareLongUrl(url: string, stripTracking: boolean, campaign?: Campaign): Result<PreparedUrl, ApiError> {
  const stripped = stripTracking ? removeTrackingParams(url.trim()) : { url, removed: [] };
  const tagged = campaign === undefined ? { url: stripped.url, dropped: [] } : withCampaign(stripped.url.trim(), campaign.params);
  const retagged = new Set(campaign?.params.map(({ key }) => key.toLowerCase()));
  const checked = checkLongUrl(tagged.url);
  return checked.ok ? success({ longUrl: checked.value, removedParams: [...stripped.removed.filter((name) => !retagged.has(name.toLowerCase())), ...tagged.dropped] }) : checked;
}

/**
 * The short link history already holds for this long URL, made by this
 * account (on its server), counted as a reuse (a credit saved) except in a
 * private window, which leaves no trace; undefined when history is off, the
 * request wants a new link, or nothing matches. A link made since `ownSince`
 * is the asker's own, made before a worker stopped (a run's link, kept in
 * history before the run's next write): given as made, not as reused.
 */
export async function fromHistory(
  store: HistoryStore,
  history: boolean,
  account: Account,
  request: Pick<ShortenRequest, 'fresh' | 'title' | 'private'>,
  prepared: PreparedUrl,
  ownSince = Number.POSITIVE_INFINITY,
): Promise<Shortening | undefined> {
  const server = checkServerUrl(account.server);
  if (request.fresh || !history || !server.ok) return undefined;
  const entry = await store.findCached(server.value, prepared.longUrl, account.id);
  if (entry === undefined) return undefined;
  const shortening = historyShortening(entry, prepared.removedParams, request.title ?? entry.title);
  if (entry.createdAt >= ownSince) return { ...shortening, fromHistory: false };
  if (!request.private) await store.countReuse(entry);
  return shortening;
}

/** A link history holds, given again with no request: `removedParams` as this asking prepared its address, `title` as it knows it. */
export function historyShortening(entry: HistoryEntry, removedParams: string[] = [], title = entry.title): Shortening {
  return {
    shortUrl: entry.shortUrl,
    longUrl: entry.longUrl,
    used: entry.used,
    fromHistory: true,
    removedParams,
    secretParams: secretLookingParams(entry.longUrl),
    ...(title === undefined ? {} : { title }),
  };
}

/**
 * The history entry for a new short link, or undefined where nothing is
 * recorded (history off, a private window): made by this account, or, for a
 * page's own link, recorded as such, under the origin that serves it, and by
 * no account: the cache answers only with links the account in use made.
 */
export function historyEntryFor(shortening: Shortening, request: ShortenRequest, maker: { history: boolean; account?: Pick<Account, 'id' | 'server'> }, now: number): HistoryEntry | undefined {
  if (!maker.history || request.private || shortening.fromHistory) return undefined;
  // The page's own link under the origin that serves it; a server's link as its account's, and only so.
  const madeBy = shortening.pageOwn === true ? { server: new URL(shortening.shortUrl).origin, pageOwn: true as const } : maker.account && { server: maker.account.server, account: maker.account.id };
  if (madeBy === undefined) return undefined;
  // Cut first, then stripped: a cut may leave half of a surrogate pair, which XML forbids too.
  const title = request.title === undefined ? undefined : xmlText(request.title.trim().slice(0, 1024)).trim();
  return {
    shortUrl: shortening.shortUrl,
    longUrl: shortening.longUrl,
    createdAt: now,
    via: request.via,
    ...(title ? { title } : {}),
    ...(shortening.used === undefined ? {} : { used: shortening.used }),
    ...madeBy,
    ...(request.campaign === undefined ? {} : { campaign: request.campaign.name }),
  };
}

/** The page's own short link as a shortening of the page's (prepared) address. */
export function pageShortening(shortUrl: string, prepared: PreparedUrl, request: Pick<ShortenRequest, 'title'>): Shortening {
  return {
    shortUrl,
    longUrl: prepared.longUrl,
    used: undefined,
    fromHistory: false,
    pageOwn: true,
    removedParams: prepared.removedParams,
    secretParams: secretLookingParams(prepared.longUrl),
    ...(request.title === undefined ? {} : { title: request.title }),
  };
}

/** An account as the popup offers it: its name, never its server's token. */
export interface AccountChoice {
  id: string;
  name: string;
}

/** The background's answer to a shortening: the result, and what the popup needs (never a token). */
export interface ShortenAnswer {
  result: Result<Shortening, JobFailure>;
  autoCopy: boolean;
  copyFormat: Settings['copyFormat'];
  /** Every account, and the one this shortening used (or would have): the popup switches among them. Absent when the worker never answered. */
  accounts?: AccountChoice[];
  account?: string;
}
