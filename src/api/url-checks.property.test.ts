// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import { englishWords } from '../../test/support/locale-catalogue';
import { errorSentence } from '../ui/error-words';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiErrorKind } from './errors';
import { checkLongUrl, checkServerUrl, checkToken, MAX_URL_LENGTH } from './url-checks';
import { valueOf } from '../../test/support/result-parts';
import { anything, objectContaining, oneOf } from '../../test/support/matchers';

// url-checks.ts deliberately calls "localhost:8080/x" malformed, although WHATWG
// parses it as the scheme "localhost:"; this is the same shape test.
const HOST_AND_PORT_SHAPE = /^[a-z0-9.-]+:\d+(?:[/?#]|$)/i;

type Verdict = { accepts: true; value: string } | { accepts: false; kinds: readonly ApiErrorKind[] };

/** What WHATWG `URL` parsing says about a URL to shorten, as the contract phrases the rule. */
function longUrlVerdict(input: string): Verdict {
  const trimmed = input.trim();
  if (trimmed === '') return { accepts: false, kinds: ['empty-url'] };
  // A tab or line break inside, which WHATWG parsing drops (joining what is on either side), is refused instead.
  if (/[\t\n\r]/.test(trimmed)) return { accepts: false, kinds: ['url-has-break'] };
  if (HOST_AND_PORT_SHAPE.test(trimmed)) return { accepts: false, kinds: ['malformed-url'] };
  // Unparseable text that starts like "foo:" may be reported by its scheme instead.
  if (!URL.canParse(trimmed)) return { accepts: false, kinds: ['malformed-url', 'unsupported-scheme'] };
  const parsed = new URL(trimmed);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { accepts: false, kinds: ['unsupported-scheme'] };
  if (parsed.username !== '' || parsed.password !== '') return { accepts: false, kinds: ['credentials-in-url'] };
  if (parsed.href.length > MAX_URL_LENGTH) return { accepts: false, kinds: ['url-too-long'] };
  return { accepts: true, value: parsed.href };
}

/** What a refusal must carry: one of the verdict's kinds, and the scheme or the length where WHATWG tells them. */
function refusal(kinds: readonly ApiErrorKind[], trimmed: string): Record<string, unknown> {
  const parsed = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
  return {
    kind: oneOf(kinds),
    ...(parsed !== undefined && kinds.includes('unsupported-scheme') ? { scheme: parsed.protocol } : {}),
    ...(parsed !== undefined && kinds.includes('url-too-long') ? { length: parsed.href.length } : {}),
  };
}

/** checkLongUrl accepts what the verdict accepts, as its href, and refuses the rest as the verdict says, in words. */
function expectLongUrlCheckAgreesWithWhatwg(input: string): void {
  const verdict = longUrlVerdict(input);
  const result = checkLongUrl(input);
  const expected = verdict.accepts ? { ok: true, value: verdict.value } : { ok: false, error: objectContaining(refusal(verdict.kinds, input.trim())) };
  expect(result, JSON.stringify(input)).toEqual(expected);
  expect(result.ok || errorSentence(result.error, englishWords) !== '').toBe(true);
}

/** The same for the server's base URL: an https origin and nothing more. */
function serverUrlVerdict(input: string): Verdict {
  const trimmed = input.trim();
  if (!URL.canParse(trimmed)) return { accepts: false, kinds: ['invalid-server-url'] };
  const parsed = new URL(trimmed);
  if (parsed.protocol === 'http:') return { accepts: false, kinds: ['insecure-server'] };
  if (parsed.protocol !== 'https:') return { accepts: false, kinds: ['invalid-server-url'] };
  if (parsed.username !== '' || parsed.password !== '') return { accepts: false, kinds: ['invalid-server-url'] };
  if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '') return { accepts: false, kinds: ['invalid-server-url'] };
  return { accepts: true, value: parsed.origin };
}

/** checkServerUrl accepts what the verdict accepts, as its origin, and refuses the rest as the verdict says, in words. */
function expectServerUrlCheckAgreesWithWhatwg(input: string): void {
  const verdict = serverUrlVerdict(input);
  const result = checkServerUrl(input);
  const expected = verdict.accepts ? { ok: true, value: verdict.value } : { ok: false, error: objectContaining({ kind: oneOf(verdict.kinds) }) };
  expect(result, JSON.stringify(input)).toEqual(expected);
  expect(result.ok || errorSentence(result.error, englishWords) !== '').toBe(true);
}

const authoritySettings = { withIPv4: true, withIPv6: true, withIPv4Extended: true, withPort: true };
const authority = fc.webAuthority(authoritySettings);
const pathQueryFragment = fc
  .tuple(fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }), fc.option(fc.webFragments(), { nil: undefined }))
  .map(([path, query, fragment]) => `${path}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`);

const webUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings }),
  fc.webUrl({ withQueryParameters: true, withFragments: true, size: 'large' }),
);

const scheme = fc.oneof(
  fc.mixedCase(fc.constantFrom('http', 'https')),
  fc.mixedCase(
    fc.constantFrom('ftp', 'file', 'data', 'javascript', 'about', 'chrome', 'chrome-extension', 'blob', 'view-source', 'ws', 'wss', 'mailto', 'localhost'),
  ),
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,9}$/),
);
const separator = fc.constantFrom('://', ':', ':/', ':///', ':\\\\', ':/\\', '://\\', ':////');
const withGeneratedScheme = fc
  .tuple(scheme, separator, authority, pathQueryFragment)
  .map(([name, between, host, rest]) => `${name}${between}${host}${rest}`);

const userInfoPart = fc.string({
  unit: fc.oneof(fc.constantFrom('a', 'Z', '0', '%', '%40', ':', '@', '!', '$', ' ', 'é'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })),
  maxLength: 10,
});
const withGeneratedUserInfo = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { ...authoritySettings, withUserInfo: true } }),
  fc
    .tuple(fc.mixedCase(fc.constantFrom('http', 'https')), userInfoPart, fc.option(userInfoPart, { nil: undefined }), authority, pathQueryFragment)
    .map(([name, user, password, host, rest]) => `${name}://${user}${password === undefined ? '' : `:${password}`}@${host}${rest}`),
);

// Whitespace and controls that String#trim and the URL parser treat differently.
const edgeCharacter = fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u0001', '\u001f', '\u007f', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u200b');
const surrounded = (inner: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(fc.array(edgeCharacter, { maxLength: 3 }), inner, fc.array(edgeCharacter, { maxLength: 3 }), fc.nat(), fc.option(edgeCharacter, { nil: undefined }))
    .map(([before, text, after, position, inside]) => {
      const index = position % (text.length + 1);
      const withInside = inside === undefined ? text : text.slice(0, index) + inside + text.slice(index);
      return before.join('') + withInside + after.join('');
    });

const arbitraryText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  fc.tuple(fc.mixedCase(fc.constantFrom('http', 'https')), fc.constantFrom('://', ':/', ':'), fc.string({ unit: 'binary' })).map(([name, between, rest]) => name + between + rest),
);

// Lengths around the limit, with characters that grow when percent-encoded, so the check is on the href.
const nearLimit = fc
  .tuple(fc.mixedCase(fc.constantFrom('http', 'https')), fc.domain(), fc.integer({ min: MAX_URL_LENGTH - 60, max: MAX_URL_LENGTH + 30 }), fc.constantFrom('a', ' ', 'é', '"', '%20'), fc.nat({ max: 8 }))
  .map(([name, host, length, grows, count]) => {
    const start = `${name}://${host}/`;
    return start + grows.repeat(count) + 'a'.repeat(Math.max(0, length - start.length - count * grows.length));
  });

const hostAndPort = fc
  .tuple(fc.oneof(fc.domain(), fc.constantFrom('localhost', 'http', 'https', '127.0.0.1', 'example')), fc.nat({ max: 99_999 }), fc.option(pathQueryFragment, { nil: undefined }))
  .map(([host, port, rest]) => `${host}:${port}${rest === undefined ? '' : rest.replace(/^(?![/?#])/, '/')}`);

