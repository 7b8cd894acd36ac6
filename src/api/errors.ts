import { errorText } from '../platform/error-text';

/**
 * Every way a shortening or a connection test can fail, as one union of plain
 * (structured-cloneable) objects, so errors cross the extension's message
 * boundary intact. Errors are data: a kind and its parameters, never a
 * sentence; each surface puts them into words in the user's language
 * (src/ui/error-words.ts, src/options/connection-message.ts).
 */
export type ShrtnrError =
  // Checks on the URL to shorten, before anything is sent.
  | { kind: 'empty-url' }
  | { kind: 'malformed-url' }
  /** Selected text (context menu) that holds no web address and no link. */
  | { kind: 'no-links-selected' }
  /** A text field (context menu) that holds no web address. */
  | { kind: 'no-links-in-field' }
  /** A field the extension may not read or change: a password or e-mail input, or one in a page the browser keeps closed. */
  | { kind: 'field-unreadable' }
  /** The field to change is one no person can see (hidden, off-screen): the focus a page moved as the menu opened. */
  | { kind: 'field-hidden' }
  /** A text's links (a selection's, a field's) are more than can wait at once in storage.session: `most` would fit now. */
  | { kind: 'text-too-large'; links: number; most: number }
  /** A text's links, more than a few, that the user did not confirm sending (declined, or left the question unanswered). */
  | { kind: 'not-confirmed'; links: number }
  /** Words entered after the address bar's keyword that match no link in history. */
  | { kind: 'no-history-match' }
  | { kind: 'unsupported-scheme'; scheme: string }
  | { kind: 'credentials-in-url' }
  | { kind: 'url-too-long'; length: number; limit: number }
  // Checks on the settings, before anything is sent.
  /** `blank`: a token of only spaces rather than none; `account`: the account with no token saved on this machine (by name). */
  | { kind: 'no-token'; blank: boolean; account?: string }
  /** No account to shorten with: none in the settings (or their list could not be read). */
  | { kind: 'no-account' }
  /** The active account was removed on another machine through sync (`account`: its name; `at`: when, ms since the epoch): none is used until the user picks one. */
  | { kind: 'active-account-removed'; account: string; at: number }
  | { kind: 'malformed-token' }
  /** `text`: what was typed (cut to 80 characters) for not-a-url, the path to leave out for api-path. */
  | { kind: 'invalid-server-url'; problem: ServerUrlProblem; text?: string }
  | { kind: 'insecure-server' }
  // The saved token belongs to another server than the one now set: it is not sent.
  | { kind: 'token-for-other-server'; tokenHost: string; serverHost: string }
  // What the server answered; `serverMessage` and `reason` are the server's own words, made safe to show.
  | { kind: 'bad-request'; serverMessage?: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden'; serverMessage?: string }
  /** `answeredWithPage`: a web page (HTML) answered, not an API. */
  | { kind: 'not-shrtnr'; status?: number; answeredWithPage?: boolean }
  | { kind: 'rejected-url'; reason?: string }
  | { kind: 'rate-limited'; limit?: number; remaining?: number; retryAfterSeconds?: number }
  | { kind: 'server-error'; status: number }
  | { kind: 'redirected' }
  | { kind: 'unexpected-status'; status: number }
  | { kind: 'bad-response'; problem: BadResponseProblem }
  // The request never got an answer.
  /**
   * No answer: the network or the server is down (`answered`: the answer was cut off in its body, so the server did
   * speak). `waitedSeconds`: how long the link waited for the network before it gave up (src/background/queue/network-waits.ts).
   */
  | { kind: 'network'; host: string; answered?: true; waitedSeconds?: number }
  | { kind: 'tls'; host: string }
  | { kind: 'timeout'; timeoutMs: number }
  // The queue that waits out the rate limit (src/background/queue/shorten-queue.ts).
  /** Waiting for the limit would take the link past its bound (two minutes from the click); `waitSeconds`: the wait the server asked for. */
  | { kind: 'wait-too-long'; waitSeconds: number }
  /** The user cancelled it while it waited. */
  | { kind: 'cancelled' }
  /** The server kept refusing with 429: given up after `attempts` requests. */
  | { kind: 'gave-up'; attempts: number }
  /** Found unfinished by a restarted worker, older than the queue keeps anything (`minutes` since the click). */
  | { kind: 'expired'; minutes: number }
  /** The server was changed in the settings while it waited: it is not sent to the new one, which has its own token and history. */
  | { kind: 'server-changed' }
  /** The account it was asked for was removed (in the settings, or on another machine through sync) before it was sent. */
  | { kind: 'account-removed' }
  /** A fault inside the extension itself (e.g. its worker failed to answer); `detail` is technical and untranslated. */
  | { kind: 'internal'; detail: string };

/** A fault inside the extension, as data: the thrown value's own words (technical, untranslated). */
export const internalError = (error: unknown): ShrtnrError => ({ kind: 'internal', detail: errorText(error) });

export type ServerUrlProblem = 'missing' | 'not-a-url' | 'not-https' | 'credentials' | 'api-path' | 'path';

export type ShrtnrErrorKind = ShrtnrError['kind'];

export type BadResponseProblem =
  | 'too-large'
  | 'not-utf8'
  | 'byte-order-mark'
  | 'not-json'
  | 'duplicate-keys'
  | 'wrong-shape'
  | 'key-mismatch'
  | 'unsafe-short-url';

/** Errors found before a request is sent: fixing them is the user's move, retrying alone cannot help. */
const INPUT_ERROR_KINDS: ReadonlySet<ShrtnrErrorKind> = new Set([
  'empty-url',
  'malformed-url',
  'no-links-selected',
  'no-links-in-field',
  'field-unreadable',
  'field-hidden',
  'text-too-large',
  'no-history-match',
  'unsupported-scheme',
  'credentials-in-url',
  'url-too-long',
]);

const SETTINGS_ERROR_KINDS: ReadonlySet<ShrtnrErrorKind> = new Set([
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

export const isInputError = (error: ShrtnrError): boolean => INPUT_ERROR_KINDS.has(error.kind);

/** Errors the user fixes on the options page (token, server address). */
export const isSettingsError = (error: ShrtnrError): boolean => SETTINGS_ERROR_KINDS.has(error.kind);
