import { hasDuplicateKeys } from './duplicate-keys';
import type { ApiError, BadResponseProblem } from './errors';
import { readRateLimitState, type RateLimitState } from './rate-limit-headers';
import { MAX_BODY_BYTES, readBodyText } from './response-body';
import { failure, success, type Result } from './result';
import { shortenEnvelopeSchema } from './response-schema';
import { safeShortUrl } from './short-url';
import { errorForStatus, redirectedError, type HttpAnswer } from './status-errors';
import { checkLongUrl, checkServerUrl, checkToken } from './url-checks';

/** How long a request may take, when its caller sets no other. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * This context's timeout for requests that set none: DEFAULT_TIMEOUT_MS. The
 * end-to-end build's worker entry (background/testing/) sets a shorter one for
 * the worker, so its tests that wait out a silent server take seconds.
 */
export const requestTimeout = { ms: DEFAULT_TIMEOUT_MS };
export { MAX_BODY_BYTES };

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface ShrtnrSettings {
  /** The server's base URL, e.g. https://shrtnr.co; checked and normalised before use. */
  serverUrl: string;
  token: string;
  timeoutMs?: number;
  /** Injected so this module never touches a browser API (and runs under Node). */
  fetch?: FetchFunction;
}

export interface ShortenedUrl {
  shortUrl: string;
  longUrl: string;
  /** Credits this request used, as the server reports it (absent if it does not). */
  used?: number;
}

/** Shortens one URL, or says exactly why not. Never throws. */
export async function shorten(longUrl: string, settings: ShrtnrSettings): Promise<Result<ShortenedUrl, ApiError>> {
  return (await shortenWithLimits(longUrl, settings)).result;
}

export interface ShortenOutcome {
  result: Result<ShortenedUrl, ApiError>;
  /**
   * What the answer said of the rate limit, whatever its status; undefined
   * when nothing was sent, no answer came, or it carried no limit header.
   */
  rateLimit: RateLimitState | undefined;
}

/** shorten(), plus the rate-limit state of the answer, for a scheduler that keeps under the limit. Never throws. */
export async function shortenWithLimits(longUrl: string, settings: ShrtnrSettings): Promise<ShortenOutcome> {
  const prepared = prepare(settings);
  if (!prepared.ok) return { result: prepared, rateLimit: undefined };
  const url = checkLongUrl(longUrl);
  if (!url.ok) return { result: url, rateLimit: undefined };

  const answer = await post(prepared.value, '/api/v1/shorten/single', JSON.stringify({ url: url.value }));
  if (!answer.ok) return { result: answer, rateLimit: undefined };
  return { result: readShortenAnswer(answer.value, url.value), rateLimit: readRateLimitState(answer.value.headers) };
}

export interface PreparedRequest {
  serverUrl: string;
  token: string;
  timeoutMs: number;
  fetch: FetchFunction;
}

export function prepare(settings: ShrtnrSettings): Result<PreparedRequest, ApiError> {
  // The server first: a token saved for no valid server reads as none, and the
  // address is what the user has to fix before any token could be sent.
  const serverUrl = checkServerUrl(settings.serverUrl);
  if (!serverUrl.ok) return serverUrl;
  const token = checkToken(settings.token);
  if (!token.ok) return token;
  return success({
    serverUrl: serverUrl.value,
    token: token.value,
    timeoutMs: settings.timeoutMs ?? requestTimeout.ms,
    // Called through a wrapper: a bare `fetch` reference loses its `this` in browsers.
    fetch: settings.fetch ?? ((input, init) => fetch(input, init)),
  });
}

export async function post(request: PreparedRequest, path: string, body: string | undefined): Promise<Result<HttpAnswer, ApiError>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${request.token}`,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const signal = AbortSignal.timeout(request.timeoutMs);
  // Whether the server answered at all: a failure after that is no sign of the network being down.
  let answered = false;
  try {
    const response = await request.fetch(`${request.serverUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      signal,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      // A redirect would carry the request (and, same-origin, the token) somewhere unplanned.
      redirect: 'manual',
    });
    answered = true;
    if (response.type === 'opaqueredirect') return failure(redirectedError());
    // The body is read inside the same try: a connection reset or the timeout (whose
    // signal covers the body too) can strike while it streams.
    return success({ status: response.status, headers: response.headers, ...(await readBodyText(response.body)) });
  } catch (error) {
    try {
      const cause = transportError(error, request);
      return failure(answered && cause.kind === 'network' ? { ...cause, answered: true } : cause);
    } catch {
      // Only a bizarre thrown value (a getter that throws, a revoked proxy) gets
      // here; "never throws" still holds.
      return failure({ kind: 'network', host: request.serverUrl });
    }
  }
}

// Node (undici) names certificate failures in `cause.code`; browsers say only
// "Failed to fetch", so there a TLS failure reads as a network failure.
const TLS_ERROR_CODE = /^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(?:VERIFY|GET)_)/;

function transportError(error: unknown, request: PreparedRequest): ApiError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'timeout', timeoutMs: request.timeoutMs };
  }
  const host = new URL(request.serverUrl).host;
  if (TLS_ERROR_CODE.test(errorCode(error) ?? '')) return { kind: 'tls', host };
  return { kind: 'network', host };
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  // undici nests the socket error one or two causes deep.
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export const isSuccess = (status: number): boolean => status >= 200 && status <= 299;

const badResponse = (problem: BadResponseProblem) =>
  failure<ApiError>({ kind: 'bad-response', problem });

function readShortenAnswer(answer: HttpAnswer, submittedUrl: string): Result<ShortenedUrl, ApiError> {
  if (!isSuccess(answer.status)) return failure(errorForStatus(answer));
  if (answer.bodyProblem !== undefined) return badResponse(answer.bodyProblem);
  let json: unknown;
  try {
    json = JSON.parse(answer.bodyText);
  } catch {
    return badResponse('not-json');
  }
  // JSON.parse keeps the last of two equal keys without a word: another reader may take the first.
  if (hasDuplicateKeys(answer.bodyText)) return badResponse('duplicate-keys');
  const envelope = shortenEnvelopeSchema.safeParse(json);
  if (!envelope.success) return badResponse('wrong-shape');
  const { urls, used } = envelope.data.data;
  const rawShortUrl = shortUrlFor(urls, submittedUrl);
  if (rawShortUrl === undefined) return badResponse('key-mismatch');
  const shortUrl = safeShortUrl(rawShortUrl);
  if (shortUrl === undefined) return badResponse('unsafe-short-url');
  return success({ shortUrl, longUrl: submittedUrl, used });
}

/** The value keyed by the submitted URL, allowing only for a server that re-serialises the key. */
function shortUrlFor(urls: Record<string, string>, submittedUrl: string): string | undefined {
  if (Object.hasOwn(urls, submittedUrl)) return urls[submittedUrl];
  for (const [key, value] of Object.entries(urls)) {
    if (URL.canParse(key) && new URL(key).href === submittedUrl) return value;
  }
  return undefined;
}
