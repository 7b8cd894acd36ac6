import { MAX_URL_LENGTH } from './url-checks';

// Whitespace and controls have no place in a URL a server hands back; the
// WHATWG parser would silently strip some of them, hiding what was sent.
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE_OR_CONTROL = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;

/**
 * The short URL as it may be shown, copied and stored, or undefined when the
 * server's value is not an absolute https URL free of credentials and within
 * the length limit. Returns the parser's serialisation, never the raw text.
 * https only: short links are `{base_url}/<code>` and the base is https, so a
 * plain-http one is not the server's (or travels where anyone can rewrite it).
 */
export function safeShortUrl(value: string): string | undefined {
  if (value.length > MAX_URL_LENGTH || INVISIBLE_OR_CONTROL.test(value)) return undefined;
  // Only an explicit https scheme counts: "//host/x" or "/x" are relative.
  if (!/^https:\/\//i.test(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:') return undefined;
  if (parsed.username !== '' || parsed.password !== '' || parsed.hostname === '') return undefined;
  if (parsed.href.length > MAX_URL_LENGTH) return undefined;
  return parsed.href;
}
