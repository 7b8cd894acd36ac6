import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import tls from 'node:tls';
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest';
import { attempt, send, type ClientOutcome, type ClientReply, type ClientRequest } from '../support/https-client';
import { spkiSha256Base64 } from '../../tooling/stand-in/certificate';
import { OWN_LINK_PATHS } from '../../tooling/stand-in/demo-pages';
import { startStandIn, whenStandInStarts, type StandIn, type StandInOptions } from '../../tooling/stand-in/server';
import { pollUntil } from '../../tooling/poll';

const SHORTEN = '/api/v1/shorten/single';
const PING = '/api/v1/ping';
const LONG_URL = 'https://www.example.com/some/very/long/path?q=1&r=two#part';

let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
});

afterAll(async () => {
  await standIn.close();
});

// The shared instance serves far more than 60 requests a minute across this file;
// only the rate-limit test (on its own instance) is about the throttle.
beforeEach(() => {
  standIn.resetRateLimits();
  standIn.setFault(null);
});

/** Starts a separate instance for tests that need other options, and closes it whatever happens. */
async function withStandIn(options: StandInOptions, use: (instance: StandIn) => Promise<void>): Promise<void> {
  const instance = await startStandIn(options);
  try {
    await use(instance);
  } finally {
    await instance.close();
  }
}

function call(path: string, request: ClientRequest = {}, instance: StandIn = standIn): Promise<ClientReply> {
  return send(`${instance.baseUrl}${path}`, { ca: instance.certificatePem, ...request });
}

function post(path: string, body: unknown, token: string | undefined = standIn.demoToken, instance: StandIn = standIn): Promise<ClientReply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token !== undefined) headers['Authorization'] = `Bearer ${token}`;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return call(path, { method: 'POST', headers, body: text }, instance);
}

function json(reply: ClientReply): unknown {
  return JSON.parse(reply.body);
}

function shortUrlIn(reply: ClientReply, longUrl: string): string {
  const body = json(reply) as { data: { urls: Record<string, string> } };
  const shortUrl = body.data.urls[longUrl];
  if (shortUrl === undefined) throw new Error(`no short URL for ${longUrl} in ${reply.body}`);
  return shortUrl;
}

function shortenOnce(): Promise<ClientReply> {
  return post(SHORTEN, { url: LONG_URL });
}

