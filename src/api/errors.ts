/**
 * Every way a request to the Shrtnr API can fail, and only those: refused
 * before it is sent (the contract's checks on the URL, the server and the
 * token: url-checks.ts), what the server answered (status-errors.ts,
 * client.ts), or no answer (client.ts). Plain (structured-cloneable) objects,
 * so they cross the extension's message boundary intact. Errors are data: a
 * kind and its parameters, never a sentence; each surface puts them into
 * words (src/ui/error-words.ts, src/options/connection-message.ts). What an
 * account, the queue or a text can fail with is its own union where that is
 * decided (docs/architecture.md, the layers).
 */
export type ApiError =
  // Checks on the URL to shorten, before anything is sent.
  | { kind: 'empty-url' }
  | { kind: 'malformed-url' }
  /** A tab or a line break inside it (a note after it, cells run together): the URL parser would drop it silently, joining its two sides into another address. */
  | { kind: 'url-has-break' }
  | { kind: 'unsupported-scheme'; scheme: string }
  | { kind: 'credentials-in-url' }
  | { kind: 'url-too-long'; length: number; limit: number }
  // Checks on the server and the token, before anything is sent.
  /** `blank`: a token of only spaces rather than none. */
  | { kind: 'no-token'; blank: boolean }
  | { kind: 'malformed-token' }
  /** `text`: what was typed (cut to 80 characters) for not-a-url, the path to leave out for api-path. */
  | { kind: 'invalid-server-url'; problem: ServerUrlProblem; text?: string }
  | { kind: 'insecure-server' }
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
  // The request never got a whole answer.
  /** No answer: the network or the server is down (`answered`: the answer was cut off in its body, so the server did speak). */
  | { kind: 'network'; host: string; answered?: true }
  | { kind: 'tls'; host: string }
  | { kind: 'timeout'; timeoutMs: number };

export type ApiErrorKind = ApiError['kind'];

export type ServerUrlProblem = 'missing' | 'not-a-url' | 'not-https' | 'credentials' | 'api-path' | 'path';

export type BadResponseProblem =
  | 'too-large'
  | 'not-utf8'
  | 'byte-order-mark'
  | 'not-json'
  | 'duplicate-keys'
  | 'wrong-shape'
  | 'key-mismatch'
  | 'unsafe-short-url';
