// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import { englishWords } from '../../test/support/locale-catalogue';
import { errorSentence } from '../ui/error-words';
import fc from 'fast-check';
import { shortUrlRuleViolation } from '../../test/support/short-url-rule';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, shorten, type FetchFunction, type ShortenedUrl } from './client';
import type { ApiError, ApiErrorKind } from './errors';
import type { Result } from './result';
import { errorForStatus } from './status-errors';
import { checkLongUrl, MAX_URL_LENGTH } from './url-checks';
import { errorOf } from '../../test/support/result-parts';
import { objectContaining, oneOf } from '../../test/support/matchers';

const SERVER_URL = 'https://shrtnr.co';
const TOKEN = 'tok';
const TIMEOUT_MS = 10_000;

// Every kind of the API's union, checked by the compiler: a kind added to errors.ts must be added here.
const KIND_IS_KNOWN = {
  'empty-url': true,
  'malformed-url': true,
  'url-has-break': true,
  'unsupported-scheme': true,
  'credentials-in-url': true,
  'url-too-long': true,
  'no-token': true,
  'malformed-token': true,
  'invalid-server-url': true,
  'insecure-server': true,
  'bad-request': true,
  unauthorized: true,
  forbidden: true,
  'not-shrtnr': true,
  'rejected-url': true,
  'rate-limited': true,
  'server-error': true,
  redirected: true,
  'unexpected-status': true,
  'bad-response': true,
  network: true,
  tls: true,
  timeout: true,
} as const satisfies Record<ApiErrorKind, true>;
const KNOWN_KINDS: readonly string[] = Object.keys(KIND_IS_KNOWN);

// The contract's table of error statuses.
const KIND_FOR_DOCUMENTED_STATUS: ReadonlyMap<number, ApiErrorKind> = new Map([
  [400, 'bad-request'],
  [401, 'unauthorized'],
  [403, 'forbidden'],
  [404, 'not-shrtnr'],
  [422, 'rejected-url'],
  [429, 'rate-limited'],
  [500, 'server-error'],
]);

const MAX_REASONABLE_WAIT_SECONDS = 24 * 60 * 60;


/** What every shorten() result must look like, whatever the server did. */
function expectTypedResult(result: Result<ShortenedUrl, ApiError>, submittedUrl: string): void {
  if (result.ok) expectTypedValue(result.value, submittedUrl);
  else expectTypedError(result.error);
}

function expectTypedValue({ shortUrl, longUrl, used }: ShortenedUrl, submittedUrl: string): void {
  expect(shortUrlRuleViolation(shortUrl), `short URL ${JSON.stringify(shortUrl)}`).toBeUndefined();
  expect(longUrl).toBe(new URL(submittedUrl.trim()).href);
  // The server need not say how many links were used; when it does, a count.
  expect(used === undefined || (Number.isInteger(used) && used >= 0), `used = ${used}`).toBe(true);
}

function expectTypedError(error: ApiError): void {
  expect(KNOWN_KINDS).toContain(error.kind);
  // Errors are data; every one of them can still be put into words, with every placeholder filled.
  const sentence = errorSentence(error, englishWords);
  expect(sentence.trim()).not.toBe('');
  expect(sentence).not.toMatch(/\$[A-Z_]+\$/);
  // Errors cross the extension's message boundary, so they must survive structured cloning intact.
  expect(structuredClone(error)).toEqual(error);
}

interface RecordedRequest {
  input: string;
  init: RequestInit;
}

/** A fetch that answers every request with a fresh response, keeping what was sent. */
function fetchAnswering(makeResponse: () => Response, requests: RecordedRequest[] = []): FetchFunction {
  return (input, init) => {
    requests.push({ input, init });
    return Promise.resolve(makeResponse());
  };
}

function shortenWith(submittedUrl: string, fetch: FetchFunction): Promise<Result<ShortenedUrl, ApiError>> {
  return shorten(submittedUrl, { serverUrl: SERVER_URL, token: TOKEN, timeoutMs: TIMEOUT_MS, fetch });
}

// ---------------------------------------------------------------------------
// Generators for what a server (or something pretending to be one) can answer.

// Statuses 101, 103, 204, 205 and 304 may not carry a body: `new Response` refuses one.
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * `new Response` builds only statuses 200..599; a 1xx is built as 200 and then
 * relabelled, so the client's handling of a status it should never see still runs.
 */
