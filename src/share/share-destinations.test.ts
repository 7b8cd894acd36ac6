// The share destinations' addresses, written out by hand: each takes the
// short link and the title, encoded, and nothing else.
import { describe, expect, it } from 'vitest';
import { SHARE_DESTINATIONS, type ShareDestinationId } from './share-destinations';
import type { SharedLink } from './shared-link';

const SHORT = 'https://shrtnr.co/Ab3d';

const addressOf = (id: ShareDestinationId, link: SharedLink) => {
  const destination = SHARE_DESTINATIONS.find((each) => each.id === id);
  if (destination === undefined) throw new Error(`No destination ${id}.`);
  return destination.address(link);
};
const addresses = (link: SharedLink) => Object.fromEntries(SHARE_DESTINATIONS.map(({ id, address }) => [id, address(link)]));

describe('the share destinations', () => {
  it('are e-mail, X, LinkedIn, Facebook, Reddit, WhatsApp and Telegram, in that order', () => {
    expect(SHARE_DESTINATIONS.map(({ id }) => id)).toEqual(['email', 'x', 'linkedin', 'facebook', 'reddit', 'whatsapp', 'telegram']);
  });

  it('each open their own share address with the link and the title', () => {
    expect(addresses({ url: SHORT, title: 'Spring news' })).toEqual({
      email: 'mailto:?subject=Spring%20news&body=https%3A%2F%2Fshrtnr.co%2FAb3d',
      x: 'https://x.com/intent/post?text=Spring%20news&url=https%3A%2F%2Fshrtnr.co%2FAb3d',
      linkedin: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fshrtnr.co%2FAb3d',
      facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshrtnr.co%2FAb3d',
      reddit: 'https://www.reddit.com/submit?url=https%3A%2F%2Fshrtnr.co%2FAb3d&title=Spring%20news',
      whatsapp: 'https://wa.me/?text=Spring%20news%0Ahttps%3A%2F%2Fshrtnr.co%2FAb3d',
      telegram: 'https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2FAb3d&text=Spring%20news',
    });
  });

  it('leave the title out where there is none: the link alone', () => {
    expect(addresses({ url: SHORT })).toEqual({
      email: 'mailto:?body=https%3A%2F%2Fshrtnr.co%2FAb3d',
      x: 'https://x.com/intent/post?url=https%3A%2F%2Fshrtnr.co%2FAb3d',
      linkedin: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fshrtnr.co%2FAb3d',
      facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fshrtnr.co%2FAb3d',
      reddit: 'https://www.reddit.com/submit?url=https%3A%2F%2Fshrtnr.co%2FAb3d',
      whatsapp: 'https://wa.me/?text=https%3A%2F%2Fshrtnr.co%2FAb3d',
      telegram: 'https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2FAb3d',
    });
  });

  it('encode what a title may hold so that it stays one value: &, #, =, +, %, ? and spaces', () => {
    const title = 'Q&A #3: 1+1=2 at 100% ?really';
    expect(addressOf('x', { url: SHORT, title })).toBe('https://x.com/intent/post?text=Q%26A%20%233%3A%201%2B1%3D2%20at%20100%25%20%3Freally&url=https%3A%2F%2Fshrtnr.co%2FAb3d');
    expect(addressOf('email', { url: SHORT, title })).toBe('mailto:?subject=Q%26A%20%233%3A%201%2B1%3D2%20at%20100%25%20%3Freally&body=https%3A%2F%2Fshrtnr.co%2FAb3d');
  });

  it('encode right-to-left text and emoji as UTF-8, in the order they are written', () => {
    // "مرحبا بالعالم" (hello, world) and a party popper, U+1F389.
    const title = 'مرحبا بالعالم 🎉';
    expect(addressOf('telegram', { url: SHORT, title })).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fshrtnr.co%2FAb3d&text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20%D8%A8%D8%A7%D9%84%D8%B9%D8%A7%D9%84%D9%85%20%F0%9F%8E%89',
    );
    expect(addressOf('whatsapp', { url: SHORT, title: '🎉' })).toBe('https://wa.me/?text=%F0%9F%8E%89%0Ahttps%3A%2F%2Fshrtnr.co%2FAb3d');
  });

  it("encode a short link's own query and fragment inside the value", () => {
    expect(addressOf('reddit', { url: 'https://short.example/a?b=1&c=2#d', title: 'T' })).toBe('https://www.reddit.com/submit?url=https%3A%2F%2Fshort.example%2Fa%3Fb%3D1%26c%3D2%23d&title=T');
  });

  it('put nothing but the link and the title in the query: each value decodes back to one of them', () => {
    const link = { url: 'https://short.example/a?b=1&c=2#d', title: 'Q&A #3 = مرحبا 🎉 +' };
    for (const { id, address } of SHARE_DESTINATIONS) {
      const parsed = new URL(address(link));
      // No fragment, and only the destination's own names, each once.
      expect(parsed.hash, id).toBe('');
      const values = [...parsed.searchParams.values()].map((value) => (id === 'whatsapp' ? value.split('\n') : [value])).flat();
      expect(values.toSorted(), id).toEqual(values.length === 1 ? [link.url] : [link.title, link.url].toSorted());
      // Encoded so that no reader turns a "+" into a space: decoded as mailto: and URLSearchParams alike.
      expect(parsed.search, id).not.toMatch(/\+/);
    }
  });
});
