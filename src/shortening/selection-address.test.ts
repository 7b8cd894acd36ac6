// Whether a selection is one address as a person sees it (selection-address.ts): the seen pieces against the
// browser's own selection text, and a link shown cut short. The pages' own readings are the e2e tests'
// (test/e2e/hostile-pages.test.ts, test/e2e/writing.test.ts).
import { describe, expect, it } from 'vitest';
import { cutShortTarget, soleSeenAddress } from './selection-address';

describe('the one address a selection is', () => {
  it('is the seen text, hidden text left out, when the browser saw the same characters in order', () => {
    expect(soleSeenAddress([{ text: ' https://bank.example' }, { text: '/login. ' }], 'https://bank.example.evil.example/login.')).toBe('https://bank.example/login');
    // A browser that copies text-transformed text: case aside.
    expect(soleSeenAddress([{ text: 'https://Shop.example/Sale' }], 'HTTPS://SHOP.EXAMPLE/SALE')).toBe('https://Shop.example/Sale');
  });

  it.each([
    ['two links whose space the page did not draw', [{ text: 'https://a.example', href: 'https://a.example/' }, { text: 'https://b.example', href: 'https://b.example/' }], 'https://a.example https://b.example'],
    ['a selection the page moved since the menu opened', [{ text: 'https://evil.example/' }], 'https://bank.example/'],
    ['no selection text from the browser', [{ text: 'https://a.example/' }], undefined],
    ['nothing seen', [], 'https://a.example/'],
    ['words, not an address', [{ text: 'see the docs' }], 'seethedocs'],
  ])('is none for %s', (_name, pieces, selectionText) => {
    expect(soleSeenAddress(pieces, selectionText)).toBeUndefined();
  });

  it("is one link's target when its words show its address cut short, as Mastodon writes it", () => {
    const target = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(soleSeenAddress([{ text: 'youtube.com/watch?v=dQw4w9', href: target }, { text: ' ' }], `https://www.${'youtube.com/watch?v=dQw4w9WgXcQ'}`)).toBe(target);
  });
});

const link = (text: string, href: string) => cutShortTarget([{ text, href }], text);

describe('a link shown cut short', () => {
  it('names its host in full, with or without www., then a start of the rest, as written or percent-encoded', () => {
    expect(link('example.com/long/pa…', 'https://example.com/long/path')).toBe('https://example.com/long/path');
    expect(link('example.com', 'https://www.example.com/')).toBe('https://www.example.com/');
    expect(link('bücher.example/straße/ü', 'https://xn--bcher-kva.example/stra%C3%9Fe/%C3%BC')).toBe('https://xn--bcher-kva.example/stra%C3%9Fe/%C3%BC');
  });

  it.each([
    ['a host that only begins the target\'s', 'bank.example', 'https://bank.example.evil.example/'],
    ['one letter', 'e', 'https://example.com/'],
    ['a target with a user name', 'bank.example/login', 'https://bank.example@evil.example/login'],
    ['another path', 'example.com/other', 'https://example.com/long/path'],
    ['words that are no host', 'our guide', 'https://guide.example/'],
  ])('is none for %s', (_name, text, href) => {
    expect(link(text, href)).toBeUndefined();
  });

  it('is none for words of two links, or of a link and text around it', () => {
    expect(cutShortTarget([{ text: 'a.example', href: 'https://a.example/' }, { text: 'b.example', href: 'https://b.example/' }], 'a.exampleb.example')).toBeUndefined();
    expect(cutShortTarget([{ text: 'see ' }, { text: 'a.example', href: 'https://a.example/' }], 'see a.example')).toBeUndefined();
  });
});
