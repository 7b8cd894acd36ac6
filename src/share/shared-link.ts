import { xmlText } from '../platform/xml-text';

/** What a share sends: the short link, and its page's title when the page has one of its own. Nothing else. */
export interface SharedLink {
  url: string;
  title?: string;
}

/**
 * The link as it is shared: the short link, and the page's title when it is
 * one. A lone surrogate or a control character is taken out of the title
 * (xml-text.ts): the first cannot be percent-encoded (encodeURIComponent
 * throws), the second has no place in a message. A page with no title of its
 * own is named by its address in both browsers' tabs: that is no title, and
 * shared it would give away the long address the short link stands for.
 */
export function sharedLink(shortUrl: string, longUrl: string, title: string | undefined): SharedLink {
  const text = xmlText(title ?? '').trim();
  return text === '' || namesAddress(text, longUrl) ? { url: shortUrl } : { url: shortUrl, title: text };
}

/**
 * The title is the long URL's host, with or without its scheme, "www.", path and query: an address, not words.
 * Only its host must be free of spaces: Chromium shows a %20 of the path or query as a space in the tab's name
 * (url_formatter's UnescapeRule::SPACES). A title of words that begins with the page's host and a slash is
 * taken for an address too: dropped, it costs the share a title; kept, the other would cost the user a secret.
 */
function namesAddress(title: string, longUrl: string): boolean {
  const bare = title.replace(/^[a-z][a-z\d+.-]*:\/\//i, '');
  const host = bare.split(/[/?#]/, 1)[0] ?? '';
  if (/\s/.test(host) || !URL.canParse(`https://${bare}`) || !URL.canParse(longUrl)) return false;
  return hostOf(`https://${bare}`) === hostOf(longUrl);
}

/** Parsed, so a host written in Unicode (as tabs show it) compares with the punycode of the URL; "www." aside. */
const hostOf = (url: string) => new URL(url).host.replace(/^www\./, '');
