import { englishWords } from '../../test/support/locale-catalogue';
import { errorSentence } from '../ui/error-words';
import { describe, expect, it } from 'vitest';
import { errorForStatus } from './status-errors';

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: new Headers({ 'content-type': 'application/json', ...extra }),
  bodyText: JSON.stringify(body),
});

describe('errorForStatus', () => {
  it('maps each documented status to its own kind', () => {
    const kinds = [400, 401, 403, 404, 405, 422, 429, 500, 502, 503, 418, 302].map(
      (status) => errorForStatus({ status, headers: new Headers(), bodyText: '' }).kind,
    );
    expect(kinds).toEqual([
      'bad-request', 'unauthorized', 'forbidden', 'not-shrtnr', 'not-shrtnr', 'rejected-url', 'rate-limited',
      'server-error', 'server-error', 'server-error', 'unexpected-status', 'redirected',
    ]);
  });

  it('reads the framework-style validation body for 422', () => {
    const error = errorForStatus({ status: 422, ...json({ message: 'The given data was invalid.', errors: { url: ['The url must start with http.'] } }) });
    expect(error).toMatchObject({ kind: 'rejected-url', reason: 'The url must start with http.' });
    expect(errorSentence(error, englishWords)).toBe('The server refused this link: The url must start with http.');
  });

  it('falls back to the envelope message, then to its own words', () => {
    expect(errorForStatus({ status: 422, ...json({ data: null, message: 'Invalid URL', errors: null }) })).toMatchObject({ reason: 'Invalid URL' });
    const withoutReason = errorForStatus({ status: 422, headers: new Headers({ 'content-type': 'text/html' }), bodyText: '<h1>422</h1>' });
    expect(withoutReason).toEqual({ kind: 'rejected-url' });
    expect(errorSentence(withoutReason, englishWords)).toBe('The server refused this link.');
    expect(errorSentence(errorForStatus({ status: 403, headers: new Headers(), bodyText: 'not json' }), englishWords)).not.toContain('said');
  });

  it('quotes the server on 400 and 403, cleaned of controls and capped', () => {
    const error = errorForStatus({ status: 403, ...json({ message: `Out of\u202e credits\n${'!'.repeat(500)}` }) });
    expect(error).toMatchObject({ kind: 'forbidden' });
    const serverMessage = error.kind === 'forbidden' ? error.serverMessage ?? '' : '';
    expect(serverMessage.startsWith('Out of credits')).toBe(true);
    expect(serverMessage).not.toMatch(/[\u202e\n]/);
    expect(serverMessage.length).toBeLessThanOrEqual(200);
  });

  it('reads rate-limit headers in any case, with Retry-After as seconds or a date', () => {
    const seconds = errorForStatus({ status: 429, headers: new Headers({ 'X-RATELIMIT-LIMIT': '60', 'x-ratelimit-remaining': '0', 'Retry-After': '42' }), bodyText: '' });
    expect(seconds).toMatchObject({ kind: 'rate-limited', limit: 60, remaining: 0, retryAfterSeconds: 42 });
    expect(errorSentence(seconds, englishWords)).toBe('Too many requests (the limit is 60 per minute). Try again in 42 seconds.');

    const date = new Date(Date.now() + 30_000).toUTCString();
    const dated = errorForStatus({ status: 429, headers: new Headers({ 'retry-after': date }), bodyText: '' });
    expect(dated.kind === 'rate-limited' ? dated.retryAfterSeconds : -1).toBeGreaterThanOrEqual(29);

    // RFC 850 and asctime forms mean GMT, whatever the machine's time zone.
    const inAMinute = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
    const [weekday, day, month, year, time] = inAMinute.toUTCString().replace(',', '').split(' ');
    const longWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(inAMinute);
    const rfc850 = `${longWeekday}, ${day}-${month}-${year?.slice(2)} ${time} GMT`;
    const asctime = `${weekday} ${month} ${String(Number(day)).padStart(2, ' ')} ${time} ${year}`;
    for (const value of [rfc850, asctime]) {
      const wait = errorForStatus({ status: 429, headers: new Headers({ 'retry-after': value }), bodyText: '' });
      expect(wait.kind === 'rate-limited' ? wait.retryAfterSeconds : -1, value).toBeGreaterThanOrEqual(58);
      expect(wait.kind === 'rate-limited' ? wait.retryAfterSeconds : -1, value).toBeLessThanOrEqual(61);
    }

    const bare = errorForStatus({ status: 429, headers: new Headers({ 'retry-after': 'soon', 'x-ratelimit-limit': '-1' }), bodyText: '' });
    expect(bare).toMatchObject({ limit: undefined, retryAfterSeconds: undefined });
    expect(errorSentence(bare, englishWords)).toBe('Too many requests. Wait a minute and try again.');
  });
});
