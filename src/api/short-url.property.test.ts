// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { shortUrlRuleViolation } from '../../test/support/short-url-rule';
import { describe, expect, it } from 'vitest';
import { shorten, type FetchFunction } from './client';
import { safeShortUrl } from './short-url';
import { MAX_URL_LENGTH } from './url-checks';
import { objectContaining } from '../../test/support/matchers';

// An http(s) href is printable ASCII without spaces: hosts are punycoded and
// everything else percent-encoded, so nothing in it can hide or reorder text.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * Refused, or accepted only as safe: printable ASCII that breaks no rule of a short URL, and what the
 * server's text means to a browser (its href), never the raw text. Says whether it was accepted, so a
 * property can check that its run accepted some (a run that refused everything proves nothing).
 */
function expectSafeWhenAccepted(candidate: string): boolean {
  const accepted = safeShortUrl(candidate);
  const problems =
    accepted === undefined
      ? []
      : [shortUrlRuleViolation(accepted), PRINTABLE_ASCII.test(accepted) ? undefined : 'not printable ASCII', accepted === new URL(candidate).href ? undefined : 'not its href'];
  expect(problems.filter((problem) => problem !== undefined), `accepted ${JSON.stringify(candidate)} as ${JSON.stringify(accepted)}`).toEqual([]);
  return accepted !== undefined;
}

/** Runs expectSafeWhenAccepted over an arbitrary, and checks the run accepted at least one candidate. */
function expectSafeWhenAcceptedOver(candidates: fc.Arbitrary<string>, numRuns: number): void {
  let accepted = 0;
  fc.assert(
    fc.property(candidates, (candidate) => {
      if (expectSafeWhenAccepted(candidate)) accepted += 1;
    }),
    { numRuns },
  );
  expect(accepted).toBeGreaterThan(0);
}

const authority = fc.webAuthority({ withIPv4: true, withIPv6: true, withIPv4Extended: true, withPort: true });
const pathQueryFragment = fc
  .tuple(fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }), fc.option(fc.webFragments(), { nil: undefined }))
  .map(([path, query, fragment]) => `${path}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`);
const httpScheme = fc.mixedCase(fc.constantFrom('http', 'https'));
/** Short links are https only: a plain-http one is refused however it is written. */
const isHttps = (candidate: string): boolean => /^https:/i.test(candidate);

const ordinaryWebUrl = fc.webUrl({
  validSchemes: ['http', 'https'],
  withQueryParameters: true,
  withFragments: true,
  authoritySettings: { withIPv4: true, withIPv6: true, withIPv4Extended: true, withPort: true },
});

const otherScheme = fc.oneof(
  fc.mixedCase(
    fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'ftp', 'blob', 'about', 'chrome', 'chrome-extension', 'ws', 'wss', 'mailto'),
  ),
  // Near misses of http(s) that are schemes of their own.
  fc.mixedCase(fc.constantFrom('httpx', 'https+', 'http.', 'http-', 'hxxp', 'shttp', 'httpss')),
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,9}$/).filter((scheme) => !/^https?$/i.test(scheme)),
);
const schemeSeparator = fc.constantFrom(':', '://', ':/', ':///', ':\\\\', ':/\\', ':%2F%2F');
const otherSchemeCandidate = fc
  .tuple(otherScheme, schemeSeparator, fc.oneof(fc.tuple(authority, pathQueryFragment).map(([host, rest]) => host + rest), fc.string({ unit: 'binary' })))
  .map(([scheme, separator, rest]) => `${scheme}${separator}${rest}`);

// Relative and protocol-relative references only mean something against a base, and the client has none.
const relativeCandidate = fc.oneof(
  pathQueryFragment,
  fc.webSegment(),
  fc
    .tuple(fc.constantFrom('//', '///', '\\\\', '/\\', '\\/', '/'), authority, pathQueryFragment)
    .map(([prefix, host, rest]) => `${prefix}${host}${rest}`),
);

// Forms a lenient parser repairs into an http(s) URL; the raw text is not one.
const backslashCandidate = fc
  .tuple(httpScheme, fc.constantFrom(':\\\\', ':/\\', ':\\/', '://\\', ':\\\\\\', ':/', ':', ':///', ':////'), authority, pathQueryFragment)
  .map(([scheme, separator, host, rest]) => `${scheme}${separator}${host}${rest}`);

