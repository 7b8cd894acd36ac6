import { safeShortUrl } from '../api/short-url';

/**
 * What a page says about itself, read in the page (src/platform/page-reading.ts):
 * its address when read, and the targets of its `<link rel="shortlink">` /
 * `rel="shorturl"` elements, in document order. Untrusted: the page wrote it.
 */
export interface PageLinks {
  url: string;
  shortLinks: string[];
}

/** The `rel` tokens that declare a page's own short link; never `canonical`, which drops query parameters people need. */
export const SHORT_LINK_RELS = ['shortlink', 'shorturl'] as const;

/**
 * The page's own short link, if it declared one that may stand for it: the
 * page is still at the address the way in named, and the first declared link
 * that passes the checks a server's answer passes (https, no credentials, no
 * hidden characters, within the length limit) and is shorter than the page's
 * address (else nothing is gained). Undefined otherwise.
 */
export function pageShortLink(found: unknown, pageUrl: string): string | undefined {
  if (!isPageLinks(found) || found.url !== pageUrl) return undefined;
  for (const candidate of found.shortLinks) {
    const safe = safeShortUrl(candidate);
    if (safe !== undefined && safe.length < pageUrl.length && safe !== pageUrl) return safe;
  }
  return undefined;
}

function isPageLinks(value: unknown): value is PageLinks {
  if (typeof value !== 'object' || value === null) return false;
  const { url, shortLinks } = value as Record<string, unknown>;
  return typeof url === 'string' && Array.isArray(shortLinks) && shortLinks.every((link) => typeof link === 'string');
}