function buildResponse(status: number, body: BodyInit | null, headers: Headers): Response {
  const constructible = status >= 200;
  const response = new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status: constructible ? status : 200, headers });
  if (!constructible) Object.defineProperty(response, 'status', { value: status });
  return response;
}

const anyStatus = fc.oneof(
  fc.integer({ min: 100, max: 599 }),
  fc.constantFrom(200, 201, 202, 204, 301, 302, 400, 401, 403, 404, 405, 422, 429, 500, 502, 503),
);

// Header values fetch can carry are byte strings without NUL, CR or LF: latin-1 text and a few controls.
const headerCharacter = fc
  .oneof(fc.integer({ min: 0x20, max: 0xff }), fc.constantFrom(0x01, 0x09, 0x0b, 0x1f))
  .map((code) => String.fromCharCode(code));
const headerText = fc.string({ unit: headerCharacter, maxLength: 40 });
const digits = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), minLength, maxLength });
const nearNow = fc.date({ min: new Date(Date.now() - 3 * 86_400_000), max: new Date(Date.now() + 3 * 86_400_000), noInvalidDate: true });
const numberLikeHeader = fc.oneof(
  digits(1, 12),
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double({ noNaN: true }).map(String),
  nearNow.map((date) => date.toUTCString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  headerText,
);
const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'TEXT/HTML; charset=UTF-8', 'text/plain', 'application/problem+json', ''),
  headerText,
);

interface HeaderSpec {
  contentType: string | undefined;
  retryAfter: string | undefined;
  rateLimitLimit: string | undefined;
  rateLimitRemaining: string | undefined;
}

const headerSpec: fc.Arbitrary<HeaderSpec> = fc.record({
  contentType: fc.option(contentType, { nil: undefined }),
  retryAfter: fc.option(numberLikeHeader, { nil: undefined }),
  rateLimitLimit: fc.option(numberLikeHeader, { nil: undefined }),
  rateLimitRemaining: fc.option(numberLikeHeader, { nil: undefined }),
});

function buildHeaders(spec: HeaderSpec): Headers {
  const headers = new Headers();
  if (spec.contentType !== undefined) headers.set('Content-Type', spec.contentType);
  if (spec.retryAfter !== undefined) headers.set('Retry-After', spec.retryAfter);
  if (spec.rateLimitLimit !== undefined) headers.set('X-RateLimit-Limit', spec.rateLimitLimit);
  if (spec.rateLimitRemaining !== undefined) headers.set('X-RateLimit-Remaining', spec.rateLimitRemaining);
  return headers;
}

const submittedUrl = fc.oneof(
  fc.constant('https://www.example.com/some/very/long/path?q=1'),
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withIPv4: true, withIPv6: true, withPort: true } }),
  // Text the client normalises before sending: case, spaces, non-ASCII.
  fc
    .tuple(fc.mixedCase(fc.constantFrom('http://', 'https://')), fc.domain(), fc.string({ unit: 'grapheme', maxLength: 20 }))
    .map(([scheme, host, path]) => ` ${scheme}${host.toUpperCase()}/${path} `),
);

/** Which key the envelope's `urls` uses for the short URL. */
type KeyChoice = { use: 'submitted-href' } | { use: 'submitted-text' } | { use: 'upper-case-scheme' } | { use: 'other'; key: string };

const keyChoice: fc.Arbitrary<KeyChoice> = fc.oneof(
  fc.constant({ use: 'submitted-href' } as const),
  fc.constant({ use: 'submitted-text' } as const),
  fc.constant({ use: 'upper-case-scheme' } as const),
  fc.record({ use: fc.constant('other' as const), key: fc.oneof(fc.string({ unit: 'binary' }), fc.webUrl(), fc.constant('__proto__')) }),
);

function keyFor(choice: KeyChoice, submitted: string, submittedHref: string): string {
  switch (choice.use) {
    case 'submitted-href':
      return submittedHref;
    case 'submitted-text':
      return submitted;
    case 'upper-case-scheme':
      return submittedHref.replace(/^https?/, (scheme) => scheme.toUpperCase());
    case 'other':
      return choice.key;
  }
}

