import { describe, expect, it } from 'vitest';
import { selectionPieces } from './selection-pieces';

describe('the selection in pieces', () => {
  it("marks each link's selected text with its target, in order, spaces matched loosely", () => {
    const text = 'Start here, then read\nthe  guide and here.';
    const links = [
      { text: 'here', href: 'https://a.example/1' },
      { text: 'the guide', href: 'https://b.example/2' },
      { text: 'here', href: 'https://c.example/3' },
    ];
    expect(selectionPieces({ text, links })).toEqual([
      { text: 'Start ' },
      { text: 'here', href: 'https://a.example/1' },
      { text: ', then read\n' },
      { text: 'the  guide', href: 'https://b.example/2' },
      { text: ' and ' },
      { text: 'here', href: 'https://c.example/3' },
      { text: '.' },
    ]);
  });

  it("finds a link's words whole, never inside a longer word", () => {
    const text = 'There is a guide here.';
    expect(selectionPieces({ text, links: [{ text: 'here', href: 'https://a.example/', earlier: 0 }] })).toEqual([
      { text: 'There is a guide ' },
      { text: 'here', href: 'https://a.example/' },
      { text: '.' },
    ]);
  });

  it("finds a link's words inside others where no whole ones are: scripts with no spaces, part of a word", () => {
    expect(selectionPieces({ text: '请点击这里查看详情', links: [{ text: '这里', href: 'https://a.example/', earlier: 0 }] })).toEqual([
      { text: '请点击' },
      { text: '这里', href: 'https://a.example/' },
      { text: '查看详情' },
    ]);
    expect(selectionPieces({ text: 'Read the APIs.', links: [{ text: 'API', href: 'https://b.example/', earlier: 0 }] })).toEqual([
      { text: 'Read the ' },
      { text: 'API', href: 'https://b.example/' },
      { text: 's.' },
    ]);
  });

  it('takes the match the page counted, when the same words come before the link', () => {
    const text = 'See https://docs.example/3/ then read the docs';
    expect(selectionPieces({ text, links: [{ text: 'docs', href: 'https://b.example/', earlier: 1 }] })).toEqual([
      { text: 'See https://docs.example/3/ then read the ' },
      { text: 'docs', href: 'https://b.example/' },
    ]);
    // Two links of the same words: each its own.
    expect(selectionPieces({ text: 'here and here', links: [{ text: 'here', href: 'https://a.example/', earlier: 0 }, { text: 'here', href: 'https://b.example/', earlier: 1 }] })).toEqual([
      { text: 'here', href: 'https://a.example/' },
      { text: ' and ' },
      { text: 'here', href: 'https://b.example/' },
    ]);
    // A count the text does not bear out (the page's hidden text): the first match after the previous link.
    expect(selectionPieces({ text: 'a here', links: [{ text: 'here', href: 'https://a.example/', earlier: 3 }] })).toEqual([{ text: 'a ' }, { text: 'here', href: 'https://a.example/' }]);
  });

  it('leaves out a link it cannot find, or one that is no web link, and keeps the text whole', () => {
    const text = 'A (b) c';
    expect(selectionPieces({ text, links: [{ text: 'missing', href: 'https://a.example/' }, { text: '(b)', href: 'javascript:alert(1)' }] })).toEqual([{ text }]);
    expect(selectionPieces({ text, links: [{ text: '(b)', href: 'https://b.example/' }] })).toEqual([{ text: 'A ' }, { text: '(b)', href: 'https://b.example/' }, { text: ' c' }]);
  });

  it('believes nothing that is not what the page function returns', () => {
    for (const said of [undefined, null, 'text', { text: 1, links: [] }, { text: 'a', links: [{ text: 'a' }] }, { text: 'x'.repeat(100_001), links: [] }, { text: 'a', links: [{ text: 'a', href: 'https://a.example/', earlier: -1 }] }, { text: 'a', links: [{ text: 'a', href: 'https://a.example/', earlier: 0.5 }] }]) {
      expect(selectionPieces(said)).toBeUndefined();
    }
  });
});
