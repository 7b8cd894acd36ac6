// @vitest-environment happy-dom
// The HTML flavours are parsed back with the DOM, so an escape that is missing
// (or doubled) shows up as a different link text or address.
import { describe, expect, it } from 'vitest';
import { COPY_FORMATS } from '../storage/copy-format-setting';
import { clipboardPayload, type CopiedLink } from './copy-formats';

const SHORT_URL = 'https://shrtnr.co/Ab3d';
const LONG_URL = 'https://example.com/articles/2024/a_long_title?ref=home&x=1';

function link(title?: string): CopiedLink {
  return title === undefined ? { shortUrl: SHORT_URL, longUrl: LONG_URL } : { shortUrl: SHORT_URL, longUrl: LONG_URL, title };
}

/** The one link an HTML fragment holds, as a browser reads it. */
function parseAnchor(html: string): { href: string | null; text: string; elements: number } {
  const template = document.createElement('template');
  template.innerHTML = html;
  const anchor = template.content.querySelector('a');
  if (anchor === null) throw new Error(`No link in ${html}`);
  return { href: anchor.getAttribute('href'), text: anchor.textContent ?? '', elements: template.content.querySelectorAll('*').length };
}

/** The text a CommonMark reader shows for a label: backslash escapes of ASCII punctuation undone. */
function readMarkdownLabel(label: string): string {
  return label.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

// Each with the label the reader should see.
const TRICKY_TITLES: [string, string | undefined, string][] = [
  ['plain words', 'A calm title', 'A calm title'],
  ['brackets', 'Arrays [0] and ]tricks[ [x](y)', 'Arrays [0] and ]tricks[ [x](y)'],
  ['backslashes', 'C:\\temp\\ and \\]', 'C:\\temp\\ and \\]'],
  ['newlines and tabs', 'First line\n\nSecond\tline\r\n  third  ', 'First line Second line third'],
  ['markup', '<script>alert("x")</script> & <b>bold</b>', '<script>alert("x")</script> & <b>bold</b>'],
  ['quotes', `It's "quoted" and 'single'`, `It's "quoted" and 'single'`],
  ['Markdown emphasis and code', '*star* _under_ `code` ~strike~ **x**', '*star* _under_ `code` ~strike~ **x**'],
  ['an entity', 'Fish &amp; chips &#169; &copy', 'Fish &amp; chips &#169; &copy'],
  ['right-to-left text', 'مرحبا بالعالم [١]', 'مرحبا بالعالم [١]'],
  ['mixed directions', 'עברית and English', 'עברית and English'],
  ['controls', 'a\u0000b\u0007c\u007fd', 'a b c d'],
  ['an empty title', '', LONG_URL],
  ['a blank title', ' \n\t ', LONG_URL],
  ['no title', undefined, LONG_URL],
];

describe('clipboardPayload', () => {
  it('copies the short URL alone as plain text', () => {
    expect(clipboardPayload('plain', link('Anything [x]'))).toEqual({ text: SHORT_URL });
  });

  it('makes a Markdown link, an HTML source and a rich link from the title', () => {
    expect(clipboardPayload('markdown', link('Hello'))).toEqual({ text: `[Hello](${SHORT_URL})` });
    expect(clipboardPayload('html', link('Hello'))).toEqual({ text: `<a href="${SHORT_URL}">Hello</a>` });
    expect(clipboardPayload('rich', link('Hello'))).toEqual({ text: SHORT_URL, html: `<a href="${SHORT_URL}">Hello</a>` });
  });

  it('escapes the label for Markdown and HTML', () => {
    expect(clipboardPayload('markdown', link('a [b] \\ `c` <d> *e* _f_'))).toEqual({ text: `[a \\[b\\] \\\\ \\\`c\\\` \\<d\\> \\*e\\* \\_f\\_](${SHORT_URL})` });
    expect(clipboardPayload('html', link(`<i> & "q" 'a'`))).toEqual({ text: `<a href="${SHORT_URL}">&lt;i&gt; &amp; &quot;q&quot; &#39;a&#39;</a>` });
  });

  it('escapes parentheses in the Markdown destination', () => {
    expect(clipboardPayload('markdown', { shortUrl: 'https://sho.rt/a(b)', longUrl: LONG_URL, title: 'T' })).toEqual({ text: '[T](https://sho.rt/a\\(b\\))' });
  });

  it('escapes the address in HTML', () => {
    const shortUrl = `https://sho.rt/a?x=1&y="'<>`;
    expect(parseAnchor(clipboardPayload('html', { shortUrl, longUrl: LONG_URL }).text).href).toBe(shortUrl);
  });

  it.each(TRICKY_TITLES)('with %s, every format keeps the link and shows the label as written', (_, title, label) => {
    expect(clipboardPayload('plain', link(title))).toEqual({ text: SHORT_URL });

    const markdown = clipboardPayload('markdown', link(title)).text;
    const shape = /^\[((?:\\.|[^\\[\]])*)\]\(([^()\s]*)\)$/su.exec(markdown);
    expect(shape, markdown).not.toBeNull();
    expect(readMarkdownLabel(shape?.[1] ?? '')).toBe(label);
    expect(shape?.[2]).toBe(SHORT_URL);
    // Nothing in the label may open a code span, autolink or raw HTML: each of those is escaped.
    expect(shape?.[1]).not.toMatch(/(?<!\\)(?:\\\\)*[`<]/u);

    for (const html of [clipboardPayload('html', link(title)).text, clipboardPayload('rich', link(title)).html ?? '']) {
      expect(parseAnchor(html)).toEqual({ href: SHORT_URL, text: label, elements: 1 });
    }
    expect(clipboardPayload('rich', link(title)).text).toBe(SHORT_URL);
  });

  it('has an HTML flavour for rich copies only', () => {
    for (const format of COPY_FORMATS) {
      expect('html' in clipboardPayload(format, link('T')), format).toBe(format === 'rich');
    }
  });
});
