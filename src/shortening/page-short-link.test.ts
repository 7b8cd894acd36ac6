import { describe, expect, it } from 'vitest';
import { pageShortLink } from './page-short-link';

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