/** For faults that leave no complete answer to look at. */
function tryShorten(): Promise<ClientOutcome> {
  return attempt(`${standIn.baseUrl}${SHORTEN}`, {
    ca: standIn.certificatePem,
    method: 'POST',
    headers: { Authorization: `Bearer ${standIn.demoToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: LONG_URL }),
  });
}

describe('certificate', () => {
  it('is a fresh leaf for 127.0.0.1 and localhost whose SPKI hash is published', () => {
    const certificate = new X509Certificate(standIn.certificatePem);
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.ca).toBe(false);
    expect(standIn.spkiHash).toBe(spkiSha256Base64(standIn.certificatePem));
    expect(Buffer.from(standIn.spkiHash, 'base64')).toHaveLength(32);
    expect(standIn.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('is refused by a client that has not been told to trust it', async () => {
    const outcome = await attempt(`${standIn.baseUrl}${PING}`, { method: 'POST' });
    expect(outcome.kind).toBe('failed');
  });
});

describe('POST /api/v1/shorten/single', () => {
  it('answers the envelope keyed by the exact submitted URL, and the short URL redirects to it', async () => {
    const reply = await post(SHORTEN, { url: LONG_URL });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(json(reply)).toEqual({ data: { used: 1, urls: { [LONG_URL]: expect.any(String) } }, message: 'OK', errors: null });

    const shortUrl = shortUrlIn(reply, LONG_URL);
    expect(shortUrl).toMatch(new RegExp(`^${standIn.baseUrl.replaceAll('.', '\\.')}/[A-Za-z0-9]{7}$`));
    const redirect = await send(shortUrl, { ca: standIn.certificatePem });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(LONG_URL);
  });

  it('gives every request its own code, each redirecting to the long URL', async () => {
    const first = shortUrlIn(await post(SHORTEN, { url: LONG_URL }), LONG_URL);
    const second = shortUrlIn(await post(SHORTEN, { url: LONG_URL }), LONG_URL);
    expect(first).not.toBe(second);
    for (const shortUrl of [first, second]) {
      expect((await send(shortUrl, { ca: standIn.certificatePem })).headers.location).toBe(LONG_URL);
    }
  });

  it('keys the answer by the submitted string even when it is not in normalized form, and redirects to a legal Location', async () => {
    const unusual = 'HTTPS://Example.COM/ünïcode path?x=ü';
    const reply = await post(SHORTEN, { url: unusual });
    const redirect = await send(shortUrlIn(reply, unusual), { ca: standIn.certificatePem });
    expect(redirect.headers.location).toBe(new URL(unusual).href);
  });

  it('accepts a URL of exactly 2048 characters', async () => {
    const prefix = 'https://example.com/';
    const longest = prefix + 'a'.repeat(2048 - prefix.length);
    expect((await post(SHORTEN, { url: longest })).status).toBe(200);
  });

  it('answers 404 for an unknown short code', async () => {
    const reply = await call('/Zz9Zz9Z');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toContain('text/html');
  });
});

describe('POST /api/v1/ping', () => {
  it('answers pong for a known token', async () => {
    const reply = await post(PING, '');
    expect(reply.status).toBe(200);
    expect(json(reply)).toEqual({ data: { pong: true }, message: 'OK', errors: null });
  });
});

describe('publicOrigin', () => {
  it('makes short links on the public name a browser maps to it, and they still redirect', async () => {
    await withStandIn({ publicOrigin: 'https://shrtnr.co' }, async (mapped) => {
      const shortUrl = shortUrlIn(await post(SHORTEN, { url: LONG_URL }, mapped.demoToken, mapped), LONG_URL);
      expect(shortUrl).toMatch(/^https:\/\/shrtnr\.co\/[A-Za-z0-9]{7}$/);
      const followed = await call(new URL(shortUrl).pathname, {}, mapped);
      expect(followed.headers.location).toBe(LONG_URL);
    });
  });
});

describe('demo article', () => {
  it('links to the host it was asked for, so a page loaded under another name keeps its links there', async () => {
    // Another name its certificate holds (Node checks the certificate against the Host header).
    const otherName = `localhost:${new URL(standIn.baseUrl).port}`;
    const page = await call('/demo/article', { headers: { Host: otherName } });
    expect(page.body).toContain(`href="https://${otherName}/demo/destination?from=link"`);
    expect((await call('/demo/article')).body).toContain(`href="${standIn.baseUrl}/demo/destination?from=link"`);
  });
});

describe('successStatus', () => {
  it('answers successes with the configured 2xx status', async () => {
    await withStandIn({ successStatus: 201 }, async (created) => {
      const shorten = await post(SHORTEN, { url: LONG_URL }, created.demoToken, created);
      expect(shorten.status).toBe(201);
      expect(shortUrlIn(shorten, LONG_URL).startsWith(`${created.baseUrl}/`)).toBe(true);
      expect((await post(PING, '', created.demoToken, created)).status).toBe(201);
    });
  });
});

describe('authorization', () => {
  it('accepts the token from the Authorization header', async () => {
    expect((await post(PING, '')).status).toBe(200);
  });

  it('accepts the token from the api_token query parameter', async () => {
    const reply = await call(`${PING}?api_token=${encodeURIComponent(standIn.demoToken)}`, { method: 'POST' });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['no token', {}],
    ['an unknown bearer token', { Authorization: 'Bearer not-a-real-token' }],
    ['the token in the misnamed Authentication header', { Authentication: 'Bearer TOKEN' }],
    ['a non-bearer scheme', { Authorization: 'Basic TOKEN' }],
  ])('answers 401 for %s', async (_label, headers: Record<string, string>) => {
    const withToken = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace('TOKEN', standIn.demoToken)]));
    const reply = await call(SHORTEN, { method: 'POST', headers: withToken, body: JSON.stringify({ url: LONG_URL }) });
    expect(reply.status).toBe(401);
    expect(json(reply)).toEqual({ message: 'Unauthenticated.' });
  });

  it('keeps tokens per instance', async () => {
    await withStandIn({}, async (other) => {
      expect(other.demoToken).not.toBe(standIn.demoToken);
      expect((await post(PING, '', standIn.demoToken, other)).status).toBe(401);
    });
  });

  it('accepts tokens given at start and added later', async () => {
    await withStandIn({ tokens: [{ token: 'configured', credits: 5 }] }, async (configured) => {
      expect(configured.demoToken).toBe('configured');
      expect((await post(PING, '', 'configured', configured)).status).toBe(200);
      expect((await post(PING, '', 'added', configured)).status).toBe(401);
      configured.addToken('added', 1);
      expect((await post(PING, '', 'added', configured)).status).toBe(200);
    });
  });
});

describe('credits', () => {
  it('answers 403 once the token has used its credits, while ping still works', async () => {
    standIn.addToken('one-credit', 1);
    expect((await post(SHORTEN, { url: LONG_URL }, 'one-credit')).status).toBe(200);
    const refused = await post(SHORTEN, { url: LONG_URL }, 'one-credit');
    expect(refused.status).toBe(403);
    expect(json(refused)).toEqual({ message: 'Your plan has no URL credits left.' });
    expect((await post(PING, '', 'one-credit')).status).toBe(200);
  });

  it('does not charge a credit for a refused URL', async () => {
    standIn.addToken('careful', 1);
    expect((await post(SHORTEN, { url: 'javascript:alert(1)' }, 'careful')).status).toBe(422);
    expect((await post(SHORTEN, { url: LONG_URL }, 'careful')).status).toBe(200);
  });
});

describe('request validation', () => {
  it('answers 400 for a body that is not JSON', async () => {
    const reply = await post(SHORTEN, '{"url": ');
    expect(reply.status).toBe(400);
    expect(json(reply)).toEqual({ message: 'Malformed JSON body.' });
  });

  it.each([
    ['an empty body', '', 'The url field is required.'],
    ['no url field', {}, 'The url field is required.'],
    ['an empty url', { url: '' }, 'The url field is required.'],
    ['a url that is not a string', { url: 42 }, 'The url field must be a string.'],
    ['a url that does not parse', { url: 'not a url' }, 'The url field must be a valid URL.'],
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'The url field must start with one of the following: http://, https://.'],
    ['an ftp: url', { url: 'ftp://example.com/file' }, 'The url field must start with one of the following: http://, https://.'],
    ['a url over 2048 characters', { url: `https://example.com/${'a'.repeat(2029)}` }, 'The url field may not be greater than 2048 characters.'],
  ])('answers 422 for %s', async (_label, body: unknown, message: string) => {
    const reply = await post(SHORTEN, body);
    expect(reply.status).toBe(422);
    expect(json(reply)).toEqual({ message, errors: { url: [message] } });
  });
});

