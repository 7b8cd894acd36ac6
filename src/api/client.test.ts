import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, shorten, shortenWithLimits, type FetchFunction } from './client';
import { ping } from './ping';

const LONG_URL = 'https://www.example.com/some/very/long/path?q=1';
const SHORT_URL = 'https://shrtnr.co/xAmPLe1';
const ENVELOPE = JSON.stringify({ data: { used: 1, urls: { [LONG_URL]: SHORT_URL } }, message: 'OK', errors: null });
const encode = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

interface Sent {
  input: string;
  init: RequestInit;
}

/** A fetch answering every request with a fresh response, keeping what was sent. */
function answering(makeResponse: () => Response, sent: Sent[] = []): FetchFunction {
  return (input, init) => {
    sent.push({ input, init });
    return Promise.resolve(makeResponse());
  };
}

const settingsWith = (fetch: FetchFunction) => ({ serverUrl: 'https://shrtnr.co', token: 'tok', fetch });
const shortenAnswered = (makeResponse: () => Response) => shorten(LONG_URL, settingsWith(answering(makeResponse)));
const json = (body: BodyInit, status = 200) => () => new Response(body, { status, headers: { 'content-type': 'application/json' } });

/** A body served in chunks on demand, recording how much was pulled and whether the reader cancelled. */
function countedBody(bytes: Uint8Array<ArrayBuffer>, chunkSize: number): { body: ReadableStream<Uint8Array<ArrayBuffer>>; pulled: () => number; cancelled: () => boolean } {
  let offset = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkSize));
        offset += chunkSize;
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => Math.min(offset, bytes.byteLength), cancelled: () => cancelled };
}

/** A valid success envelope, padded with JSON whitespace to exactly `size` bytes. */
const paddedEnvelope = (size: number): string => ENVELOPE + ' '.repeat(size - ENVELOPE.length);

