import { describe, expect, it } from 'vitest';
import { addressesIn, findAddresses, soleAddress, withShortLinks, type TextPiece } from './text-links';

const SHORT: Record<string, string> = {
  'https://example.com/a': 'https://s.co/1',
  'https://en.wikipedia.org/wiki/Foo_(bar)': 'https://s.co/2',
  'https://docs.example/guide?x=1&y=2': 'https://s.co/3',
};
const shortLinkOf = (url: string) => SHORT[url];

describe('addresses in text', () => {
  it('are found with the punctuation of their sentence left out, brackets they opened kept', () => {
    const text = 'See https://example.com/a. Also (https://en.wikipedia.org/wiki/Foo_(bar)), and "https://docs.example/guide?x=1&y=2"!';
    expect(findAddresses(text).map(({ url }) => url)).toEqual(['https://example.com/a', 'https://en.wikipedia.org/wiki/Foo_(bar)', 'https://docs.example/guide?x=1&y=2']);
    const [first] = findAddresses(text);
    expect(text.slice(first?.start, first?.end)).toBe('https://example.com/a');
  });

  it('end at the closing quote or bracket of CJK text, which puts no space after them', () => {
    expect(findAddresses('「https://example.com/a」を参照してください。').map(({ url }) => url)).toEqual(['https://example.com/a']);
    expect(findAddresses('（https://example.com/a）と【https://example.com/b】').map(({ url }) => url)).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('a selection that is one address, its sentence\'s punctuation left out, is that address', () => {
    expect(soleAddress('https://example.com/a')).toBe('https://example.com/a');
    expect(soleAddress('https://example.com/a).')).toBe('https://example.com/a');
    expect(soleAddress('https://example.com/a,')).toBe('https://example.com/a');
    expect(soleAddress('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
    expect(soleAddress('see https://example.com/a')).toBeUndefined();
    expect(soleAddress('(https://example.com/a)')).toBeUndefined();
    expect(soleAddress('https://')).toBeUndefined();
    // Brackets the address opened are its own: a title's 【…】 stays; a closing one of the sentence goes.
    expect(soleAddress('https://ja.wikipedia.org/wiki/【推しの子】')).toBe('https://ja.wikipedia.org/wiki/【推しの子】');
    expect(soleAddress('https://example.com/a」')).toBe('https://example.com/a');
  });

  it('are only http(s) ones with something after the scheme', () => {
    expect(findAddresses('ftp://x.example/a javascript:alert(1) https:// and http:/broken, mailto:a@b.example')).toEqual([]);
    expect(findAddresses('HTTP://EXAMPLE.COM/Up').map(({ url }) => url)).toEqual(['HTTP://EXAMPLE.COM/Up']);
  });

  it("to shorten are each written address and each link's target, once, in order", () => {
    const pieces: TextPiece[] = [
      { text: 'Read https://example.com/a and ' },
      { text: 'this guide', href: 'https://docs.example/guide?x=1&y=2' },
      { text: ', then https://example.com/a again: ' },
      { text: 'https://example.com/a', href: 'https://example.com/a' },
    ];
    expect(addressesIn(pieces)).toEqual(['https://example.com/a', 'https://docs.example/guide?x=1&y=2']);
  });
});

describe('the text with short links', () => {
  const pieces: TextPiece[] = [
    { text: 'Read https://example.com/a and\n' },
    { text: 'the [guide]', href: 'https://docs.example/guide?x=1&y=2' },
    { text: ' <now>; not https://failed.example/x.' },
  ];

  it('in plain text: each address replaced, a link followed by its short link, one that failed kept as written', () => {
    expect(withShortLinks(pieces, shortLinkOf, 'plain')).toEqual({ text: 'Read https://s.co/1 and\nthe [guide] (https://s.co/3) <now>; not https://failed.example/x.' });
  });

  it('in Markdown: a link as a Markdown link, its text escaped; addresses as the short link', () => {
    expect(withShortLinks(pieces, shortLinkOf, 'markdown')).toEqual({ text: 'Read https://s.co/1 and\n[the \\[guide\\]](https://s.co/3) <now>; not https://failed.example/x.' });
  });

  it('in HTML and rich text: escaped, line breaks kept, every short link a link; rich text has plain text beside it', () => {
    const html =
      'Read <a href="https://s.co/1">https://s.co/1</a> and<br>\n<a href="https://s.co/3">the [guide]</a> &lt;now&gt;; not <a href="https://failed.example/x">https://failed.example/x</a>.';
    expect(withShortLinks(pieces, shortLinkOf, 'html')).toEqual({ text: html });
    expect(withShortLinks(pieces, shortLinkOf, 'rich')).toEqual({ text: withShortLinks(pieces, shortLinkOf, 'plain').text, html });
  });

  it('a link that could not be shortened keeps its own target', () => {
    const link: TextPiece[] = [{ text: 'home', href: 'https://home.example/' }];
    expect(withShortLinks(link, shortLinkOf, 'plain')).toEqual({ text: 'home' });
    expect(withShortLinks(link, shortLinkOf, 'markdown')).toEqual({ text: '[home](https://home.example/)' });
  });
});