describe('routing', () => {
  it('answers 404 JSON for an unknown API path, before looking at the token', async () => {
    const reply = await post('/api/v1/shorten/bulk', { url: LONG_URL }, undefined);
    expect(reply.status).toBe(404);
    expect(json(reply)).toEqual({ message: 'Not Found.' });
  });

  it('answers 405 for the wrong method, before looking at the token', async () => {
    const reply = await call(SHORTEN, { method: 'GET' });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
    expect(json(reply)).toMatchObject({ message: expect.stringContaining('GET method is not supported') });
  });
});

const resetSeconds = (reply: ClientReply): number => Number(reply.headers['x-ratelimit-reset']);

describe('rate limiting', () => {
  it('counts down per token, then answers 429 with Retry-After until reset', async () => {
    await withStandIn({ rateLimit: { limit: 3, windowMs: 60_000 } }, async (limited) => {
      const remaining: (string | undefined)[] = [];
      for (let index = 0; index < 3; index += 1) {
        const reply = await post(PING, '', limited.demoToken, limited);
        expect(reply.status).toBe(200);
        expect(reply.headers['x-ratelimit-limit']).toBe('3');
        remaining.push(reply.headers['x-ratelimit-remaining'] as string | undefined);
      }
      expect(remaining).toEqual(['2', '1', '0']);

      const refused = await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited);
      expect(refused.status).toBe(429);
      expect(json(refused)).toEqual({ message: 'Too Many Attempts.' });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);

      limited.addToken('second', 10);
      expect((await post(PING, '', 'second', limited)).status).toBe(200);

      limited.resetRateLimits();
      const again = await post(PING, '', limited.demoToken, limited);
      expect(again.status).toBe(200);
      expect(again.headers['x-ratelimit-remaining']).toBe('2');

      // Another client with the same token spends two of the window: the next answer counts them, the log does not.
      limited.clearLog();
      limited.spendRateLimit(2);
      const spent = await post(PING, '', limited.demoToken, limited);
      expect(spent.headers['x-ratelimit-remaining']).toBe('0');
      expect(limited.apiRequests()).toHaveLength(1);
    });
  });

  it('takes a window of any length: 5 per 3 s allows 5, refuses the 6th until the window ends, then allows again', async () => {
    const clock = steppedClock();
    await withStandIn({ rateLimit: { limit: 5, windowMs: 3_000 }, clock: clock.now }, async (limited) => {
      for (let index = 0; index < 5; index += 1) {
        const reply = await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited);
        expect(reply.status).toBe(200);
        expect(reply.headers['x-ratelimit-limit']).toBe('5');
        expect(reply.headers['x-ratelimit-remaining']).toBe(String(4 - index));
      }
      const refused = await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBe(3);

      // Retry-After is rounded up, so once it has passed the next window is open.
      clock.advance(retryAfter * 1000);
      const after = await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited);
      expect(after.status).toBe(200);
      expect(after.headers['x-ratelimit-remaining']).toBe('4');
      expect(limited.rateLimitWindows().map(({ accepted, refused: tooMany }) => [accepted, tooMany])).toEqual([[5, 1], [1, 0]]);
    });
  });

  it('sends X-RateLimit-Reset, whole seconds to the window\'s end rounded up, on every API answer', async () => {
    const clock = steppedClock();
    await withStandIn({ rateLimit: { limit: 2, windowMs: 3_000 }, clock: clock.now }, async (limited) => {
      // No window open yet: a whole window, on answers that never reach the throttle too.
      expect(resetSeconds(await post(PING, '', 'unknown-token', limited))).toBe(3);
      expect(resetSeconds(await post('/api/nothing', {}, limited.demoToken, limited))).toBe(3);

      const first = await post(PING, '', limited.demoToken, limited);
      expect(resetSeconds(first)).toBe(3);
      clock.advance(1_100);
      const second = await post(PING, '', limited.demoToken, limited);
      // 1.9 s left, rounded up.
      expect(resetSeconds(second)).toBe(2);
      const refused = await post(PING, '', limited.demoToken, limited);
      expect(refused.status).toBe(429);
      expect(resetSeconds(refused)).toBe(Number(refused.headers['retry-after']));
      expect(resetSeconds(refused)).toBe(2);
      // 0.1 s left: still a whole second.
      clock.advance(1_800);
      expect(resetSeconds(await post(PING, '', limited.demoToken, limited))).toBe(1);
    });
  });

  it('sends no limit header at all with rateLimitHeaders: none, not even on a 429', async () => {
    await withStandIn({ rateLimit: { limit: 1, windowMs: 60_000 }, rateLimitHeaders: 'none' }, async (silent) => {
      const answers = [
        await post(SHORTEN, { url: LONG_URL }, silent.demoToken, silent),
        await post(SHORTEN, { url: LONG_URL }, silent.demoToken, silent),
        await post(PING, '', 'unknown-token', silent),
        await post('/api/nothing', {}, silent.demoToken, silent),
      ];
      expect(answers.map((reply) => reply.status)).toEqual([200, 429, 401, 404]);
      expect(json(answers[1] as ClientReply)).toEqual({ message: 'Too Many Attempts.' });
      for (const reply of answers) {
        const limitHeaders = Object.keys(reply.headers).filter((name) => name.startsWith('x-ratelimit') || name === 'retry-after');
        expect(limitHeaders).toEqual([]);
      }
      expect(silent.rateLimitWindows().map(({ accepted, refused }) => [accepted, refused])).toEqual([[1, 1]]);
    });
  });

  it('refuses a policy or a header mode it cannot honour', async () => {
    await expect(startStandIn({ rateLimit: { limit: 5, windowMs: 0 } })).rejects.toThrow(RangeError);
    await expect(startStandIn({ rateLimit: { limit: -1, windowMs: 1_000 } })).rejects.toThrow(RangeError);
    await expect(startStandIn({ rateLimit: { limit: 1.5, windowMs: 1_000 } })).rejects.toThrow(RangeError);
    await expect(startStandIn({ rateLimitHeaders: 'some' as 'full' })).rejects.toThrow(RangeError);
  });
});