describe('the body is read up to MAX_BODY_BYTES, no further', () => {
  it('is 64 KiB', () => {
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
  });

  it('accepts a valid answer of exactly MAX_BODY_BYTES', async () => {
    const result = await shortenAnswered(json(paddedEnvelope(MAX_BODY_BYTES)));
    expect(result).toMatchObject({ ok: true, value: { shortUrl: SHORT_URL } });
  });

  it.each([MAX_BODY_BYTES + 1, 1024 * 1024])('refuses a success body of %i bytes, valid JSON or not, as too large', async (size) => {
    const result = await shortenAnswered(json(paddedEnvelope(size)));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'bad-response', problem: 'too-large' },
    });
  });

  it('stops reading at the cap and cancels the stream', async () => {
    const chunkSize = 1000;
    const source = countedBody(encode(paddedEnvelope(8 * 1024 * 1024)), chunkSize);
    const result = await shortenAnswered(() => new Response(source.body, { headers: { 'content-type': 'application/json' } }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad-response', problem: 'too-large' } });
    expect(source.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunkSize);
    expect(source.cancelled()).toBe(true);
  });

  it('still maps an error status when its body is too large, without the server\'s words', async () => {
    const huge = `{"message":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    const forbidden = await shortenAnswered(json(huge, 403));
    expect(forbidden).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(forbidden).not.toHaveProperty('error.serverMessage');
    expect(await shortenAnswered(() => new Response(`<html>${'x'.repeat(MAX_BODY_BYTES)}</html>`, { status: 500 }))).toMatchObject({
      ok: false,
      error: { kind: 'server-error', status: 500 },
    });
    expect(await shortenAnswered(json(huge, 401))).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('lets ping pass on a 2xx whatever its (undocumented) body, but not on an error status', async () => {
    for (const [status, expected] of [
      [200, { ok: true, value: { serverUrl: 'https://shrtnr.co' } }],
      [401, { ok: false, error: { kind: 'unauthorized' } }],
    ] as const) {
      const result = await ping(settingsWith(answering(() => new Response('x'.repeat(2 * MAX_BODY_BYTES), { status }))));
      expect(result).toMatchObject(expected);
    }
  });
});

// The envelope with one Latin-1 byte (é) where UTF-8 needs two: a lenient decoder reads it as U+FFFD and accepts.
const latin1Envelope = (): Uint8Array<ArrayBuffer> => Uint8Array.from(ENVELOPE.replace('"OK"', '"caf\u00e9"'), (character) => character.charCodeAt(0));

describe('the body is decoded as strict UTF-8', () => {

  it('refuses a success body that is not UTF-8 (Latin-1 bytes)', async () => {
    expect(await shortenAnswered(json(latin1Envelope()))).toEqual({
      ok: false,
      error: { kind: 'bad-response', problem: 'not-utf8' },
    });
  });

  it.each([
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lone continuation byte', [0x80]],
  ])('refuses %s inside an otherwise valid envelope', async (_name, bytes) => {
    const [before, after] = ENVELOPE.split('OK');
    const body = new Uint8Array([...encode(`${before}`), ...bytes, ...encode(`${after}`)]);
    expect(await shortenAnswered(json(body))).toMatchObject({ ok: false, error: { kind: 'bad-response', problem: 'not-utf8' } });
  });

  it('refuses a body cut inside a multi-byte character', async () => {
    const body = encode('{"data":{"urls":{}},"message":"\u20ac"}').slice(0, -3);
    expect(await shortenAnswered(json(body))).toMatchObject({ ok: false, error: { problem: 'not-utf8' } });
  });

  it('accepts multi-byte UTF-8, split across chunks anywhere', async () => {
    const bytes = encode(ENVELOPE.replace('"OK"', '"Lien cr\u00e9\u00e9 \u{1f517} \u4e2d"'));
    for (const chunkSize of [1, 2, 3, 5]) {
      const result = await shortenAnswered(() => new Response(countedBody(bytes, chunkSize).body));
      expect(result, `chunks of ${chunkSize}`).toMatchObject({ ok: true, value: { shortUrl: SHORT_URL } });
    }
  });

  it('refuses a success body that starts with a byte-order mark', async () => {
    expect(await shortenAnswered(json(`\ufeff${ENVELOPE}`))).toEqual({
      ok: false,
      error: {
        kind: 'bad-response',
        problem: 'byte-order-mark',
      },
    });
    // Two marks, so that a decoder stripping one still leaves one to see.
    expect(await shortenAnswered(json(`\ufeff\ufeff${ENVELOPE}`))).toMatchObject({ ok: false, error: { problem: 'byte-order-mark' } });
  });

  it('allows U+FEFF inside a string', async () => {
    expect(await shortenAnswered(json(ENVELOPE.replace('"OK"', '"\ufeffOK"')))).toMatchObject({ ok: true });
  });

  it('on an error status, a body that is not UTF-8 or starts with a BOM only loses the server\'s words', async () => {
    const words = '{"message":"The url is caf\u00e9.","errors":{"url":["The url is caf\u00e9."]}}';
    const latin1 = Uint8Array.from(words, (character) => character.charCodeAt(0));
    for (const body of [latin1, `\ufeff${words}`]) {
      const result = await shortenAnswered(json(body, 422));
      expect(result).toEqual({ ok: false, error: { kind: 'rejected-url' } });
    }
    // The same words in UTF-8 are shown.
    expect(await shortenAnswered(json(words, 422))).toMatchObject({ ok: false, error: { reason: 'The url is caf\u00e9.' } });
  });
});

describe('a success body with a key named twice is refused', () => {
  it.each([
    ['urls twice, with different short URLs', `{"data":{"used":1,"urls":{"${LONG_URL}":"${SHORT_URL}"},"urls":{"${LONG_URL}":"https://evil.example/x"}},"message":"OK","errors":null}`],
    ['the long URL twice inside urls', `{"data":{"used":1,"urls":{"${LONG_URL}":"${SHORT_URL}","${LONG_URL}":"https://evil.example/x"}},"message":"OK","errors":null}`],
    ['data twice', `{"data":{"urls":{}},"data":{"used":1,"urls":{"${LONG_URL}":"${SHORT_URL}"}},"message":"OK","errors":null}`],
    ['a key spelled with an escape', `{"data":{"used":1,"\\u0075rls":{"${LONG_URL}":"https://evil.example/x"},"urls":{"${LONG_URL}":"${SHORT_URL}"}},"message":"OK","errors":null}`],
    ['an ignored field twice', `{"data":{"used":1,"urls":{"${LONG_URL}":"${SHORT_URL}"}},"message":"OK","message":"OK","errors":null}`],
  ])('%s', async (_name, body) => {
    expect(JSON.parse(body)).toBeTypeOf('object');
    expect(await shortenAnswered(json(body))).toEqual({
      ok: false,
      error: { kind: 'bad-response', problem: 'duplicate-keys' },
    });
  });

  it('is not confused by the same key in sibling objects', async () => {
    const body = `{"data":{"used":1,"urls":{"${LONG_URL}":"${SHORT_URL}"}},"message":"OK","errors":null,"extra":[{"urls":1},{"urls":2}]}`;
    expect(await shortenAnswered(json(body))).toMatchObject({ ok: true, value: { shortUrl: SHORT_URL } });
  });

  it('on an error status, the status speaks whatever the keys', async () => {
    expect(await shortenAnswered(json('{"message":"a","message":"b"}', 403))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });
});

const redirect = (status: number) => () => new Response(null, { status, headers: { location: 'https://elsewhere.example/api/v1/shorten/single' } });
// What browsers hand back for `redirect: 'manual'`: no status, no headers, no body.
const opaqueRedirect = (): Response => {
  const response = new Response(null, { status: 200 });
  Object.defineProperties(response, { type: { value: 'opaqueredirect' }, status: { value: 0 } });
  return response;
};

describe('redirects are never followed', () => {

  it.each([301, 302, 303, 307, 308])('a %i on shorten or ping is the redirected error, after one request asking not to follow', async (status) => {
    for (const call of [(fetch: FetchFunction) => shorten(LONG_URL, settingsWith(fetch)), (fetch: FetchFunction) => ping(settingsWith(fetch))]) {
      const sent: Sent[] = [];
      const result = await call(answering(redirect(status), sent));
      expect(result).toMatchObject({ ok: false, error: { kind: 'redirected' } });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.init.redirect).toBe('manual');
    }
  });

  it('an opaque redirect (a browser\'s answer to redirect: manual) on shorten or ping is the redirected error', async () => {
    expect(await shorten(LONG_URL, settingsWith(answering(opaqueRedirect)))).toMatchObject({ ok: false, error: { kind: 'redirected' } });
    expect(await ping(settingsWith(answering(opaqueRedirect)))).toMatchObject({ ok: false, error: { kind: 'redirected' } });
  });
});

const withLimits = (status: number, body: string, headers: Record<string, string>) => () =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
const failingFetch: FetchFunction = () => Promise.reject(new TypeError('Failed to fetch'));

describe('shortenWithLimits reports the rate-limit state of every answer', () => {
  it('on a success, with the header names in any letter case, and the same result as shorten()', async () => {
    const answer = withLimits(200, ENVELOPE, { 'x-ratelimit-remaining': '7', 'X-RATELIMIT-LIMIT': '10', 'x-RateLimit-reset': '42' });
    const outcome = await shortenWithLimits(LONG_URL, settingsWith(answering(answer)));
    expect(outcome).toEqual({
      result: { ok: true, value: { shortUrl: SHORT_URL, longUrl: LONG_URL, used: 1 } },
      rateLimit: { limit: 10, remaining: 7, resetSeconds: 42 },
    });
    expect(await shorten(LONG_URL, settingsWith(answering(answer)))).toEqual(outcome.result);
  });

  it('on a 429, beside the rate-limited error, the reset included', async () => {
    const answer = withLimits(429, '{"message":"Too Many Attempts."}', { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '0', 'Retry-After': '12', 'X-RateLimit-Reset': '12' });
    expect(await shortenWithLimits(LONG_URL, settingsWith(answering(answer)))).toEqual({
      result: { ok: false, error: { kind: 'rate-limited', limit: 10, remaining: 0, retryAfterSeconds: 12 } },
      rateLimit: { limit: 10, remaining: 0, resetSeconds: 12, retryAfterSeconds: 12 },
    });
  });

  it('on other errors and bad responses too: each answer counted against the limit', async () => {
    const headers = { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '3' };
    for (const answer of [withLimits(401, '', headers), withLimits(503, '', { ...headers, 'Retry-After': '60' }), withLimits(200, 'not json', headers)]) {
      const outcome = await shortenWithLimits(LONG_URL, settingsWith(answering(answer)));
      expect(outcome.result.ok).toBe(false);
      expect(outcome.rateLimit).toMatchObject({ limit: 10, remaining: 3 });
    }
  });

  it('is undefined when the answer has no limit header, when none came, and when nothing was sent', async () => {
    const plain = await shortenWithLimits(LONG_URL, settingsWith(answering(json(ENVELOPE))));
    expect(plain).toMatchObject({ result: { ok: true }, rateLimit: undefined });
    expect(await shortenWithLimits(LONG_URL, settingsWith(failingFetch))).toEqual({ result: { ok: false, error: { kind: 'network', host: 'shrtnr.co' } }, rateLimit: undefined });
    const sent: Sent[] = [];
    expect(await shortenWithLimits('javascript:alert(1)', settingsWith(answering(json(ENVELOPE), sent)))).toMatchObject({ result: { ok: false }, rateLimit: undefined });
    expect(await shortenWithLimits(LONG_URL, { ...settingsWith(answering(json(ENVELOPE), sent)), token: '' })).toMatchObject({ result: { ok: false }, rateLimit: undefined });
    expect(sent).toEqual([]);
    expect(await shortenWithLimits(LONG_URL, settingsWith(answering(opaqueRedirect)))).toEqual({ result: { ok: false, error: { kind: 'redirected' } }, rateLimit: undefined });
  });
});
