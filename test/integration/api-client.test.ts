import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, shorten, shortenWithLimits, type FetchFunction, type ShrtnrSettings } from '../../src/api';
import { ping } from '../../src/api/ping';
import { startStandIn, type StandIn, type StandInOptions } from '../../tooling/stand-in/server';
import { fetchTrusting } from '../support/trusting-fetch';

const LONG_URL = 'https://www.example.com/some/very/long/path?q=1';
const EXHAUSTED_TOKEN = 'token-without-credits';

let standIn: StandIn;
/** Another origin, where a followed redirect would land. */
let otherOrigin: StandIn;
let settings: ShrtnrSettings;
let trustingFetch: FetchFunction;

beforeAll(async () => {
  standIn = await startStandIn({ rateLimit: { limit: 1000, windowMs: 60_000 } });
  otherOrigin = await startStandIn();
  standIn.addToken(EXHAUSTED_TOKEN, 0);
  // Trusts both servers' certificates, so a redirect to the other origin could be followed if the client let it.
  trustingFetch = fetchTrusting(`${standIn.certificatePem}\n${otherOrigin.certificatePem}`);
  settings = { serverUrl: standIn.baseUrl, token: standIn.demoToken, fetch: trustingFetch };
});
afterAll(() => Promise.all([standIn.close(), otherOrigin.close()]));
beforeEach(() => {
  standIn.setFault(null);
  standIn.clearLog();
  otherOrigin.clearLog();
  standIn.resetRateLimits();
});

const errorOf = async (pending: Promise<{ ok: boolean; error?: unknown }>) => {
  const result = await pending;
  expect(result.ok).toBe(false);
  return result.error;
};

