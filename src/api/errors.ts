/**
 * Every way a shortening or a connection test can fail, as one union of plain
 * (structured-cloneable) objects, so errors cross the extension's message
 * boundary intact. Each carries a `message` written for a person.
 */
export type ShrtnrError =
  // Checks on the URL to shorten, before anything is sent.
  | { kind: 'empty-url'; message: string }
  | { kind: 'malformed-url'; message: string }
  | { kind: 'unsupported-scheme'; scheme: string; message: string }
  | { kind: 'credentials-in-url'; message: string }
  | { kind: 'url-too-long'; length: number; message: string }
  // Checks on the settings, before anything is sent.
  | { kind: 'no-token'; message: string }
  | { kind: 'malformed-token'; message: string }
  | { kind: 'invalid-server-url'; message: string }
  | { kind: 'insecure-server'; message: string }
  // The saved token belongs to another server than the one now set: it is not sent.
  | { kind: 'token-for-other-server'; tokenHost: string; serverHost: string; message: string }
  // What the server answered.
  | { kind: 'bad-request'; serverMessage?: string; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'forbidden'; serverMessage?: string; message: string }
  | { kind: 'not-shrtnr'; status?: number; message: string }
  | { kind: 'rejected-url'; reason?: string; message: string }
  | { kind: 'rate-limited'; limit?: number; remaining?: number; retryAfterSeconds?: number; message: string }
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'redirected'; message: string }
  | { kind: 'unexpected-status'; status: number; message: string }
  | { kind: 'bad-response'; problem: BadResponseProblem; message: string }
  // The request never got an answer.
  | { kind: 'network'; message: string }
  | { kind: 'tls'; message: string }
  | { kind: 'timeout'; timeoutMs: number; message: string }
  // A fault inside the extension itself (e.g. its worker failed to answer).
  | { kind: 'internal'; message: string };

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
  'unsupported-scheme',
  'credentials-in-url',
  'url-too-long',
]);

const SETTINGS_ERROR_KINDS: ReadonlySet<ShrtnrErrorKind> = new Set([
  'no-token',
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
