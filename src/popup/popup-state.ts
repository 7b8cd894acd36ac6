import type { BadResponseProblem } from '../api';
import type { BulkRun, BulkStartError } from '../messages/bulk-port';
import type { Words } from '../platform/words';
import type { Shortening, ShortenAnswer, ShortenRequest } from '../shortening/shortening';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { JobFailure } from '../storage/session/job-failure';
import { errorSentence } from '../ui/error-words';

export type UrlSource = 'tab' | 'typed';
export type CopyStatus = 'copied' | 'manual' | 'failed';

export type PopupState =
  | { phase: 'loading'; source: UrlSource }
  /** Queued behind the server's rate limit: until `untilMs` (Date.now() time) when its end is known, behind `ahead` links. */
  | { phase: 'waiting'; source: UrlSource; untilMs: number | undefined; ahead: number; forNetwork: boolean }
  | { phase: 'shortened'; shortening: Shortening; request: ShortenRequest; copyFormat: CopyFormat; copy: CopyStatus }
  | { phase: 'failed'; error: PopupError; request: ShortenRequest | undefined; source: UrlSource };

/**
 * Opening the popup grants activeTab, which reveals every web page's URL; the
 * tabs it does not reveal are browser pages (chrome://…, the Web Store) and
 * local files without file access: none of them can be shortened. Not an API
 * error: the popup's own.
 */
/** What the screen shows for the worker's answer to a request. */
export function stateFor(answer: ShortenAnswer, request: ShortenRequest, source: UrlSource): PopupState {
  if (!answer.result.ok) return { phase: 'failed', error: answer.result.error, request, source };
  return { phase: 'shortened', shortening: answer.result.value, request, copyFormat: answer.copyFormat, copy: 'manual' };
}

export type UnreadableTab = { kind: 'unreadable-tab' };
export type PopupError = JobFailure | UnreadableTab;

/** Found before a request was sent: fixing the link is the user's move, retrying alone cannot help. */
const INPUT_ERRORS: ReadonlySet<PopupError['kind']> = new Set([
  'unreadable-tab',
  'empty-url',
  'malformed-url',
  'url-has-break',
  'unsupported-scheme',
  'credentials-in-url',
  'url-too-long',
]);

/** What the user fixes on the settings page (an account, its token, its server). */
const SETTINGS_ERRORS: ReadonlySet<PopupError['kind']> = new Set([
  'no-token',
  'no-account',
  'malformed-token',
  'invalid-server-url',
  'insecure-server',
  'token-for-other-server',
  'unauthorized',
  'not-shrtnr',
  'redirected',
]);

/** A link that cannot be shortened (the tab's, or a typed one): typing or fixing one is the way on. */
export function wantsTypedUrl(error: PopupError): boolean {
  return INPUT_ERRORS.has(error.kind);
}

export function needsSettings(error: PopupError): boolean {
  return SETTINGS_ERRORS.has(error.kind);
}

/** Settings found wrong before anything was sent: only the settings page can fix them. */
const UNSENT_SETTINGS_ERRORS: ReadonlySet<PopupError['kind']> = new Set([
  'no-token',
  'malformed-token',
  'invalid-server-url',
  'insecure-server',
  'token-for-other-server',
  // The popup offers the accounts to choose from instead.
  'active-account-removed',
]);

/**
 * A successful answer the server will give again as it is (a short link that is not a safe https one, another link's,
 * a shape not Shrtnr's): each Retry would spend a credit on the same refusal.
 */
const REPEATED_BAD_ANSWERS: ReadonlySet<BadResponseProblem> = new Set(['unsafe-short-url', 'key-mismatch', 'wrong-shape', 'duplicate-keys']);

/**
 * Retrying cannot fix a bad URL or settings found wrong before sending, nor a
 * server's answer it would give again; it can fix what the server said (a
 * token fixed in another window, a server back up).
 */
export function canRetry(error: PopupError): boolean {
  return !wantsTypedUrl(error) && !UNSENT_SETTINGS_ERRORS.has(error.kind) && !(error.kind === 'bad-response' && REPEATED_BAD_ANSWERS.has(error.problem));
}

/** The popup's words for what went wrong. */
export function popupErrorSentence(error: PopupError, words: Words): string {
  return error.kind === 'unreadable-tab' ? words.t('popupUnreadableTab') : errorSentence(error, words);
}

/** "Shorten all tabs in this window": the window's run, why the last start failed, and whether the permission is being asked for. */
export interface BulkState {
  run?: BulkRun | undefined;
  error?: BulkStartError | undefined;
  asking: boolean;
}