describe('shorten against the stand-in', () => {
  it('returns the short URL, sending exactly what the contract says', async () => {
    const result = await shorten(LONG_URL, settings);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.longUrl).toBe(LONG_URL);
    expect(result.value.used).toBe(1);
    expect(result.value.shortUrl).toMatch(new RegExp(`^${standIn.baseUrl}/[A-Za-z0-9]{7}$`));

    const [request, ...others] = standIn.apiRequests();
    expect(others).toEqual([]);
    expect(request).toMatchObject({ scheme: 'https', method: 'POST', path: '/api/v1/shorten/single', query: {} });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${standIn.demoToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({ url: LONG_URL });
  });

  it('gets a short URL that really redirects to the long one', async () => {
    const result = await shorten(LONG_URL, settings);
    if (!result.ok) throw new Error(`shortening failed: ${JSON.stringify(result.error)}`);
    const response = await trustingFetch(result.value.shortUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(LONG_URL);
  });

  it('sends IDN hosts and spaces in their serialised form and matches the key', async () => {
    const result = await shorten('https://bücher.example/a b', settings);
    expect(result).toMatchObject({ ok: true, value: { longUrl: 'https://xn--bcher-kva.example/a%20b' } });
  });

  it('accepts any 2xx, e.g. a server answering 201', async () => {
    const other = await startStandIn({ successStatus: 201 });
    try {
      const result = await shorten(LONG_URL, { ...settings, serverUrl: other.baseUrl, token: other.demoToken, fetch: fetchTrusting(other.certificatePem) });
      expect(result.ok).toBe(true);
    } finally {
      await other.close();
    }
  });

  describe('checks before sending, each with its own error and no request', () => {
    it.each([
      ['   ', {}, 'empty-url'],
      ['not a url', {}, 'malformed-url'],
      ['ftp://example.com/x', {}, 'unsupported-scheme'],
      ['https://user:pw@example.com/', {}, 'credentials-in-url'],
      [`https://example.com/${'x'.repeat(2100)}`, {}, 'url-too-long'],
      [LONG_URL, { token: '' }, 'no-token'],
      [LONG_URL, { token: 'has space' }, 'malformed-token'],
      [LONG_URL, { serverUrl: 'http://127.0.0.1:1' }, 'insecure-server'],
      [LONG_URL, { serverUrl: 'https://shrtnr.co/path' }, 'invalid-server-url'],
    ] as const)('%j with %j → %s', async (url, overrides, kind) => {
      const error = await errorOf(shorten(url, { ...settings, ...overrides }));
      expect(error).toMatchObject({ kind });
      expect(standIn.requests()).toEqual([]);
    });
  });

  describe('server answers', () => {
    it('400 with the server\'s words', async () => {
      standIn.setFault({ kind: 'status', status: 400, body: JSON.stringify({ message: 'Body must be JSON.' }), headers: { 'content-type': 'application/json' } });
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject({ kind: 'bad-request', serverMessage: 'Body must be JSON.' });
    });

    it('401 for an unknown token', async () => {
      expect(await errorOf(shorten(LONG_URL, { ...settings, token: 'nobody' }))).toMatchObject({ kind: 'unauthorized' });
    });

    it('403 when the credits are used up', async () => {
      const error = await errorOf(shorten(LONG_URL, { ...settings, token: EXHAUSTED_TOKEN }));
      expect(error).toMatchObject({ kind: 'forbidden' });
    });

    it('404 when the server is not a Shrtnr API', async () => {
      standIn.setFault({ kind: 'status', status: 404, body: '<h1>Not Found</h1>', headers: { 'content-type': 'text/html' } });
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject({ kind: 'not-shrtnr', status: 404 });
    });

    // What the options page's Test connection says for each is its component test's (options-app.test.tsx).
    it('403 and 404 on ping, as on shorten', async () => {
      standIn.setFault({ kind: 'status', status: 403, body: '{"message":"No credits."}' }, { times: 1 });
      expect(await errorOf(ping(settings))).toMatchObject({ kind: 'forbidden' });
      standIn.setFault({ kind: 'status', status: 404, body: '<h1>Not Found</h1>', headers: { 'content-type': 'text/html' } });
      expect(await errorOf(ping(settings))).toMatchObject({ kind: 'not-shrtnr', status: 404 });
    });

    it('422 with the server\'s reason, framework style', async () => {
      const body = { message: 'The given data was invalid.', errors: { url: ['The url format is invalid.'] } };
      standIn.setFault({ kind: 'status', status: 422, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const error = await errorOf(shorten(LONG_URL, settings));
      expect(error).toMatchObject({ kind: 'rejected-url', reason: 'The url format is invalid.' });
    });

    it('429 with the limit, the remaining count and the retry time', async () => {
      const limited = await startStandIn({ rateLimit: { limit: 2, windowMs: 60_000 } });
      const limitedSettings = { ...settings, serverUrl: limited.baseUrl, token: limited.demoToken, fetch: fetchTrusting(limited.certificatePem) };
      try {
        expect((await shorten(LONG_URL, limitedSettings)).ok).toBe(true);
        expect((await shorten(LONG_URL, limitedSettings)).ok).toBe(true);
        const error = await errorOf(shorten(LONG_URL, limitedSettings));
        expect(error).toMatchObject({ kind: 'rate-limited', limit: 2, remaining: 0 });
        const { retryAfterSeconds } = error as { retryAfterSeconds: number };
        expect(retryAfterSeconds).toBeGreaterThan(0);
        expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      } finally {
        await limited.close();
      }
    });

    it.each([
      [{ kind: 'html-500' } as const, { kind: 'server-error', status: 500 }],
      [{ kind: 'empty-body', status: 502 } as const, { kind: 'server-error', status: 502 }],
      [{ kind: 'status', status: 503, body: '' } as const, { kind: 'server-error', status: 503 }],
    ])('5xx (%j)', async (fault, expected) => {
      standIn.setFault(fault);
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject(expected);
    });

    it.each([
      [{ kind: 'malformed-json' } as const, 'not-json'],
      [{ kind: 'empty-body', status: 200 } as const, 'not-json'],
      [{ kind: 'wrong-envelope' } as const, 'wrong-shape'],
      [{ kind: 'wrong-key' } as const, 'key-mismatch'],
      [{ kind: 'unsafe-short-url', shortUrl: 'javascript:alert(document.cookie)' } as const, 'unsafe-short-url'],
      [{ kind: 'unsafe-short-url', shortUrl: 'data:text/html,hi' } as const, 'unsafe-short-url'],
      [{ kind: 'unsafe-short-url', shortUrl: '//evil.example/x' } as const, 'unsafe-short-url'],
      [{ kind: 'unsafe-short-url', shortUrl: 'https://user:pw@evil.example/x' } as const, 'unsafe-short-url'],
      [{ kind: 'huge-body' } as const, 'too-large'],
      [{ kind: 'huge-body', bytes: MAX_BODY_BYTES + 1 } as const, 'too-large'],
      [{ kind: 'not-utf8' } as const, 'not-utf8'],
      [{ kind: 'byte-order-mark' } as const, 'byte-order-mark'],
      [{ kind: 'duplicate-keys' } as const, 'duplicate-keys'],
    ])('a bad response (%j) is %s, never a crash', async (fault, problem) => {
      standIn.setFault(fault);
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject({ kind: 'bad-response', problem });
    });

    it('a short link on plain http is refused, even on the server\'s own host', async () => {
      const shortUrl = `http://${new URL(standIn.baseUrl).host}/Fau1tY7`;
      standIn.setFault({ kind: 'unsafe-short-url', shortUrl });
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject({ kind: 'bad-response', problem: 'unsafe-short-url' });
    });

    it('an error status with a huge or non-UTF-8 body still says what the status means', async () => {
      standIn.setFault({ kind: 'status', status: 500, body: `<html>${'x'.repeat(1024 * 1024)}</html>`, headers: { 'content-type': 'text/html' } });
      expect(await errorOf(shorten(LONG_URL, settings))).toMatchObject({ kind: 'server-error', status: 500 });
      standIn.setFault({ kind: 'status', status: 403, body: `{"message":"${'x'.repeat(MAX_BODY_BYTES)}"}` });
      // The status speaks; the server's words, too large to read, are left out.
      expect(await errorOf(shorten(LONG_URL, settings))).toEqual({ kind: 'forbidden' });
    });

    it('a body at the limit is read in full', async () => {
      standIn.setFault({ kind: 'huge-body', bytes: MAX_BODY_BYTES });
      expect(await shorten(LONG_URL, settings)).toMatchObject({ ok: true, value: { shortUrl: `${standIn.baseUrl}/Fau1tY7` } });
    });
  });

  describe('redirects are reported, never followed', () => {
    const redirectCases = [301, 302, 303, 307, 308].flatMap((status) => [
      { status, target: 'another origin' as const },
      { status, target: 'the same origin' as const },
    ]);

    it.each(redirectCases)('$status to $target, on shorten and on ping', async ({ status, target }) => {
      for (const [path, call] of [
        ['/api/v1/shorten/single', () => shorten(LONG_URL, settings)],
        ['/api/v1/ping', () => ping(settings)],
      ] as const) {
        standIn.clearLog();
        const location = `${target === 'another origin' ? otherOrigin.baseUrl : standIn.baseUrl}${path}`;
        standIn.setFault({ kind: 'status', status, headers: { location } }, { times: 1 });
        expect(await errorOf(call())).toMatchObject({ kind: 'redirected' });
        // One request, to the configured server; nothing after it, there or anywhere else.
        expect(standIn.requests().map((request) => request.path)).toEqual([path]);
        expect(otherOrigin.requests()).toEqual([]);
      }
    });
  });

  describe('no answer', () => {
    // The answers would come whole, as successes, only after this file's 20-s test time limit: a
    // timeout result, within that limit, is the client giving up on its own clock.
    it('times out after the configured time', async () => {
      standIn.setFault({ kind: 'delay', ms: 60_000 });
      expect(await errorOf(shorten(LONG_URL, { ...settings, timeoutMs: 300 }))).toMatchObject({ kind: 'timeout', timeoutMs: 300 });
    });

    it('times out when the headers come at once but the body trickles past the time', async () => {
      standIn.setFault({ kind: 'trickle', ms: 60_000 });
      expect(await errorOf(shorten(LONG_URL, { ...settings, timeoutMs: 500 }))).toMatchObject({ kind: 'timeout', timeoutMs: 500 });
      // A trickle that ends within the time is an ordinary answer.
      standIn.setFault({ kind: 'trickle', ms: 300 });
      expect(await shorten(LONG_URL, { ...settings, timeoutMs: 10_000 })).toMatchObject({ ok: true });
    });

    it('a ping whose body trickles past the time is a timeout too', async () => {
      standIn.setFault({ kind: 'trickle', ms: 60_000 });
      expect(await errorOf(ping({ ...settings, timeoutMs: 500 }))).toMatchObject({ kind: 'timeout' });
    });

    it('a connection dropped before any answer is a network failure with no answer (the queue waits for the network)', async () => {
      standIn.setFault({ kind: 'drop-connection' });
      expect(await errorOf(shorten(LONG_URL, settings))).toEqual({ kind: 'network', host: new URL(settings.serverUrl).host });
    });

    it('an answer cut off in its body is a network failure the server answered (no wait mends it)', async () => {
      standIn.setFault({ kind: 'reset-mid-response' });
      expect(await errorOf(shorten(LONG_URL, settings))).toEqual({ kind: 'network', host: new URL(settings.serverUrl).host, answered: true });
    });

    it('a server that is down is a network failure', async () => {
      const gone = await startStandIn();
      const { baseUrl } = gone;
      await gone.close();
      expect(await errorOf(shorten(LONG_URL, { ...settings, serverUrl: baseUrl }))).toEqual({ kind: 'network', host: new URL(baseUrl).host });
    });

    it('an untrusted certificate is a TLS failure, and nothing reaches the server', async () => {
      const error = await errorOf(shorten(LONG_URL, { ...settings, fetch: undefined }));
      expect(error).toMatchObject({ kind: 'tls' });
      expect(standIn.apiRequests()).toEqual([]);
    });

    it('works again once a fault clears', async () => {
      standIn.setFault({ kind: 'html-500' }, { times: 1 });
      expect((await shorten(LONG_URL, settings)).ok).toBe(false);
      expect((await shorten(LONG_URL, settings)).ok).toBe(true);
    });
  });
});

/** A stand-in of its own, closed whatever happens, with settings that reach it. */
async function withStandIn(options: StandInOptions, use: (instance: StandIn, instanceSettings: ShrtnrSettings) => Promise<void>): Promise<void> {
  const instance = await startStandIn(options);
  try {
    await use(instance, { serverUrl: instance.baseUrl, token: instance.demoToken, fetch: fetchTrusting(instance.certificatePem) });
  } finally {
    await instance.close();
  }
}

describe('shortenWithLimits against the stand-in', () => {
  it('reads the limit, the remaining count and the reset from each success, then Retry-After from the 429', async () => {
    await withStandIn({ rateLimit: { limit: 2, windowMs: 60_000 } }, async (_limited, limitedSettings) => {
      const first = await shortenWithLimits(LONG_URL, limitedSettings);
      expect(first.result.ok).toBe(true);
      expect(first.rateLimit).toEqual({ limit: 2, remaining: 1, resetSeconds: 60 });
      const second = await shortenWithLimits(LONG_URL, limitedSettings);
      expect(second.rateLimit).toMatchObject({ limit: 2, remaining: 0 });

      const refused = await shortenWithLimits(LONG_URL, limitedSettings);
      expect(refused.result).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
      const { resetSeconds, retryAfterSeconds } = refused.rateLimit ?? {};
      expect(refused.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(resetSeconds).toBe(retryAfterSeconds);
    });
  });

  it('reads a server that spells the header names its own way, and sends an epoch reset', async () => {
    const epochIn30s = String(Math.floor(Date.now() / 1000) + 30);
    const body = JSON.stringify({ data: { used: 1, urls: { [LONG_URL]: `${standIn.baseUrl}/Sp3LLed` } }, message: 'OK', errors: null });
    standIn.setFault({ kind: 'status', status: 200, body, headers: { 'x-ratelimit-remaining': '7', 'X-RATELIMIT-LIMIT': '9', 'x-RateLimit-RESET': epochIn30s } }, { times: 1 });
    const outcome = await shortenWithLimits(LONG_URL, settings);
    expect(outcome.result).toMatchObject({ ok: true, value: { shortUrl: `${standIn.baseUrl}/Sp3LLed` } });
    expect(outcome.rateLimit).toMatchObject({ limit: 9, remaining: 7 });
    // Counted from the answer's Date header, which has whole seconds only.
    expect(outcome.rateLimit?.resetSeconds).toBeGreaterThanOrEqual(29);
    expect(outcome.rateLimit?.resetSeconds).toBeLessThanOrEqual(31);
  });

  it('has no state to report from a server that sends no limit header, on a success or a 429', async () => {
    await withStandIn({ rateLimit: { limit: 1, windowMs: 60_000 }, rateLimitHeaders: 'none' }, async (_silent, silentSettings) => {
      expect(await shortenWithLimits(LONG_URL, silentSettings)).toMatchObject({ result: { ok: true }, rateLimit: undefined });
      expect(await shortenWithLimits(LONG_URL, silentSettings)).toEqual({
        result: { ok: false, error: { kind: 'rate-limited', limit: undefined, remaining: undefined, retryAfterSeconds: undefined } },
        rateLimit: undefined,
      });
    });
  });
});

describe('ping against the stand-in', () => {
  it('connects with a good token, sending no body and no query token', async () => {
    expect(await ping(settings)).toEqual({ ok: true, value: { serverUrl: standIn.baseUrl } });
    const [request] = standIn.apiRequests();
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/ping', query: {}, body: '' });
    expect(request?.headers.authorization).toBe(`Bearer ${standIn.demoToken}`);
  });

  it('401 for a bad token', async () => {
    expect(await errorOf(ping({ ...settings, token: 'wrong' }))).toMatchObject({ kind: 'unauthorized' });
  });

  it('a web page answering 200 is not a Shrtnr server', async () => {
    standIn.setFault({ kind: 'status', status: 200, body: '<!doctype html><p>Welcome', headers: { 'content-type': 'text/html' } });
    expect(await errorOf(ping(settings))).toMatchObject({ kind: 'not-shrtnr' });
  });
});
