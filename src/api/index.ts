export { shorten, shortenWithLimits, DEFAULT_TIMEOUT_MS, MAX_BODY_BYTES, type ShrtnrSettings, type ShortenedUrl, type ShortenOutcome, type FetchFunction } from './client';
export type { RateLimitState } from './rate-limit-headers';
export type { ApiError, ApiErrorKind, BadResponseProblem } from './errors';
export type { Result } from './result';
export { checkLongUrl, checkServerUrl, checkToken, MAX_URL_LENGTH } from './url-checks';
export { safeShortUrl } from './short-url';
