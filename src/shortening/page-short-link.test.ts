import { describe, expect, it } from 'vitest';
import { onPageSite, pageLinkHosts, pageShortLink } from './page-short-link';

const PAGE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=abc';
const found = (...shortLinks: unknown[]) => ({ url: PAGE, shortLinks });

describe('the page\'s own short link', () => {
  it('is the first declared https link shorter than the page\'s address, as the parser writes it', () => {
    expect(pageShortLink(found('https://YOUTU.be/dQw4w9WgXcQ'), PAGE)).toBe('https://youtu.be/dQw4w9WgXcQ');
    expect(pageShortLink(found('http://youtu.be/a', 'https://wp.me/p1', 'https://flic.kr/p/2'), PAGE)).toBe('https://wp.me/p1');
  });

  it('is none when every declared link fails the checks a server\'s answer must pass, or is no shorter', () => {
    const refused = [
      'http://youtu.be/plain-http',
      'javascript:alert(1)',
      'https://user:pass@youtu.be/x',
      'https://youtu.be/with space',
      'https://youtu.be/\u200bhidden',
      '//youtu.be/relative',
      `https://youtu.be/${'long'.repeat(20)}`,
      PAGE,
    ];
    expect(pageShortLink(found(...refused), PAGE)).toBeUndefined();
  });

  it('is none when the page has moved on from the address the way in named, or said nothing readable', () => {
    expect(pageShortLink({ url: 'https://www.youtube.com/watch?v=other', shortLinks: ['https://youtu.be/x'] }, PAGE)).toBeUndefined();
    expect(pageShortLink(undefined, PAGE)).toBeUndefined();
    expect(pageShortLink({ url: PAGE, shortLinks: 'https://youtu.be/x' }, PAGE)).toBeUndefined();
    expect(pageShortLink({ url: PAGE, shortLinks: [42] }, PAGE)).toBeUndefined();
    expect(pageShortLink(found(), PAGE)).toBeUndefined();
  });
});

const site = (page: string, link: string) => onPageSite(pageLinkHosts(page, link));

describe("the page's own site", () => {
  it('is the very host the page is on, whatever the ports: a sibling, a parent or a look-alike is another', () => {
    expect(site('https://blog.example/2026/a-post', 'https://blog.example/?p=42')).toBe(true);
    expect(site('http://blog.example:8080/a-post', 'https://BLOG.example/?p=42')).toBe(true);
    expect(site('https://www.example.com/a', 'https://s.example.com/a')).toBe(false);
    expect(site('https://victim.github.io/a', 'https://github.io/a')).toBe(false);
    expect(site('https://www.youtube.com/watch?v=a', 'https://youtu.be/a')).toBe(false);
    expect(site('https://youtu.be.example/watch?v=a', 'https://youtu.be/a')).toBe(false);
  });

  it('names both hosts as a URL writes them (lower case, punycode, no port)', () => {
    expect(pageLinkHosts('https://Bücher.test:8443/a', 'https://YOUTU.be/x')).toEqual({ page: 'xn--bcher-kva.test', link: 'youtu.be' });
  });
});