describe('checkLongUrl agrees with WHATWG URL parsing (properties)', () => {
  it('on generated web URLs with queries and fragments', () => {
    fc.assert(fc.property(webUrl, expectLongUrlCheckAgreesWithWhatwg), { numRuns: 2000 });
  });

  it('on generated schemes and separators', () => {
    fc.assert(fc.property(withGeneratedScheme, expectLongUrlCheckAgreesWithWhatwg), { numRuns: 2000 });
  });

  it('on generated user info', () => {
    fc.assert(fc.property(withGeneratedUserInfo, expectLongUrlCheckAgreesWithWhatwg), { numRuns: 2000 });
  });

  it('on arbitrary strings, bare or wrapped in whitespace and controls', () => {
    fc.assert(fc.property(fc.oneof(arbitraryText, surrounded(arbitraryText), surrounded(webUrl)), expectLongUrlCheckAgreesWithWhatwg), {
      numRuns: 3000,
    });
  });

  it('around the 2048-character limit, measured on the href', () => {
    fc.assert(fc.property(nearLimit, expectLongUrlCheckAgreesWithWhatwg), { numRuns: 1000 });
  });

  it('calls host:port text malformed, never a scheme', () => {
    fc.assert(
      fc.property(hostAndPort, (input) => {
        expect(HOST_AND_PORT_SHAPE.test(input)).toBe(true);
        const result = checkLongUrl(input);
        expect(result.ok ? 'ok' : result.error.kind).toBe('malformed-url');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('checkServerUrl agrees with WHATWG URL parsing (properties)', () => {
  const serverInput = fc.oneof(
    fc.tuple(fc.mixedCase(fc.constantFrom('https', 'http')), authority).map(([name, host]) => `${name}://${host}`),
    fc
      .tuple(fc.mixedCase(fc.constantFrom('https', 'http')), authority, fc.constantFrom('/', '/?', '/#', '?', '#', '/api', '/api/v1/', '/API/V1', '/x'))
      .map(([name, host, tail]) => `${name}://${host}${tail}`),
    webUrl,
    withGeneratedScheme,
    withGeneratedUserInfo,
    arbitraryText,
  );

  it('accepts only https origins and returns new URL(input.trim()).origin', () => {
    fc.assert(fc.property(fc.oneof(serverInput, surrounded(serverInput)), expectServerUrlCheckAgreesWithWhatwg), { numRuns: 3000 });
  });

  it('gives an https origin that passes its own check unchanged, as when settings are read back', () => {
    const httpsServer = fc.tuple(fc.mixedCase(fc.constant('https')), authority, fc.constantFrom('', '/')).map(([name, host, tail]) => `${name}://${host}${tail}`);
    fc.assert(
      fc.property(fc.oneof(httpsServer, surrounded(httpsServer)), (input) => {
        // The generators may build a host the WHATWG parser refuses (e.g. a bad punycode label).
        fc.pre(serverUrlVerdict(input).accepts);
        const origin = valueOf(checkServerUrl(input));
        expect(origin).toMatch(/^https:\/\//);
        expect(checkServerUrl(origin)).toEqual({ ok: true, value: origin });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('checkToken (properties)', () => {
  it('accepts exactly visible-ASCII tokens, which always make a valid Authorization header', () => {
    const token = fc.oneof(
      fc.string({ unit: 'grapheme-ascii' }),
      fc.string({ unit: 'binary-ascii' }),
      fc.string({ unit: 'binary' }),
      surrounded(fc.string({ unit: 'grapheme-ascii', minLength: 1 })),
    );
    fc.assert(
      fc.property(token, (input) => {
        const trimmed = input.trim();
        const visibleAscii = trimmed !== '' && [...trimmed].every((character) => character >= '\x21' && character <= '\x7e');
        expect(checkToken(input)).toEqual(visibleAscii ? { ok: true, value: trimmed } : { ok: false, error: anything() });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back a token that makes a valid Authorization header, whatever visible ASCII it holds', () => {
    const visibleAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1 });
    fc.assert(
      fc.property(surrounded(visibleAscii), (input) => {
        fc.pre(checkToken(input).ok);
        const token = valueOf(checkToken(input));
        // A token fetch refuses as a header value would fail every request with an opaque TypeError.
        expect(new Headers({ Authorization: `Bearer ${token}` }).get('authorization')).toBe(`Bearer ${token}`);
      }),
      { numRuns: 2000 },
    );
  });
});
