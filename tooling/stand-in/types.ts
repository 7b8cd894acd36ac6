/** Public types of the stand-in; server.ts re-exports them as the module's API. */

export interface StandInOptions {
  /** HTTPS port; 0 (the default) picks a free one. The host is always 127.0.0.1. */
  port?: number;
  /**
   * The origin the short links it makes start with, when a browser reaches it
   * under a public name (Chromium's --host-rules maps e.g. shrtnr.co:443 to its
   * port); default its own https://127.0.0.1:port. The store screenshots use it.
   */
  publicOrigin?: string;
  /**
   * Requests allowed per token in each fixed window, which opens with the
   * token's first request in it; default 60 per 60,000 ms, as the contract says.
   * Tests shorten the window (e.g. 5 per 3,000 ms) so they take seconds.
   */
  rateLimit?: RateLimitPolicy;
  /**
   * The rate limiter's clock (default Date.now): a test moves it instead of
   * waiting for a window to end. Faults and the request log keep real time.
   */
  clock?: () => number;
  /**
   * 'full' (the default): X-RateLimit-Limit, -Remaining and -Reset on every API
   * answer, and Retry-After on a 429. 'none': none of them on any answer, a 429
   * included, as a server that throttles without saying how.
   */
  rateLimitHeaders?: RateLimitHeaders;
  /** Known tokens and their URL credits; default: one demo token with 10_000 credits. */
  tokens?: { token: string; credits: number }[];
  /** Status of a successful shorten or ping; default 200 (lets tests prove the client accepts any 2xx). */
  successStatus?: number;
  /** Also listen with plain http on another port, which refuses every request (403) but logs it. */
  plainHttpPort?: boolean;
  /**
   * true (the default): the CORS preflight lets any origin's POST with Authorization
   * through. false: the preflight allows nothing, as a real server that never heard
   * of the extension, so only an extension holding host access to it gets through.
   */
  cors?: boolean;
}

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

export type RateLimitHeaders = 'full' | 'none';

/** One token's fixed window; `id` is unique for the stand-in's life, resetRateLimits() included. */
export interface RateLimitWindow {
  id: number;
  startedAt: number;
  /** startedAt + windowMs: the first moment the next window may open. */
  endsAt: number;
}

/** What the throttle decided about a request it counted. */
export interface ThrottleRecord {
  verdict: 'allowed' | 'refused';
  window: RateLimitWindow;
}

/** How many of one window's requests were let through, and how many refused with 429. */
export interface WindowTally {
  window: RateLimitWindow;
  accepted: number;
  refused: number;
}

export interface RecordedRequest {
  scheme: 'https' | 'http';
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters; when a name repeats, the first value wins. */
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the request had been read completely. */
  at: number;
  /**
   * Set on API requests that reached the throttle (a known token on a known
   * route and method, with no fault armed but `delay` or `hold`): its verdict and window.
   */
  throttle?: ThrottleRecord;
}

export type Fault =
  | { kind: 'delay'; ms: number }
  /** Answered as usual only when the test says so (StandIn.releaseHeld): a state that lasts exactly as long as the test needs it. */
  | { kind: 'hold' }
  | { kind: 'drop-connection' }
  | { kind: 'reset-mid-response' }
  | { kind: 'html-500' }
  | { kind: 'empty-body'; status: number }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-envelope' }
  | { kind: 'wrong-key' }
  /** Any short URL in an otherwise correct envelope: javascript:, a relative one, plain http... */
  | { kind: 'unsafe-short-url'; shortUrl: string }
  /** A correct envelope padded with valid JSON to exactly `bytes` (default 1 MiB), sent chunked with no Content-Length. */
  | { kind: 'huge-body'; bytes?: number }
  /** A 200 and its headers at once, then a correct envelope a few bytes every 100 ms, the last byte after `ms`. */
  | { kind: 'trickle'; ms: number }
  /** A correct envelope whose message is Latin-1 ("Lien créé" with é as the one byte 0xE9), not UTF-8. */
  | { kind: 'not-utf8' }
  /** A correct envelope after a UTF-8 byte-order mark (EF BB BF). */
  | { kind: 'byte-order-mark' }
  /** An envelope naming `urls` twice, each keyed by the submitted URL, with different short URLs (JSON.parse keeps the second). */
  | { kind: 'duplicate-keys' }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> };

export interface StandIn {
  /** e.g. https://127.0.0.1:43123, no trailing slash. */
  baseUrl: string;
  plainHttpUrl?: string;
  /** base64 sha256 of the leaf certificate's SPKI, for Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
  /** Lets Node clients trust the server through `ca` without turning verification off. */
  certificatePem: string;
  demoToken: string;
  requests(): RecordedRequest[];
  /** Requests to /api/ paths, without CORS preflights (those are in requests()). */
  apiRequests(): RecordedRequest[];
  /** Forgets what requests(), apiRequests() and rateLimitWindows() show; everyRequest() still has it. */
  clearLog(): void;
  /**
   * Every request received since the start, whatever clearLog() forgot: for
   * the token audit, which must read every test's requests, not only those of
   * the last one (each audit reading on from where it stopped: two sessions
   * may read one stand-in).
   */
  everyRequest(): readonly RecordedRequest[];
  /**
   * Per window, in the order the windows opened, how many requests the throttle
   * accepted and refused: a test of a client that honours the limit checks that
   * no window refused any (and none accepted more than the limit). Built from
   * the log, so clearLog() forgets them too.
   */
  rateLimitWindows(): WindowTally[];
  /** Arms a fault for the next `times` /api/ requests (every one, by default), once `after` more have been answered as usual (none, by default). */
  setFault(fault: Fault | null, options?: { times?: number; after?: number }): void;
  /** Answers, as usual, every request a `hold` fault is holding, and the rest of every page still loading (OWN_LINK_PATHS.loading; those whose client gave up get nothing). */
  releaseHeld(): void;
  addToken(token: string, credits: number): void;
  resetRateLimits(): void;
  /** Counts `requests` against the demo token's window, as another client with the same token would (not logged). */
  spendRateLimit(requests: number): void;
  close(): Promise<void>;
}
