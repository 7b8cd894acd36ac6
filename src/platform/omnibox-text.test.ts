import { describe, expect, it, vi } from 'vitest';

let extensionBase = 'chrome-extension://abc/';
vi.mock('./browser', () => ({ browser: { runtime: { getURL: (path: string) => `${extensionBase}${path}` } } }));
const { suggestionDescription, typedLinkLine } = await import('./omnibox-text');

describe("a suggestion's description in the address bar", () => {
  it('is XML for Chrome, every character that would break it escaped, the link marked as one', () => {
    extensionBase = 'chrome-extension://abc/';
    expect(suggestionDescription('Fish & <chips> "x"', 'https://s.co/a?b=1&c=2')).toBe('<url>https://s.co/a?b=1&amp;c=2</url> <dim>Fish &amp; &lt;chips&gt; &quot;x&quot;</dim>');
    expect(suggestionDescription('A & B')).toBe('A &amp; B');
  });

  it('holds nothing XML 1.0 forbids, in either browser: one such character makes Chrome drop every suggestion of the batch', () => {
    extensionBase = 'chrome-extension://abc/';
    expect(suggestionDescription('A\u0001 guide\uFFFE \uFFFF& more\uD800', 'https://s.co/a\u0000')).toBe('<url>https://s.co/a</url> <dim>A guide &amp; more</dim>');
    extensionBase = 'moz-extension://abc/';
    expect(suggestionDescription('A\u0001 guide\uFFFE', 'https://s.co/a')).toBe('https://s.co/a A guide');
  });

  it('is plain text for Firefox, which shows it as it is', () => {
    extensionBase = 'moz-extension://abc/';
    expect(suggestionDescription('Fish & <chips>', 'https://s.co/a?b=1&c=2')).toBe('https://s.co/a?b=1&c=2 Fish & <chips>');
  });

  it('under a link typed, is for Chrome one line whatever the link, the browser filling it in; for Firefox, the line names it', () => {
    extensionBase = 'chrome-extension://abc/';
    expect(typedLinkLine('Enter & go', 'https://s.co/a?b=1&c=2')).toEqual({ description: '<url>%s</url> <dim>Enter &amp; go</dim>', shown: '<url>https://s.co/a?b=1&c=2</url> <dim>Enter &amp; go</dim>' });
    expect(typedLinkLine('Enter & go', 'https://s.co/other').description).toBe('<url>%s</url> <dim>Enter &amp; go</dim>');
    expect(typedLinkLine('Go', "https://s.co/$&$'").shown).toBe("<url>https://s.co/$&$'</url> <dim>Go</dim>");
    extensionBase = 'moz-extension://abc/';
    expect(typedLinkLine('Enter & go', 'https://s.co/a')).toEqual({ description: 'https://s.co/a Enter & go', shown: 'https://s.co/a Enter & go' });
  });
});