// User-info characters that do not end the authority, so the text really
// carries credentials; a user name without ':' so that it stays one.
const userInfoText = (allowColon: boolean): fc.Arbitrary<string> =>
  fc
    .string({
      unit: fc.oneof(fc.constantFrom('a', 'Z', '0', '%', ':', '@', '!', '$', '~', 'é'), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })),
      maxLength: 12,
    })
    .map((text) => text.replace(allowColon ? /[/?#\\\s]/g : /[/?#\\\s:]/g, 'x'));
const credentialsCandidate = fc
  .tuple(httpScheme, userInfoText(false), fc.option(userInfoText(true), { nil: undefined }), authority, pathQueryFragment)
  .filter(([, user, password]) => user !== '' || (password !== undefined && password !== ''))
  .map(([scheme, user, password, host, rest]) => `${scheme}://${user}${password === undefined ? '' : `:${password}`}@${host}${rest}`);

// Whitespace, controls and invisible characters the module documents refusing
// (see INVISIBLE_OR_CONTROL in short-url.ts): the parser would drop some silently.
const REFUSED_INVISIBLE_CHARACTERS: readonly string[] = [
  ...Array.from({ length: 0x21 }, (_, code) => String.fromCharCode(code)),
  '\u007f', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2007', '\u200a', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f',
  '\u2028', '\u2029', '\u202a', '\u202d', '\u202e', '\u202f', '\u205f', '\u2060', '\u2066', '\u2069', '\u3000', '\ufeff',
];
// Invisible or format characters outside that list: IDNA may map them away, so only the safety rule applies.
const OTHER_INVISIBLE_CHARACTERS: readonly string[] = [
  '\u00ad', '\u034f', '\u061c', '\u115f', '\u1160', '\u17b4', '\u180e', '\u3164', '\ufe0f', '\uffa0', '\u{e0001}', '\u{e0020}', '\u{1d173}',
];

function insertAt(text: string, position: number, inserted: string): string {
  const index = position % (text.length + 1);
  return text.slice(0, index) + inserted + text.slice(index);
}

const withRefusedInvisible = fc
  .tuple(fc.oneof(ordinaryWebUrl, fc.constant('https://shrtnr.co/xAmPLe1')), fc.nat(), fc.constantFrom(...REFUSED_INVISIBLE_CHARACTERS), fc.constantFrom('anywhere', 'leading', 'trailing'))
  .map(([url, position, character, where]) =>
    where === 'leading' ? character + url : where === 'trailing' ? url + character : insertAt(url, position, character),
  );
const withOtherInvisible = fc
  .tuple(ordinaryWebUrl, fc.nat(), fc.constantFrom(...OTHER_INVISIBLE_CHARACTERS))
  .map(([url, position, character]) => insertAt(url, position, character));

const unicodeHostCandidate = fc
  .tuple(
    httpScheme,
    fc.array(fc.string({ unit: fc.oneof(fc.constantFrom('ü', 'ß', 'é', 'ı', 'ﬁ', 'Ⅸ', '㎏', 'ｅ', '。', '．', 'ا', 'д'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('example', 'co', 'xn--p1ai', 'рф', '中国'),
    pathQueryFragment,
  )
  .map(([scheme, labels, topLevel, rest]) => `${scheme}://${[...labels, topLevel].join('.')}${rest}`);

// Lengths around the 2048 limit, with characters the parser percent-encodes (so the href outgrows the text).
const nearLimitCandidate = fc
  .tuple(
    httpScheme,
    fc.domain(),
    fc.integer({ min: MAX_URL_LENGTH - 60, max: MAX_URL_LENGTH + 30 }),
    fc.constantFrom('a', '%41', 'é', '"', '<', '^', '|'),
    fc.nat({ max: 8 }),
  )
  .map(([scheme, host, targetLength, encodable, encodableCount]) => {
    const start = `${scheme}://${host}/`;
    const padding = 'a'.repeat(Math.max(0, targetLength - start.length - encodableCount * encodable.length));
    return start + encodable.repeat(encodableCount) + padding;
  });
const overLimitCandidate = fc
  .tuple(httpScheme, fc.domain(), fc.integer({ min: MAX_URL_LENGTH + 1, max: 3 * MAX_URL_LENGTH }))
  .map(([scheme, host, length]) => {
    const start = `${scheme}://${host}/`;
    return start + 'b'.repeat(Math.max(1, length - start.length));
  });

const arbitraryText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'binary-ascii' }),
  fc.string({ unit: 'grapheme' }),
  // Lone surrogates: a JS string can hold them, a URL cannot.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  fc.tuple(httpScheme, fc.constantFrom('://', ':/', ':'), fc.string({ unit: 'binary' })).map(([scheme, separator, rest]) => scheme + separator + rest),
);

const anyCandidate = fc.oneof(
  arbitraryText,
  ordinaryWebUrl,
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withUserInfo: true, withPort: true } }),
  otherSchemeCandidate,
  relativeCandidate,
  backslashCandidate,
  credentialsCandidate,
  withRefusedInvisible,
  withOtherInvisible,
  unicodeHostCandidate,
  nearLimitCandidate,
  overLimitCandidate,
);

describe('safeShortUrl (properties)', () => {
  it('returns only values that satisfy the short-URL rule, whatever the text', () => {
    expectSafeWhenAcceptedOver(anyCandidate, 5000);
  });

  it('never accepts another scheme, whatever its case or separator', () => {
    fc.assert(
      fc.property(otherSchemeCandidate, (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts relative or protocol-relative references', () => {
    fc.assert(
      fc.property(relativeCandidate, (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts plain http, whatever its case, separator or the rest of the URL', () => {
    const plainHttp = fc
      .tuple(fc.mixedCase(fc.constant('http')), schemeSeparator, fc.oneof(fc.tuple(authority, pathQueryFragment).map(([host, rest]) => host + rest), fc.string({ unit: 'binary' })))
      .map(([scheme, separator, rest]) => `${scheme}${separator}${rest}`);
    fc.assert(
      fc.property(fc.oneof(plainHttp, ordinaryWebUrl.map((url) => url.replace(/^https?:/, 'http:'))), (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts a URL with a user name or password', () => {
    fc.assert(
      fc.property(credentialsCandidate, (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts a URL whose href is over 2048 characters', () => {
    fc.assert(
      fc.property(overLimitCandidate, (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('near the limit, accepts https exactly when both the text and its href fit in 2048 characters', () => {
    fc.assert(
      fc.property(nearLimitCandidate, (candidate) => {
        // Unparseable text is refused; parseable, it is accepted when https and both forms fit.
        const href = URL.canParse(candidate) ? new URL(candidate).href : undefined;
        const fits = href !== undefined && candidate.length <= MAX_URL_LENGTH && href.length <= MAX_URL_LENGTH;
        expect(safeShortUrl(candidate)).toBe(fits && isHttps(candidate) ? href : undefined);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses text carrying whitespace, controls or zero-width characters anywhere', () => {
    fc.assert(
      fc.property(withRefusedInvisible, (candidate) => {
        expect(safeShortUrl(candidate)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('backslash forms, other invisible characters and unicode hosts come back as safe ASCII or not at all', () => {
    expectSafeWhenAcceptedOver(fc.oneof(backslashCandidate, withOtherInvisible, unicodeHostCandidate), 2000);
  });

  it('accepts ordinary https URLs, returning their WHATWG serialisation, and refuses the same over http', () => {
    fc.assert(
      fc.property(fc.tuple(httpScheme, authority, pathQueryFragment), ([scheme, host, rest]) => {
        const candidate = `${scheme}://${host}${rest}`;
        // The generators may build a host the WHATWG parser refuses (e.g. a bad punycode label).
        fc.pre(URL.canParse(candidate));
        const href = new URL(candidate).href;
        fc.pre(candidate.length <= MAX_URL_LENGTH && href.length <= MAX_URL_LENGTH);
        expect(safeShortUrl(candidate)).toBe(isHttps(candidate) ? href : undefined);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('shorten() with a generated short URL in the envelope (properties)', () => {
  const longUrl = 'https://www.example.com/some/very/long/path?q=1';

  it('uses the server\'s short URL only when it is safe, and then in its safe form', async () => {
    await fc.assert(
      fc.asyncProperty(anyCandidate, fc.constantFrom(200, 201), async (candidate, status) => {
        const body = JSON.stringify({ data: { used: 1, urls: { [longUrl]: candidate } }, message: 'OK', errors: null });
        const fetch: FetchFunction = () => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } }));
        const result = await shorten(longUrl, { serverUrl: 'https://shrtnr.co', token: 'tok', fetch });
        const expected = safeShortUrl(candidate);
        expect(result).toEqual(
          expected === undefined
            ? { ok: false, error: objectContaining({ kind: 'bad-response', problem: 'unsafe-short-url' }) }
            : { ok: true, value: { shortUrl: expected, longUrl, used: 1 } },
        );
      }),
      { numRuns: 2000 },
    );
  });
});