describe('rate-limit accounting in the request log', () => {
  it('notes each counted request\'s verdict and window, and tallies accepted and refused per window', async () => {
    const clock = steppedClock();
    await withStandIn({ rateLimit: { limit: 2, windowMs: 60_000 }, clock: clock.now }, async (limited) => {
      limited.addToken('other', 10);
      const started = clock.now();
      const statuses = [];
      for (const token of [limited.demoToken, limited.demoToken, 'other', limited.demoToken, limited.demoToken]) {
        statuses.push((await post(SHORTEN, { url: LONG_URL }, token, limited)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Never counted: an unknown token, an unknown route, a preflight, a canned fault.
      await post(SHORTEN, { url: LONG_URL }, 'unknown-token', limited);
      await post('/api/nothing', {}, limited.demoToken, limited);
      await call(SHORTEN, { method: 'OPTIONS' }, limited);
      limited.setFault({ kind: 'html-500' }, { times: 1 });
      await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited);

      const verdicts = limited.apiRequests().map((request) => request.throttle?.verdict);
      expect(verdicts).toEqual(['allowed', 'allowed', 'allowed', 'refused', 'refused', undefined, undefined, undefined]);
      const tallies = limited.rateLimitWindows();
      expect(tallies.map(({ accepted, refused }) => [accepted, refused])).toEqual([[2, 2], [1, 0]]);
      const [demoWindow, otherWindow] = tallies.map((tally) => tally.window);
      expect(demoWindow?.id).not.toBe(otherWindow?.id);
      expect(demoWindow?.startedAt).toBe(started);
      expect(demoWindow?.endsAt).toBe((demoWindow?.startedAt ?? 0) + 60_000);

      // A reset opens a new window (a new id), and a delayed answer is counted when it is answered.
      limited.resetRateLimits();
      limited.setFault({ kind: 'delay', ms: 50 }, { times: 1 });
      expect((await post(SHORTEN, { url: LONG_URL }, limited.demoToken, limited)).status).toBe(200);
      const afterReset = limited.rateLimitWindows();
      expect(afterReset).toHaveLength(3);
      expect(afterReset[2]).toMatchObject({ accepted: 1, refused: 0 });
      expect(afterReset[2]?.window.id).not.toBe(demoWindow?.id);

      limited.clearLog();
      expect(limited.rateLimitWindows()).toEqual([]);
    });
  });

  it('leaves an earlier copy of the log as it was when a verdict is noted', async () => {
    standIn.clearLog();
    standIn.setFault({ kind: 'delay', ms: 300 }, { times: 1 });
    const answered = post(PING, '');
    await waitFor(() => standIn.apiRequests().length === 1);
    const [waiting] = standIn.apiRequests();
    expect((await answered).status).toBe(200);
    expect(waiting?.throttle).toBeUndefined();
    expect(standIn.apiRequests()[0]).toEqual({ ...waiting, throttle: { verdict: 'allowed', window: expect.any(Object) } });
  });
});

describe('CORS', () => {
  it.each([SHORTEN, '/demo/article'])('answers a preflight to %s with 204 and the allowed methods and headers', async (path) => {
    const reply = await call(path, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, Accept',
      'access-control-max-age': '600',
    });
  });

  it('with cors: false, answers the preflight with no CORS header at all, as a server that never heard of the extension', async () => {
    await withStandIn({ cors: false }, async (instance) => {
      const reply = await call(SHORTEN, {
        method: 'OPTIONS',
        headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      }, instance);
      expect(reply.status).toBe(204);
      expect(Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    });
  });

  it('lets a browser read every API answer and its rate-limit headers', async () => {
    const answers = [await post(SHORTEN, { url: LONG_URL }), await post(PING, '', 'unknown'), await post('/api/nothing', {})];
    for (const reply of answers) {
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      expect(reply.headers['access-control-expose-headers']).toBe('X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
      expect(reply.headers['x-ratelimit-limit']).toBe('60');
      expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(reply.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    }
  });
});

describe('request log', () => {
  it('records every request in order, with headers, query and body', async () => {
    standIn.clearLog();
    const before = Date.now();
    await call(`${PING}?api_token=${standIn.demoToken}&extra=1&extra=2`, { method: 'POST', body: 'ping body' });
    await post(SHORTEN, { url: LONG_URL });
    await call('/demo/article');
    await call(SHORTEN, { method: 'OPTIONS' });

    const all = standIn.requests();
    expect(all.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${PING}`,
      `POST ${SHORTEN}`,
      'GET /demo/article',
      `OPTIONS ${SHORTEN}`,
    ]);
    const [ping, shorten] = all;
    expect(ping).toMatchObject({ scheme: 'https', query: { api_token: standIn.demoToken, extra: '1' }, body: 'ping body' });
    expect(ping?.at).toBeGreaterThanOrEqual(before);
    expect(shorten?.headers).toMatchObject({
      authorization: `Bearer ${standIn.demoToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(shorten?.body).toBe(JSON.stringify({ url: LONG_URL }));
    expect(standIn.apiRequests().map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(standIn.requests().at(-1)?.method).toBe('OPTIONS');

    standIn.clearLog();
    expect(standIn.requests()).toEqual([]);
  });

  it('keeps for the token audit what clearLog() forgot', async () => {
    const before = standIn.everyRequest().length;
    await call('/demo/article?before=clear');
    standIn.clearLog();
    await call('/demo/article?after=clear');
    expect(standIn.requests().map((request) => request.query)).toEqual([{ after: 'clear' }]);
    expect(standIn.everyRequest().slice(before).map((request) => request.query)).toEqual([{ before: 'clear' }, { after: 'clear' }]);
  });

  it('tells those who asked of each stand-in started, until they stop asking (the token audit reads every one)', async () => {
    const heard: StandIn[] = [];
    const stop = whenStandInStarts((started) => heard.push(started));
    const first = await startStandIn();
    stop();
    const second = await startStandIn();
    await Promise.all([first.close(), second.close()]);
    expect(heard).toEqual([first]);
  });
});

describe('faults', () => {
  it('delay: the answer, when it comes, is an ordinary one', async () => {
    standIn.setFault({ kind: 'delay', ms: 50 }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(200);
    expect(shortUrlIn(reply, LONG_URL)).toContain(standIn.baseUrl);
  });

  it('delay: holds the answer while a later request is answered', async () => {
    // Longer than the test may take: the answer comes only when the stand-in closes, without one.
    await withStandIn({}, async (slow) => {
      slow.setFault({ kind: 'delay', ms: 60_000 }, { times: 1 });
      let answered = false;
      const delayed = attempt(`${slow.baseUrl}${PING}`, { ca: slow.certificatePem, method: 'POST', headers: { Authorization: `Bearer ${slow.demoToken}` } }).finally(() => {
        answered = true;
      });
      await waitFor(() => slow.apiRequests().length === 1);
      expect((await post(PING, '', slow.demoToken, slow)).status).toBe(200);
      // The later request has its answer; the first still waits for its own.
      expect(answered).toBe(false);
      await slow.close();
      expect((await delayed).kind).toBe('failed');
    });
  });

  it('hold: answers, as usual, only when released', async () => {
    standIn.clearLog();
    standIn.setFault({ kind: 'hold' }, { times: 1 });
    let answered = false;
    const reply = shortenOnce().finally(() => {
      answered = true;
    });
    await waitFor(() => standIn.apiRequests().length === 1);
    expect((await post(PING, '')).status).toBe(200);
    expect(answered).toBe(false);
    standIn.releaseHeld();
    expect(shortUrlIn(await reply, LONG_URL)).toContain(standIn.baseUrl);
  });

  it('a fault armed after some requests: those are answered as usual, the next ones get the fault, and the rest are answered again', async () => {
    standIn.clearLog();
    standIn.setFault({ kind: 'hold' }, { times: 1, after: 2 });
    expect((await post(PING, '')).status).toBe(200);
    expect((await post(PING, '')).status).toBe(200);
    let answered = false;
    const reply = shortenOnce().finally(() => {
      answered = true;
    });
    await waitFor(() => standIn.apiRequests().length === 3);
    expect((await post(PING, '')).status).toBe(200);
    expect(answered).toBe(false);
    standIn.releaseHeld();
    expect(shortUrlIn(await reply, LONG_URL)).toContain(standIn.baseUrl);
    expect(() => standIn.setFault({ kind: 'hold' }, { after: -1 })).toThrow(RangeError);
  });

  it(`${OWN_LINK_PATHS.loading}: a page still loading, its head (its short link declared) at once, the rest only when released`, async () => {
    const received: string[] = [];
    let ended = false;
    https.get(`${standIn.baseUrl}${OWN_LINK_PATHS.loading}`, { ca: standIn.certificatePem, agent: false }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => received.push(chunk));
      response.on('end', () => (ended = true));
    });
    await waitFor(() => received.length > 0);
    expect(received.join('')).toContain('<link rel="shortlink" href="/o/1">');
    expect(received.join('')).not.toContain('<body>');
    expect(ended).toBe(false);
    standIn.releaseHeld();
    await waitFor(() => ended);
    expect(received.join('')).toMatch(/<body>[\s\S]*<\/html>\n?$/);
  });

  it('drop-connection: closes the connection without an answer, after logging the request', async () => {
    standIn.clearLog();
    standIn.setFault({ kind: 'drop-connection' }, { times: 1 });
    const outcome = await tryShorten();
    expect(outcome).toMatchObject({ kind: 'failed', stage: 'before-response' });
    expect(standIn.apiRequests()).toHaveLength(1);
  });

  it('reset-mid-response: starts a 200 answer and cuts it off', async () => {
    standIn.setFault({ kind: 'reset-mid-response' }, { times: 1 });
    const outcome = await tryShorten();
    expect(outcome).toMatchObject({ kind: 'failed', stage: 'during-body', status: 200 });
  });

  it('html-500: answers an HTML error page', async () => {
    standIn.setFault({ kind: 'html-500' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(500);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<html');
  });

  it.each([502, 200])('empty-body: answers %i with nothing in the body', async (status) => {
    standIn.setFault({ kind: 'empty-body', status }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(status);
    expect(reply.body).toBe('');
  });

  it('malformed-json: claims JSON but is not', async () => {
    standIn.setFault({ kind: 'malformed-json' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(() => JSON.parse(reply.body)).toThrow();
  });

  it('wrong-envelope: valid JSON of another shape', async () => {
    standIn.setFault({ kind: 'wrong-envelope' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(200);
    expect(json(reply)).not.toHaveProperty('data');
  });

  it('wrong-key: an envelope whose urls are keyed by a different long URL', async () => {
    standIn.setFault({ kind: 'wrong-key' }, { times: 1 });
    const body = json(await shortenOnce()) as { data: { urls: Record<string, string> } };
    expect(Object.keys(body.data.urls)).toHaveLength(1);
    expect(body.data.urls).not.toHaveProperty([LONG_URL]);
  });

  it('unsafe-short-url: a correct envelope carrying the given short URL', async () => {
    standIn.setFault({ kind: 'unsafe-short-url', shortUrl: 'javascript:alert(1)' }, { times: 1 });
    expect(json(await shortenOnce())).toEqual({ data: { used: 1, urls: { [LONG_URL]: 'javascript:alert(1)' } }, message: 'OK', errors: null });
  });

  it('unsafe-short-url: carries a plain-http short URL just the same', async () => {
    const shortUrl = `http://${new URL(standIn.baseUrl).host}/Fau1tY7`;
    standIn.setFault({ kind: 'unsafe-short-url', shortUrl }, { times: 1 });
    expect(json(await shortenOnce())).toMatchObject({ data: { urls: { [LONG_URL]: shortUrl } } });
  });

  it('huge-body: a correct envelope padded with valid JSON to 1 MiB, sent chunked with no Content-Length', async () => {
    standIn.setFault({ kind: 'huge-body' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-length']).toBeUndefined();
    expect(reply.headers['transfer-encoding']).toBe('chunked');
    expect(reply.bytes.length).toBe(1024 * 1024);
    expect(shortUrlIn(reply, LONG_URL)).toBe(`${standIn.baseUrl}/Fau1tY7`);
  });

  it('huge-body: takes the size asked for', async () => {
    standIn.setFault({ kind: 'huge-body', bytes: 70_000 }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.bytes.length).toBe(70_000);
    expect(json(reply)).toHaveProperty('filler');
  });

  it('trickle: answers at once, then sends a correct envelope a few bytes at a time until `ms` has passed', async () => {
    standIn.setFault({ kind: 'trickle', ms: 1_000 }, { times: 1 });
    const reply = await shortenOnce();
    // One tick every 100 ms: ten parts, fewer if the network joined some, none of them the whole body.
    expect(reply.chunkSizes.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...reply.chunkSizes)).toBeLessThan(reply.bytes.length / 2);
    expect(shortUrlIn(reply, LONG_URL)).toBe(`${standIn.baseUrl}/Fau1tY7`);
  });

  it('not-utf8: a correct envelope whose message is Latin-1', async () => {
    standIn.setFault({ kind: 'not-utf8' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.bytes.includes(Buffer.from('Lien cr\xe9\xe9', 'latin1'))).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(reply.bytes)).toThrow(TypeError);
    expect(JSON.parse(reply.bytes.toString('latin1'))).toEqual({ data: { used: 1, urls: { [LONG_URL]: `${standIn.baseUrl}/Fau1tY7` } }, message: 'Lien cr\u00e9\u00e9', errors: null });
  });

  it('byte-order-mark: a correct envelope after EF BB BF', async () => {
    standIn.setFault({ kind: 'byte-order-mark' }, { times: 1 });
    const reply = await shortenOnce();
    expect([...reply.bytes.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x7b]);
    expect(JSON.parse(reply.bytes.subarray(3).toString('utf8'))).toMatchObject({ data: { urls: { [LONG_URL]: `${standIn.baseUrl}/Fau1tY7` } } });
  });

  it('duplicate-keys: names urls twice with different short URLs; JSON.parse keeps the second', async () => {
    standIn.setFault({ kind: 'duplicate-keys' }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.body.match(/"urls":/g)).toHaveLength(2);
    expect(reply.body).toContain(`"${standIn.baseUrl}/Fau1tY7"`);
    expect(shortUrlIn(reply, LONG_URL)).toBe(`${standIn.baseUrl}/Tw1nK3y`);
  });

  it('status: any canned answer, with its headers and body', async () => {
    standIn.setFault({ kind: 'status', status: 503, body: '{"message":"Down for maintenance."}', headers: { 'Retry-After': '120' } }, { times: 1 });
    const reply = await shortenOnce();
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('120');
    expect(reply.headers['content-type']).toBe('application/json');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(json(reply)).toEqual({ message: 'Down for maintenance.' });
  });

  it('applies to `times` API requests, then clears itself; pages and preflights are untouched', async () => {
    standIn.setFault({ kind: 'html-500' }, { times: 2 });
    expect((await call('/demo/blank')).status).toBe(200);
    expect((await call(SHORTEN, { method: 'OPTIONS' })).status).toBe(204);
    expect((await shortenOnce()).status).toBe(500);
    expect((await post(PING, '')).status).toBe(500);
    expect((await shortenOnce()).status).toBe(200);
  });

  it('stays until set to null when no `times` is given', async () => {
    standIn.setFault({ kind: 'empty-body', status: 502 });
    expect((await shortenOnce()).status).toBe(502);
    expect((await shortenOnce()).status).toBe(502);
    standIn.setFault(null);
    expect((await shortenOnce()).status).toBe(200);
  });

  it('rejects a `times` that is not a positive integer', () => {
    expect(() => standIn.setFault({ kind: 'html-500' }, { times: 0 })).toThrow(RangeError);
  });
});

describe('demo pages', () => {
  it('serves the article with a sample link and a URL written as text', async () => {
    const reply = await call('/demo/article');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('<title>A long article about link shortening</title>');
    expect(reply.body).toContain(`id="sample-link" href="${standIn.baseUrl}/demo/destination?from=link"`);
    expect(reply.body).toContain(`id="url-text" class="url">${standIn.baseUrl}/demo/destination?from=selection</p>`);
  });

  it('serves the destination with the query echoed, escaped', async () => {
    const reply = await call('/demo/destination?from=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(reply.body).toContain('<h1>You arrived</h1>');
    expect(reply.body).not.toContain('<script>');
    expect(reply.body).toContain('from=%3Cscript%3Ealert%281%29%3C%2Fscript%3E');
  });

  it('serves an empty clipboard-reader page', async () => {
    const reply = await call('/demo/blank');
    expect(reply.body).toContain('<title>Clipboard reader</title>');
    expect(reply.body).toMatch(/<body>\s*<\/body>/);
  });

  it('answers 404 HTML for unknown pages and 405 for other methods', async () => {
    const missing = await call('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect((await call('/demo/article', { method: 'POST' })).status).toBe(405);
  });
});

describe('plain http companion', () => {
  it('refuses every request with 403 and logs it as http', async () => {
    await withStandIn({ plainHttpPort: true }, async (both) => {
      const plainHttpUrl = both.plainHttpUrl;
      if (plainHttpUrl === undefined) throw new Error('plainHttpUrl missing');
      expect(plainHttpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(plainHttpUrl).not.toBe(both.baseUrl.replace('https:', 'http:'));

      const reply = await send(`${plainHttpUrl}${SHORTEN}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${both.demoToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: LONG_URL }),
      });
      expect(reply.status).toBe(403);
      expect(json(reply)).toEqual({ message: 'HTTPS is required.' });
      expect((await send(`${plainHttpUrl}/demo/article`)).status).toBe(403);

      const logged = both.requests();
      expect(logged.map((request) => `${request.scheme} ${request.path}`)).toEqual([`http ${SHORTEN}`, 'http /demo/article']);
      expect(logged[0]?.headers['authorization']).toBe(`Bearer ${both.demoToken}`);
    });
  });

  it('is absent unless asked for', () => {
    expect(standIn.plainHttpUrl).toBeUndefined();
  });
});

describe('close()', () => {
  it('resolves promptly even with an answer pending and a connection open', async () => {
    const closing = await startStandIn();
    // Due after this file's 20-s test time limit: a close() that waited for it would fail the test.
    closing.setFault({ kind: 'delay', ms: 60_000 });
    const pending = attempt(`${closing.baseUrl}${PING}`, {
      ca: closing.certificatePem,
      method: 'POST',
      headers: { Authorization: `Bearer ${closing.demoToken}` },
    });
    await waitFor(() => closing.apiRequests().length === 1);

    await closing.close();
    expect((await pending).kind).toBe('failed');
    await closing.close();
  });
});

// Each case starts the CLI through tsx, a compile of its own: seconds on a busy machine. A CLI that hangs without
// working is found by test/support/hang-watch.ts, which counts the CPU time of the processes a test starts.
describe('cli', () => {
  it('prints the base URL, demo token and SPKI hash of what it serves, and stops cleanly on SIGTERM', async () => {
    const cliPath = fileURLToPath(new URL('../../tooling/stand-in/cli.ts', import.meta.url));
    const cli = spawn(process.execPath, ['--import', 'tsx', cliPath, '--rate-limit', '7', '--rate-window-ms', '3000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const output = await printedOnceReady(cli);

      const baseUrl = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const token = /Demo token: (\S+)/.exec(output)?.[1];
      const spkiHash = /SPKI hash: +(\S+)/.exec(output)?.[1];
      if (baseUrl === undefined || token === undefined || spkiHash === undefined) throw new Error(`unexpected output:\n${output}`);
      expect(output).toContain('curl --insecure');

      const servedPem = await servedCertificatePem(baseUrl);
      expect(spkiSha256Base64(servedPem)).toBe(spkiHash);
      const ping = await send(`${baseUrl}${PING}`, { ca: servedPem, method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(ping.status).toBe(200);
      expect(ping.headers['x-ratelimit-limit']).toBe('7');
      expect(ping.headers['x-ratelimit-reset']).toBe('3');
      expect(output).toContain('Rate limit: 7 per 3000 ms per token, with limit headers');

      cli.kill('SIGTERM');
      const [exitCode] = (await once(cli, 'exit')) as [number | null];
      expect(exitCode).toBe(0);
    } finally {
      if (cli.exitCode === null) cli.kill('SIGKILL');
    }
  });
});

describe('cli options', () => {
  const cliPath = fileURLToPath(new URL('../../tooling/stand-in/cli.ts', import.meta.url));

  it.each([
    [['--rate-window-ms', '0'], '--rate-window-ms must be a whole number of at least 1, got "0"'],
    [['--rate-limit', '2.5'], '--rate-limit must be a whole number, got "2.5"'],
    [['--rate-limit-headers', 'some'], '--rate-limit-headers must be "full" or "none", got "some"'],
  ])('refuses %j and says why', async (args, message) => {
    const cli = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    cli.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const [exitCode] = (await once(cli, 'exit')) as [number | null];
    expect(exitCode).toBe(1);
    expect(errors).toContain(message);
  });

  it('serves without limit headers with --rate-limit-headers none', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', cliPath, '--rate-limit-headers', 'none'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const output = await printedOnceReady(cli);
      expect(output).toContain('Rate limit: 60 per 60000 ms per token, without limit headers');
      const baseUrl = /listening on (https:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      const token = /Demo token: (\S+)/.exec(output)?.[1];
      if (baseUrl === undefined || token === undefined) throw new Error(`unexpected output:\n${output}`);
      const ping = await send(`${baseUrl}${PING}`, { ca: await servedCertificatePem(baseUrl), method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(ping.status).toBe(200);
      expect(ping.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      if (cli.exitCode === null) {
        cli.kill('SIGTERM');
        await once(cli, 'exit');
      }
    }
  });
});

/** What the CLI printed up to its last line on starting, "Press Ctrl+C…"; rejected if it ends first. It waits for that line, not a clock. */
function printedOnceReady(cli: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  return new Promise((ready, failed) => {
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Press Ctrl+C')) ready(output);
    });
    cli.once('exit', (code, signal) => failed(new Error(`The stand-in's CLI ended (${signal ?? code}) before it was ready:\n${output}`)));
  });
}

/** The certificate a server presents, read without trusting it, so the test can check what the CLI printed. */
async function servedCertificatePem(baseUrl: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  const socket = tls.connect({ host: hostname, port: Number(port), rejectUnauthorized: false });
  await once(socket, 'secureConnect');
  const certificate = socket.getPeerX509Certificate();
  socket.destroy();
  if (certificate === undefined) throw new Error('no certificate presented');
  return certificate.toString();
}

/** A clock for the stand-in's rate limiter that moves only when told: windows end without waiting. */
function steppedClock(): { now: () => number; advance: (ms: number) => void } {
  let time = 1_000_000;
  return { now: () => time, advance: (ms) => (time += ms) };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  await pollUntil(() => (condition() ? true : undefined), { timeoutMs, intervalMs: 10, failure: 'condition not met in time' });
}
