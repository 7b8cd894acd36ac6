/** Public types of the stand-in; server.ts re-exports them as the module's API. */

export interface StandInOptions {
  /** HTTPS port; 0 (the default) picks a free one. The host is always 127.0.0.1. */
  port?: number;
  /** Requests allowed per token in each fixed one-minute window; default 60, as the contract says. */
  rateLimitPerMinute?: number;
  /** Known tokens and their URL credits; default: one demo token with 10_000 credits. */
  tokens?: { token: string; credits: number }[];
  /** Status of a successful shorten or ping; default 200 (lets tests prove the client accepts any 2xx). */
  successStatus?: number;
  /** Also listen with plain http on another port, which refuses every request (403) but logs it. */
  plainHttpPort?: boolean;
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
}

export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'drop-connection' }
  | { kind: 'reset-mid-response' }
  | { kind: 'html-500' }
  | { kind: 'empty-body'; status: number }
  | { kind: 'malformed-json' }
  | { kind: 'wrong-envelope' }
  | { kind: 'wrong-key' }
  | { kind: 'unsafe-short-url'; shortUrl: string }
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
  clearLog(): void;
  setFault(fault: Fault | null, options?: { times?: number }): void;
  addToken(token: string, credits: number): void;
  resetRateLimits(): void;
  close(): Promise<void>;
}
