import type { SharedLink } from './shared-link';

export type ShareDestinationId = 'email' | 'x' | 'linkedin' | 'facebook' | 'reddit' | 'whatsapp' | 'telegram';

export interface ShareDestination {
  id: ShareDestinationId;
  /** The address that opens the destination with the link (and the title, where it takes one) filled in. */
  address(link: SharedLink): string;
}

/**
 * `?name=value&…` of the pairs that have a value, each percent-encoded as
 * UTF-8 (a space as %20, which mailto: needs: RFC 6068 reads "+" as a plus).
 */
function query(pairs: [string, string | undefined][]): string {
  const given = pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
  return given.length === 0 ? '' : `?${given.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * Each destination's own share address, as each documents it, with the link
 * and the title and nothing else: no tracking parameter, no source. Where a
 * destination takes one text only (WhatsApp), the title and the link are
 * that text, a line each; LinkedIn and Facebook take the link alone and read
 * the title from the page.
 */
export const SHARE_DESTINATIONS: readonly ShareDestination[] = [
  { id: 'email', address: ({ url, title }) => `mailto:${query([['subject', title], ['body', url]])}` },
  { id: 'x', address: ({ url, title }) => `https://x.com/intent/post${query([['text', title], ['url', url]])}` },
  { id: 'linkedin', address: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/${query([['url', url]])}` },
  { id: 'facebook', address: ({ url }) => `https://www.facebook.com/sharer/sharer.php${query([['u', url]])}` },
  { id: 'reddit', address: ({ url, title }) => `https://www.reddit.com/submit${query([['url', url], ['title', title]])}` },
  { id: 'whatsapp', address: ({ url, title }) => `https://wa.me/${query([['text', title === undefined ? url : `${title}\n${url}`]])}` },
  { id: 'telegram', address: ({ url, title }) => `https://t.me/share/url${query([['url', url], ['text', title]])}` },
];