const hostileShortUrl = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]{1,10}$/).map((code) => `https://shrtnr.co/${code}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true, authoritySettings: { withUserInfo: true, withIPv6: true, withPort: true } }),
  fc.constantFrom(
    'javascript:alert(1)',
    'JaVaScRiPt://shrtnr.co/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//shrtnr.co/x',
    'https:\\\\shrtnr.co\\x',
    ' https://shrtnr.co/x',
    'https://user:pass@shrtnr.co/x',
    'https://shrtnr\u200b.co/x',
    `https://shrtnr.co/${'a'.repeat(MAX_URL_LENGTH)}`,
  ),
  fc.string({ unit: 'binary' }),
);

/** An envelope-shaped body whose parts are each right, wrong or absent. */
interface EnvelopeSpec {
  key: KeyChoice;
  shortUrl: fc.JsonValue;
  used: fc.JsonValue | undefined;
  otherUrls: Record<string, fc.JsonValue>;
  message: fc.JsonValue;
  errors: fc.JsonValue;
  dataIsNull: boolean;
}

// Mostly valid parts, so that whole envelopes are often valid and the success path is exercised too.
const usedValue = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.constant(1), fc.nat()) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.jsonValue(), fc.constant(-0)) },
);
const urlsValue = fc.oneof({ weight: 6, arbitrary: hostileShortUrl }, { weight: 1, arbitrary: fc.jsonValue() });
const envelopeSpec: fc.Arbitrary<EnvelopeSpec> = fc.record({
  key: keyChoice,
  shortUrl: urlsValue,
  used: fc.option(usedValue, { nil: undefined }),
  otherUrls: fc.dictionary(fc.string({ unit: 'binary' }), urlsValue, { maxKeys: 2 }),
  message: fc.jsonValue(),
  errors: fc.jsonValue(),
  // Mostly an object, as the success envelope has; sometimes null, as error envelopes have.
  dataIsNull: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

function envelopeText(spec: EnvelopeSpec, submitted: string, submittedHref: string): string {
  // Built as entries so a generated "__proto__" key is an own property, as JSON.parse would make it.
  const urls = Object.fromEntries([...Object.entries(spec.otherUrls), [keyFor(spec.key, submitted, submittedHref), spec.shortUrl]]);
  const data = spec.dataIsNull ? null : { ...(spec.used === undefined ? {} : { used: spec.used }), urls };
  return JSON.stringify({ data, message: spec.message, errors: spec.errors });
}

const bodyText = fc.oneof(
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', 'null', '{}', '[]', '"OK"', '{"data":null}', '{"data":{"urls":null}}', '<!doctype html><h1>Error</h1>', '\ufeff{}', '{"data":{"urls":{},"urls":{}}}'),
);

/** The string values an envelope gives for the submitted URL, under its own key or one that parses to it. */
function answersFor(envelope: string, submittedHref: string): string[] {
  const parsed: unknown = JSON.parse(envelope);
  const urls: unknown = typeof parsed === 'object' && parsed !== null && 'data' in parsed && typeof parsed.data === 'object' && parsed.data !== null && 'urls' in parsed.data ? parsed.data.urls : {};
  return Object.entries(typeof urls === 'object' && urls !== null ? urls : {})
    .filter(([key]) => key === submittedHref || (URL.canParse(key) && new URL(key).href === submittedHref))
    .flatMap(([, value]) => (typeof value === 'string' ? [value] : []));
}

/** A body delivered in chunks of the given sizes, taken in turn, as a network would split it. */
function chunkedStream(bytes: Uint8Array<ArrayBuffer>, chunkSizes: readonly number[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      const size = chunkSizes[turn++ % chunkSizes.length] ?? 1;
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** Whether bytes are well-formed UTF-8, judged by Node's own decoder (which replaces what is not) rather than TextDecoder. */
const isUtf8 = (bytes: Uint8Array): boolean => Buffer.from(Buffer.from(bytes).toString('utf8'), 'utf8').equals(Buffer.from(bytes));
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** A body that sends some bytes, then fails, as a reset connection does mid-stream. */
function failingStream(prefix: Uint8Array<ArrayBuffer>, reason: unknown): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(prefix);
      controller.error(reason);
    },
  });
}

// ---------------------------------------------------------------------------

