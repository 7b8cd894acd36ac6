import * as z from 'zod/mini';
import { safeShortUrl } from '../api/short-url';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

/**
 * What a page says about itself, read in the page (src/platform/page-reading.ts):
 * its address when read, and the targets of its `<link rel="shortlink">` /
 * `rel="shorturl"` elements, in document order. Untrusted: the page wrote it.
 */
export interface PageLinks {
  url: string;
  shortLinks: string[];
}

const pageLinksSchema = schemaFor<PageLinks>()(z.object({ url: z.string(), shortLinks: z.array(z.string()) }));

/**
 * The page's own short link, offered beside the server's (the popup). `ask`:
 * the setting would use it, but its host is neither the page's own nor one
 * the user accepted for the page's, so the popup asks whether to use such
 * links there (these hosts).
 */
export interface PageLinkOffer {
  shortUrl: string;
  ask?: AcceptedPageLinkHost;
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
  const said = pageLinksSchema.safeParse(found);
  if (!said.success || said.data.url !== pageUrl) return undefined;
  for (const candidate of said.data.shortLinks) {
    const safe = safeShortUrl(candidate);
    if (safe !== undefined && safe.length < pageUrl.length && safe !== pageUrl) return safe;
  }
  return undefined;
}

/** The page's host and its short link's, as an acceptance names them (hostnames: lower case, punycode, no port). */
export const pageLinkHosts = (pageUrl: string, shortUrl: string): AcceptedPageLinkHost => ({ page: new URL(pageUrl).hostname, link: new URL(shortUrl).hostname });

/**
 * Whether the short link is on the page's own site, so used without asking
 * (with the setting on): on the very host the page is on. The site as HTML
 * defines it when no public-suffix list is at hand (every host its own
 * registrable domain; ports never part of it): a sibling (`s.example.com`
 * for `www.example.com`) is asked once like any other host, never trusted
 * on a guess that `github.io` or `s3.amazonaws.com` would make wrong.
 */
export const onPageSite = ({ page, link }: AcceptedPageLinkHost): boolean => page === link;
