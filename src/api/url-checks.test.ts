import { englishWords } from '../../test/support/locale-catalogue';
import { errorSentence } from '../ui/error-words';
import { describe, expect, it } from 'vitest';
import { checkLongUrl, checkServerUrl, checkToken, MAX_URL_LENGTH } from './url-checks';

const kindOf = (result: ReturnType<typeof checkLongUrl>) => (result.ok ? 'ok' : result.error.kind);

describe('checkLongUrl', () => {
  it.each([
    ['', 'empty-url'],
    ['   \t\n', 'empty-url'],
    ['not a url', 'malformed-url'],
    ['example.com/page', 'malformed-url'],
    ['localhost:8080/page', 'malformed-url'],
    ['https://', 'malformed-url'],
    // The parser would make these https://a.test/xnote and https://a.test/xhttps://b.test/: other addresses.
    ['https://a.test/x\tnote', 'url-has-break'],
    ['https://a.test/x\nhttps://b.test/', 'url-has-break'],
    ['https://a.test/x\r\n ', 'ok'],
    ['chrome://settings', 'unsupported-scheme'],
    ['edge://flags', 'unsupported-scheme'],
    ['about:blank', 'unsupported-scheme'],
    ['file:///etc/passwd', 'unsupported-scheme'],
    ['data:text/html,<b>hi</b>', 'unsupported-scheme'],
    ['javascript:alert(1)', 'unsupported-scheme'],
    ['blob:https://example.com/1234', 'unsupported-scheme'],
    ['view-source:https://example.com', 'unsupported-scheme'],
    ['chrome-extension://abcdefghijklmnop/popup.html', 'unsupported-scheme'],
    ['ftp://example.com/file', 'unsupported-scheme'],
    ['https://user:secret@example.com/', 'credentials-in-url'],
    ['https://user@example.com/', 'credentials-in-url'],
  ])('%j is refused as %s', (input, kind) => {
    expect(kindOf(checkLongUrl(input))).toBe(kind);
  });

  it('gives each kind of unshortenable page its own message', () => {
    const messages = ['chrome://settings', 'file:///x', 'data:,x', 'javascript:void 0', 'blob:https://a/b', 'view-source:https://a', 'chrome-extension://x/y'].map(
      (url) => {
        const result = checkLongUrl(url);
        return result.ok ? '' : errorSentence(result.error, englishWords);
      },
    );
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('returns the WHATWG serialisation: spaces encoded, IDN in punycode, whitespace trimmed', () => {
    expect(checkLongUrl('  https://example.com/a b?q=ü  ')).toEqual({ ok: true, value: 'https://example.com/a%20b?q=%C3%BC' });
    expect(checkLongUrl('https://bücher.example/straße')).toEqual({ ok: true, value: 'https://xn--bcher-kva.example/stra%C3%9Fe' });
    expect(checkLongUrl('HTTP://Example.COM')).toEqual({ ok: true, value: 'http://example.com/' });
  });

  it('accepts exactly 2048 characters and refuses 2049, measured on what is sent', () => {
    const prefix = 'https://example.com/';
    expect(checkLongUrl(prefix + 'a'.repeat(MAX_URL_LENGTH - prefix.length)).ok).toBe(true);
    const tooLong = checkLongUrl(prefix + 'a'.repeat(MAX_URL_LENGTH - prefix.length + 1));
    expect(tooLong.ok ? undefined : tooLong.error).toMatchObject({ kind: 'url-too-long', length: 2049 });
    // A space becomes three characters when encoded.
    expect(checkLongUrl(prefix + ' '.repeat(700) + 'x').ok).toBe(false);
  });
});

describe('checkServerUrl', () => {
  it.each([
    ['https://shrtnr.co', 'https://shrtnr.co'],
    ['https://shrtnr.co/', 'https://shrtnr.co'],
    ['  HTTPS://Shrtnr.CO:443/ ', 'https://shrtnr.co'],
    ['https://127.0.0.1:8443', 'https://127.0.0.1:8443'],
  ])('%j is normalised to %j', (input, expected) => {
    expect(checkServerUrl(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'invalid-server-url'],
    ['   ', 'invalid-server-url'],
    ['shrtnr.co', 'invalid-server-url'],
    ['http://shrtnr.co', 'insecure-server'],
    ['http://127.0.0.1:8080', 'insecure-server'],
    ['ftp://shrtnr.co', 'invalid-server-url'],
    ['https://user:pw@shrtnr.co', 'invalid-server-url'],
    ['https://shrtnr.co/api/v1', 'invalid-server-url'],
    ['https://shrtnr.co/some/path', 'invalid-server-url'],
    ['https://shrtnr.co/?x=1', 'invalid-server-url'],
    ['https://shrtnr.co/#top', 'invalid-server-url'],
  ])('%j is refused as %s', (input, kind) => {
    const result = checkServerUrl(input);
    expect(result.ok ? 'ok' : result.error.kind).toBe(kind);
  });

  it('tells someone who pasted the API path to leave it out', () => {
    const result = checkServerUrl('https://shrtnr.co/api/v1/');
    expect(result.ok ? '' : errorSentence(result.error, englishWords)).toContain('Leave out /api/v1/');
  });
});

describe('checkToken', () => {
  it('trims a pasted token', () => {
    expect(checkToken('  abc123\n')).toEqual({ ok: true, value: 'abc123' });
  });
  it.each([[''], ['   ']])('%j is no token', (token) => {
    const result = checkToken(token);
    expect(result.ok ? 'ok' : result.error.kind).toBe('no-token');
  });
  it.each([['two words'], ['line\nbreak'], ['tökén']])('%j cannot be a token', (token) => {
    const result = checkToken(token);
    expect(result.ok ? 'ok' : result.error.kind).toBe('malformed-token');
  });
});
