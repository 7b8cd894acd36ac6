import type { ShrtnrError } from './errors';
import { failure, success, type Result } from './result';

/** The contract's limit on the `url` field, and the longest short URL the client accepts. */
export const MAX_URL_LENGTH = 2048;

const BROWSER_PAGE_SCHEMES = new Set([
  'about:', 'chrome:', 'chrome-untrusted:', 'chrome-search:', 'devtools:', 'edge:', 'brave:', 'opera:', 'vivaldi:', 'arc:',
]);
const EXTENSION_PAGE_SCHEMES = new Set(['chrome-extension:', 'moz-extension:', 'extension:', 'safari-web-extension:']);

/** Why a scheme other than http/https cannot be shortened, in the user's terms. */
function unsupportedSchemeMessage(scheme: string): string {
  if (BROWSER_PAGE_SCHEMES.has(scheme)) {
    return `Browser pages (${scheme}//…) exist only inside your browser, so they can't be shortened.`;
  }
  if (EXTENSION_PAGE_SCHEMES.has(scheme)) {
    return 'Extension pages exist only inside your browser, so they can\'t be shortened.';
  }
  switch (scheme) {
    case 'file:':
      return 'Files on your computer (file:) can\'t be shortened: nobody else could open the link.';
    case 'data:':
      return 'data: URLs carry their content inline and can\'t be shortened.';
    case 'javascript:':
      return 'javascript: links run code, so they can\'t be shortened. Only http and https links can.';
    case 'blob:':
      return 'blob: URLs point at data held by one open page and can\'t be shortened.';
    case 'view-source:':
      return 'Source views (view-source:) can\'t be shortened; shorten the page itself instead.';
    default:
      return `${scheme} links can't be shortened. Only http:// and https:// links can.`;
  }
}

/**
 * Checks a URL the user wants shortened and returns it in the WHATWG-serialised
 * form that is sent (IDN hosts in punycode, spaces percent-encoded).
 */
export function checkLongUrl(input: string): Result<string, ShrtnrError> {
  const trimmed = input.trim();
  if (trimmed === '') {
    return failure({ kind: 'empty-url', message: 'There is no link to shorten. Enter or paste one.' });
  }
  const malformed = failure<ShrtnrError>({
    kind: 'malformed-url',
    message: 'That is not a complete web address. Links start with https:// or http://.',
  });
  if (looksLikeHostAndPort(trimmed)) return malformed;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return failure({ kind: 'unsupported-scheme', scheme: `${scheme}:`, message: unsupportedSchemeMessage(`${scheme}:`) });
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return malformed;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return failure({ kind: 'unsupported-scheme', scheme: parsed.protocol, message: unsupportedSchemeMessage(parsed.protocol) });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return failure({
      kind: 'credentials-in-url',
      message: 'This link contains a user name or password. Remove them before shortening, so they are not shared.',
    });
  }
  if (parsed.href.length > MAX_URL_LENGTH) {
    return failure({
      kind: 'url-too-long',
      length: parsed.href.length,
      message: `This link is ${parsed.href.length.toLocaleString('en')} characters long; the limit is ${MAX_URL_LENGTH.toLocaleString('en')}.`,
    });
  }
  return success(parsed.href);
}

// "localhost:8080/x" parses as scheme "localhost:"; it is a host missing its
// scheme, which the malformed-URL message explains better.
function looksLikeHostAndPort(text: string): boolean {
  return /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(text);
}

const SERVER_URL_EXAMPLE = 'https://shrtnr.co';

/**
 * Checks the server's base URL and returns its normalised form: the origin
 * alone (scheme, host, port), since the API lives at `{origin}/api/v1`.
 * Only https is accepted: the token must never travel unencrypted.
 */
export function checkServerUrl(input: string): Result<string, ShrtnrError> {
  const trimmed = input.trim();
  if (trimmed === '') {
    return failure({ kind: 'invalid-server-url', message: `Enter the server's address, for example ${SERVER_URL_EXAMPLE}.` });
  }
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return failure({
      kind: 'invalid-server-url',
      message: `"${trimmed.slice(0, 80)}" is not a web address. Use the form ${SERVER_URL_EXAMPLE}.`,
    });
  }
  if (parsed.protocol === 'http:') {
    return failure({
      kind: 'insecure-server',
      message: 'The server address must start with https://, so your token is never sent unencrypted.',
    });
  }
  if (parsed.protocol !== 'https:') {
    return failure({ kind: 'invalid-server-url', message: `The server address must start with https://, like ${SERVER_URL_EXAMPLE}.` });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return failure({ kind: 'invalid-server-url', message: 'The server address must not contain a user name or password.' });
  }
  if (/^\/api(\/v1)?\/?$/i.test(parsed.pathname)) {
    return failure({ kind: 'invalid-server-url', message: `Leave out ${parsed.pathname}: enter only the server's address, like ${SERVER_URL_EXAMPLE}.` });
  }
  if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '') {
    return failure({
      kind: 'invalid-server-url',
      message: `Enter only the server's address, without a path or query, like ${SERVER_URL_EXAMPLE}.`,
    });
  }
  return success(parsed.origin);
}

// Header values must be visible ASCII; anything else would make fetch throw
// an opaque TypeError (or worse, be a pasted-in line break).
const TOKEN_SHAPE = /^[\x21-\x7e]+$/;

export function checkToken(token: string): Result<string, ShrtnrError> {
  const trimmed = token.trim();
  if (trimmed === '') {
    return failure({
      kind: 'no-token',
      message: token === '' ? 'No access token is set. Add your Shrtnr token in the settings.' : 'The access token is only spaces. Paste your Shrtnr token in the settings.',
    });
  }
  if (!TOKEN_SHAPE.test(trimmed)) {
    return failure({
      kind: 'malformed-token',
      message: 'The access token contains spaces or characters a token cannot have. Paste it again in the settings.',
    });
  }
  return success(trimmed);
}
