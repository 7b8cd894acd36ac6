import { describe, expect, it } from 'vitest';
import { linkList } from './link-lists';

const links = [
  { shortUrl: 'https://s.test/a', longUrl: 'https://example.com/one', title: 'One, "first"' },
  { shortUrl: 'https://s.test/b', longUrl: 'https://example.com/two?x=1' },
  { shortUrl: 'https://s.test/c', longUrl: 'https://example.com/3', title: '=HYPERLINK("https://evil.test")' },
];

describe('linkList', () => {
  it('gives one short link per line', () => {
    expect(linkList('lines', links)).toBe('https://s.test/a\nhttps://s.test/b\nhttps://s.test/c\n');
  });

  it('gives a Markdown list labelled by title, else by the long URL, with labels escaped', () => {
    expect(linkList('markdown', [{ shortUrl: 'https://s.test/a', longUrl: 'https://e.test/', title: 'A [b] *c*' }, { shortUrl: 'https://s.test/b', longUrl: 'https://example.com/two?x=1' }])).toBe(
      '- [A \\[b\\] \\*c\\*](https://s.test/a)\n- [https://example.com/two?x=1](https://s.test/b)\n',
    );
  });

  it('gives RFC 4180 CSV with title, long URL and short URL, quoting and guarding formulas', () => {
    expect(linkList('csv', links)).toBe(
      'title,long_url,short_url\r\n' +
        '"One, ""first""",https://example.com/one,https://s.test/a\r\n' +
        ',https://example.com/two?x=1,https://s.test/b\r\n' +
        `"'=HYPERLINK(""https://evil.test"")",https://example.com/3,https://s.test/c\r\n`,
    );
  });

  it("guards the CSV against a spreadsheet that splits on `;`: the title with an apostrophe, the URL percent-encoded", () => {
    const planted = { shortUrl: 'https://s.test/d', longUrl: "https://example.com/x;=cmd|' /C calc'!A0", title: "x;=cmd|' /C calc'!A0" };
    expect(linkList('csv', [planted])).toBe(`title,long_url,short_url\r\nx;'=cmd|' /C calc'!A0,https://example.com/x;%3Dcmd|' /C calc'!A0,https://s.test/d\r\n`);
  });

  it('gives nothing but the CSV header for no links', () => {
    expect(linkList('lines', [])).toBe('');
    expect(linkList('csv', [])).toBe('title,long_url,short_url\r\n');
  });
});
