import type { ApiError } from './errors';
import { failure, success, type Result } from './result';

/** The contract's limit on the `url` field, and the longest short URL the client accepts. */
export const MAX_URL_LENGTH = 2048;

/**
 * Checks a URL the user wants shortened and returns it in the WHATWG-serialised
 * form that is sent (IDN hosts in punycode, spaces percent-encoded).
 */
export function checkLongUrl(input: string): Result<string, ApiError> {
  const trimmed = input.trim();
  if (trimmed === '') {
    return failure({ kind: 'empty-url' });
  }
  if (/[\t\n\r]/.test(trimmed)) return failure({ kind: 'url-has-break' });
  const malformed = failure<ApiError>({ kind: 'malformed-url' });
  if (looksLikeHostAndPort(trimmed)) return malformed;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return failure({ kind: 'unsupported-scheme', scheme: `${scheme}:` });
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return malformed;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return failure({ kind: 'unsupported-scheme', scheme: parsed.protocol });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return failure({ kind: 'credentials-in-url' });
  }
  if (parsed.href.length > MAX_URL_LENGTH) {
    return failure({ kind: 'url-too-long', length: parsed.href.length, limit: MAX_URL_LENGTH });
  }
  return success(parsed.href);
}

// "localhost:8080/x" parses as scheme "localhost:"; it is a host missing its
// scheme, which the malformed-URL message explains better.
function looksLikeHostAndPort(text: string): boolean {
  return /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(text);
}

/**
 * Checks the server's base URL and returns its normalised form: the origin
 * alone (scheme, host, port), since the API lives at `{origin}/api/v1`.
 * Only https is accepted: the token must never travel unencrypted.
 */
export function checkServerUrl(input: string): Result<string, ApiError> {
  const trimmed = input.trim();
  if (trimmed === '') {
    return failure({ kind: 'invalid-server-url', problem: 'missing' });
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return failure({ kind: 'invalid-server-url', problem: 'not-a-url', text: trimmed.slice(0, 80) });
  }
  if (parsed.protocol === 'http:') {
    return failure({ kind: 'insecure-server' });
  }
  if (parsed.protocol !== 'https:') {
    return failure({ kind: 'invalid-server-url', problem: 'not-https' });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return failure({ kind: 'invalid-server-url', problem: 'credentials' });
  }
  if (/^\/api(\/v1)?\/?$/i.test(parsed.pathname)) {
    return failure({ kind: 'invalid-server-url', problem: 'api-path', text: parsed.pathname });
  }
  if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '') {
    return failure({ kind: 'invalid-server-url', problem: 'path' });
  }
  return success(parsed.origin);
}

// Header values must be visible ASCII; anything else would make fetch throw
// an opaque TypeError (or worse, be a pasted-in line break).
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

export function checkToken(token: string): Result<string, ApiError> {
  const trimmed = token.trim();
  if (trimmed === '') {
    return failure({ kind: 'no-token', blank: token !== '' });
  }
  if (!TOKEN_SHAPE.test(trimmed)) {
    return failure({ kind: 'malformed-token' });
  }
  return success(trimmed);
}