describe('shorten() reads any response into a typed result (properties)', () => {
  it('never rejects, whatever the status, headers and JSON or text body', async () => {
    await fc.assert(
      fc.asyncProperty(submittedUrl, anyStatus, headerSpec, bodyText, async (submitted, status, headers, body) => {
        const requests: RecordedRequest[] = [];
        const result = await shortenWith(submitted, fetchAnswering(() => buildResponse(status, body, buildHeaders(headers)), requests));
        expectTypedResult(result, submitted);
        // A URL the client refuses is never sent. One it sends is a success only from a 2xx status, and a
        // documented error status is read as the contract says.
        const outcome = result.ok ? 'ok' : result.error.kind;
        const sent = requests.length > 0;
        expect(sent && outcome === 'ok' && (status < 200 || status > 299), `a success from ${status}`).toBe(false);
        expect(sent ? (KIND_FOR_DOCUMENTED_STATUS.get(status) ?? outcome) : outcome, `the answer to ${status}`).toBe(outcome);
      }),
      { numRuns: 2000 },
    );
  });

  it('never rejects on arbitrary bytes, or a body that fails while streaming', async () => {
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ bytes, failure: undefined })),
      fc.tuple(fc.uint8Array({ maxLength: 50 }), fc.anything()).map(([bytes, reason]) => ({ bytes, failure: { reason } })),
    );
    await fc.assert(
      fc.asyncProperty(submittedUrl, anyStatus, headerSpec, body, async (submitted, status, headers, { bytes, failure }) => {
        const makeBody = (): BodyInit => (failure === undefined ? bytes : failingStream(bytes, failure.reason));
        const result = await shortenWith(submitted, fetchAnswering(() => buildResponse(status, makeBody(), buildHeaders(headers))));
        expectTypedResult(result, submitted);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts an envelope only with a safe short URL for the submitted URL, sent the way the contract asks', async () => {
    await fc.assert(
      fc.asyncProperty(
        submittedUrl,
        fc.oneof(fc.constantFrom(200, 201), anyStatus),
        headerSpec,
        envelopeSpec,
        async (submitted, status, headers, envelope) => {
          const requests: RecordedRequest[] = [];
          // A URL the client refuses is never sent; its href is only needed when it is.
          const submittedHref = URL.canParse(submitted.trim()) ? new URL(submitted.trim()).href : submitted;
          const text = envelopeText(envelope, submitted, submittedHref);
          const result = await shortenWith(submitted, fetchAnswering(() => buildResponse(status, text, buildHeaders(headers)), requests));
          expectTypedResult(result, submitted);
          // A success only from a 2xx status, and with a short URL the server gave for the submitted URL.
          const accepted = result.ok ? result.value.shortUrl : undefined;
          const given = (answer: string) => URL.canParse(answer) && new URL(answer).href === accepted;
          expect(accepted === undefined || (status >= 200 && status <= 299 && answersFor(text, submittedHref).some(given)), `accepted ${accepted} from a ${status}`).toBe(true);
          for (const { input, init } of requests) {
            expect(input).toBe(`${SERVER_URL}/api/v1/shorten/single`);
            expect(init).toMatchObject({ method: 'POST', redirect: 'manual', credentials: 'omit' });
            expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
            expect(JSON.parse(String(init.body))).toEqual({ url: submittedHref });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('accepts a well-formed success with an https short URL, returning it in its serialised form; refuses plain http', async () => {
    const shortUrl = fc
      .tuple(fc.mixedCase(fc.constantFrom('https://', 'http://')), fc.domain(), fc.stringMatching(/^[A-Za-z0-9]{1,12}$/))
      .map(([scheme, host, code]) => `${scheme}${host}/${code}`);
    await fc.assert(
      fc.asyncProperty(submittedUrl, fc.integer({ min: 200, max: 299 }), shortUrl, fc.option(fc.nat(), { nil: undefined }), async (submitted, status, short, used) => {
        const checked = checkLongUrl(submitted);
        // Covered elsewhere: a URL the client refuses is never sent.
        fc.pre(checked.ok);
        const submittedHref = checked.value;
        const text = JSON.stringify({ data: { used, urls: { [submittedHref]: short } }, message: 'OK', errors: null });
        const result = await shortenWith(submitted, fetchAnswering(() => buildResponse(status, text, new Headers({ 'content-type': 'application/json' }))));
        // A status with no body never brings one, so there is nothing to accept.
        const refused = NULL_BODY_STATUSES.has(status) ? 'not-json' : /^http:/i.test(short) ? 'unsafe-short-url' : undefined;
        expect(result).toEqual(
          refused === undefined
            ? { ok: true, value: { shortUrl: new URL(short).href, longUrl: submittedHref, used } }
            : { ok: false, error: objectContaining({ kind: 'bad-response', problem: refused }) },
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('turns anything a fetch throws or rejects with into a network, tls or timeout error', async () => {
    const tlsCode = fc.constantFrom('ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_WRONG_VERSION_NUMBER', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    const otherCode = fc.oneof(fc.constantFrom('ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_SOCKET'), fc.string());
    // undici nests the socket error in `cause`; generate chains of arbitrary links.
    const causeChain = fc
      .array(fc.oneof(fc.record({ code: fc.oneof(tlsCode, otherCode, fc.anything()) }, { requiredKeys: [] }), fc.anything()), { maxLength: 4 })
      .map((links) => links.reduceRight<unknown>((cause, link) => (typeof link === 'object' && link !== null && !Array.isArray(link) ? { ...link, cause } : link), undefined));
    const thrownError = fc
      .record({
        message: fc.string(),
        name: fc.oneof(fc.constantFrom('TypeError', 'Error', 'AbortError', 'TimeoutError'), fc.string()),
        code: fc.option(fc.oneof(tlsCode, otherCode, fc.anything()), { nil: undefined }),
        cause: fc.oneof(causeChain, fc.anything()),
      })
      .map(({ message, name, code, cause }) => {
        const error = new Error(message, { cause });
        error.name = name;
        if (code !== undefined) Object.assign(error, { code });
        return error;
      });
    const thrown = fc.oneof(
      fc.anything(),
      fc.string(),
      thrownError,
      fc.constantFrom('TimeoutError', 'AbortError', 'NetworkError', 'SecurityError').map((name) => new DOMException('fetch failed', name)),
    );
    await fc.assert(
      fc.asyncProperty(thrown, fc.boolean(), async (value, synchronously) => {
        const fetch: FetchFunction = synchronously
          ? () => {
              throw value;
            }
          : () => Promise.reject(value);
        const error = errorOf(await shortenWith('https://www.example.com/', fetch));
        expectTypedError(error);
        const timedOut = value instanceof Error && (value.name === 'TimeoutError' || value.name === 'AbortError');
        expect(error).toMatchObject(timedOut ? { kind: 'timeout', timeoutMs: TIMEOUT_MS } : { kind: oneOf(['network', 'tls', 'timeout']) });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('shorten() reads a body only when it is small, UTF-8 and without a byte-order mark (properties)', () => {
  const longUrl = 'https://www.example.com/';
  const envelope = (message: string): string => JSON.stringify({ data: { used: 1, urls: { [longUrl]: 'https://shrtnr.co/xAmPLe1' } }, message, errors: null });
  const [beforeMessage = '', afterMessage = ''] = envelope('@').split('@');

  // A thousand bodies of up to 64 KiB and more, chunked: seconds of work, more on a busy machine.
  it('accepts an envelope exactly when it is at most 64 KiB of UTF-8 without a BOM, however it is chunked; an error status still speaks', async () => {
    const body = fc.record({
      // Non-ASCII bytes inside the message string: valid UTF-8 keeps the JSON valid, anything else is not UTF-8.
      message: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 20 }).map((text) => Array.from(new TextEncoder().encode(text)).filter((byte) => byte >= 0x80 || /[a-z]/.test(String.fromCharCode(byte)))),
        fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 6 }),
      ),
      byteOrderMarks: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) }),
      size: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 4096 }),
        fc.integer({ min: MAX_BODY_BYTES - 8, max: MAX_BODY_BYTES + 8 }),
        fc.integer({ min: MAX_BODY_BYTES, max: 4 * MAX_BODY_BYTES }),
      ),
      chunkSizes: fc.array(fc.integer({ min: 1, max: 3 * MAX_BODY_BYTES }), { minLength: 1, maxLength: 4 }),
    });
    const status = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 200, max: 299 }).filter((code) => !NULL_BODY_STATUSES.has(code)) }, { weight: 1, arbitrary: fc.constantFrom(301, 400, 401, 403, 404, 422, 429, 500) });
    await fc.assert(
      fc.asyncProperty(status, body, async (code, { message, byteOrderMarks, size, chunkSizes }) => {
        const encoder = new TextEncoder();
        const content = [...Array.from({ length: byteOrderMarks }, () => BYTE_ORDER_MARK).flat(), ...encoder.encode(beforeMessage), ...message, ...encoder.encode(afterMessage)];
        // Padded with JSON whitespace to the size drawn, when that is larger.
        const bytes = new Uint8Array(Math.max(size, content.length)).fill(0x20);
        bytes.set(content);
        const result = await shortenWith(longUrl, fetchAnswering(() => buildResponse(code, chunkedStream(bytes, chunkSizes), new Headers({ 'content-type': 'application/json' }))));
        expectTypedResult(result, longUrl);
        const problem =
          bytes.byteLength > MAX_BODY_BYTES ? 'too-large' : !isUtf8(bytes) ? 'not-utf8' : byteOrderMarks > 0 ? 'byte-order-mark' : undefined;
        // An error status still speaks, whatever its body.
        const expected =
          code > 299
            ? { ok: false, error: { kind: errorForStatus({ status: code, headers: new Headers(), bodyText: '' }).kind } }
            : problem === undefined
              ? { ok: true, value: { shortUrl: 'https://shrtnr.co/xAmPLe1' } }
              : { ok: false, error: { kind: 'bad-response', problem } };
        expect(result).toMatchObject(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

/** A number the server may leave out; given, a whole number from 0. */
const isCount = (number: number | undefined) => number === undefined || (Number.isInteger(number) && number >= 0);

describe('shorten() reads error answers safely (properties)', () => {
  it('reports rate limits only as whole, non-negative numbers, a wait of at most a day', async () => {
    await fc.assert(
      fc.asyncProperty(headerSpec, bodyText, async (headers, body) => {
        const error = errorOf(await shortenWith('https://www.example.com/', fetchAnswering(() => buildResponse(429, body, buildHeaders(headers)))));
        expect(error.kind).toBe('rate-limited');
        const { limit, remaining, retryAfterSeconds } = error.kind === 'rate-limited' ? error : {};
        // Each number the server may leave out; those it gives are read as whole numbers from 0, a wait of at most a day.
        expect([limit, remaining].filter((number) => !isCount(number))).toEqual([]);
        expect(isCount(retryAfterSeconds) && (retryAfterSeconds ?? 0) <= MAX_REASONABLE_WAIT_SECONDS, `wait ${retryAfterSeconds}`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('quotes the server without control, bidi-control or zero-width characters', async () => {
    // Characters a hostile server could use to disguise the text the extension shows.
    const disguising = fc.constantFrom(
      '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u061c', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f',
      '\u2028', '\u2029', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff',
    );
    const serverWords = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), disguising), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));
    const errorBody = fc.oneof(
      serverWords.map((message) => ({ message })),
      serverWords.map((message) => ({ data: null, message, errors: null })),
      fc.tuple(serverWords, serverWords).map(([message, urlError]) => ({ message, errors: { url: [urlError] } })),
      serverWords.map((urlError) => ({ errors: { url: urlError } })),
    );
    // Unicode's Bidi_Control characters, C0/C1 controls and the zero-width ones.
    const DISGUISING_CHARACTER = /[\p{Cc}\p{Bidi_Control}\u200b-\u200d\u2060\ufeff\u2028\u2029]/u;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(400, 403, 422), errorBody, async (status, body) => {
        const response = (): Response => buildResponse(status, JSON.stringify(body), new Headers({ 'content-type': 'application/json' }));
        const error = errorOf(await shortenWith('https://www.example.com/', fetchAnswering(response)));
        const shown = [errorSentence(error, englishWords)];
        if (error.kind === 'bad-request' || error.kind === 'forbidden') shown.push(error.serverMessage ?? '');
        if (error.kind === 'rejected-url') shown.push(error.reason ?? '');
        for (const text of shown) expect(text, JSON.stringify(text)).not.toMatch(DISGUISING_CHARACTER);
      }),
      { numRuns: 1000 },
    );
  });

  it('cuts a long server message on a character boundary, never inside a surrogate pair', async () => {
    // A run of plain letters, then a mix with astral characters around where the text is cut (shrinks well).
    const longWords = fc
      .tuple(fc.integer({ min: 150, max: 260 }), fc.string({ unit: fc.constantFrom('😀', '𝒳', 'a', 'é', ' ', '中'), minLength: 1, maxLength: 80 }))
      .map(([count, tail]) => 'a'.repeat(count) + tail);
    // A half surrogate pair matches \p{Cs} only when it stands alone.
    const LONE_SURROGATE = /\p{Cs}/u;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(400, 403, 422), longWords, async (status, words) => {
        const response = (): Response => buildResponse(status, JSON.stringify({ message: words }), new Headers({ 'content-type': 'application/json' }));
        const result = await shortenWith('https://www.example.com/', fetchAnswering(response));
        expect(result.ok ? '' : errorSentence(result.error, englishWords)).not.toMatch(LONE_SURROGATE);
      }),
      { numRuns: 1000 },
    );
  });
});

async function retryAfterSecondsFor(retryAfter: string): Promise<number | undefined> {
  const response = (): Response => buildResponse(429, '', new Headers({ 'retry-after': retryAfter }));
  const result = await shortenWith('https://www.example.com/', fetchAnswering(response));
  if (result.ok || result.error.kind !== 'rate-limited') throw new Error(`expected rate-limited, got ${JSON.stringify(result)}`);
  return result.error.retryAfterSeconds;
}

const DAY_NAME = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH_NAME = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
// RFC 9110 §5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms recipients must accept.
const HTTP_DATE = new RegExp(
  `^(?:${DAY_NAME}, \\d{2} ${MONTH_NAME} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT` +
    `|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH_NAME}-\\d{2} \\d{2}:\\d{2}:\\d{2} GMT` +
    `|${DAY_NAME} ${MONTH_NAME} (?:\\d{2}| \\d) \\d{2}:\\d{2}:\\d{2} \\d{4})$`,
);
const DELAY_SECONDS = /^\d+$/;

describe('shorten() believes Retry-After only as RFC 9110 defines it (properties)', () => {
  it('reads delay-seconds of up to nine digits as the wait, capped at a day', async () => {
    await fc.assert(
      fc.asyncProperty(digits(1, 9), async (seconds) => {
        expect(await retryAfterSecondsFor(seconds)).toBe(Math.min(Number(seconds), MAX_REASONABLE_WAIT_SECONDS));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads longer delay-seconds as a wait of a day, not as no advice', async () => {
    await fc.assert(
      fc.asyncProperty(digits(10, 20).filter((seconds) => !seconds.startsWith('0')), async (seconds) => {
        expect(await retryAfterSecondsFor(seconds)).toBe(MAX_REASONABLE_WAIT_SECONDS);
      }),
      { numRuns: 1000 },
    );
  });

  it('reads an IMF-fixdate as the time until then', async () => {
    await fc.assert(
      fc.asyncProperty(nearNow, async (date) => {
        const seconds = await retryAfterSecondsFor(date.toUTCString());
        // toUTCString drops milliseconds and the test takes time: allow two seconds of slack.
        const expected = Math.min(Math.max(0, (date.getTime() - Date.now()) / 1000), MAX_REASONABLE_WAIT_SECONDS);
        expect(seconds).toBeDefined();
        expect(Math.abs((seconds ?? Number.NaN) - expected)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives no wait for a value that is neither delay-seconds nor an HTTP-date', async () => {
    const garbage = fc.oneof(
      headerText,
      fc.tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }), fc.nat({ max: 99 })).map(([word, number]) => `${word} ${number}`),
      fc.integer({ min: -100_000, max: -1 }).map(String),
      fc.tuple(fc.nat({ max: 99 }), fc.nat({ max: 99 })).map(([whole, fraction]) => `${whole}.${fraction}`),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (value) => {
        // Judge the value as the client receives it (fetch trims HTTP whitespace), and
        // forgive other surrounding whitespace: the point is what the value says.
        const received = (new Headers({ 'retry-after': value }).get('retry-after') ?? '').trim();
        fc.pre(!DELAY_SECONDS.test(received) && !HTTP_DATE.test(received));
        expect(await retryAfterSecondsFor(value), `Retry-After: ${JSON.stringify(received)}`).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});
