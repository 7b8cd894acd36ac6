import { describe, expect, it } from 'vitest';
import { safeShortUrl } from './short-url';

describe('safeShortUrl', () => {
  it.each([
    ['https://shrtnr.co/xAmPLe1', 'https://shrtnr.co/xAmPLe1'],
    ['HTTPS://Shrtnr.CO/Ab', 'https://shrtnr.co/Ab'],
    ['https://xn--bcher-kva.example/a', 'https://xn--bcher-kva.example/a'],
  ])('%j is accepted as %j', (value, expected) => {
    expect(safeShortUrl(value)).toBe(expected);
  });

  it.each([
    // https only: a short link lives under the https base URL.
    'http://sho.rt/a',
    'HTTP://shrtnr.co/xAmPLe1',
    'http://127.0.0.1:8443/xAmPLe1',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '/relative/path',
    'relative',
    '//protocol-relative.example/x',
    'https:/one-slash.example/x',
    'https:\\\\backslash.example\\x',
    ' https://leading-space.example/x',
    'https://trailing-newline.example/x\n',
    'https://tab\t.example/x',
    'https://user:pass@creds.example/x',
    'https://user@creds.example/x',
    'https://zero\u200bwidth.example/x',
    'https://',
    '',
    `https://long.example/${'a'.repeat(2048)}`,
  ])('%j is refused', (value) => {
    expect(safeShortUrl(value)).toBeUndefined();
  });
});
