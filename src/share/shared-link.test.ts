// The link as it is shared: the short link, and the page's title only when
// it is one, and one that can be encoded.
import { describe, expect, it } from 'vitest';
import { SHARE_DESTINATIONS } from './share-destinations';
import { sharedLink } from './shared-link';

const SHORT = 'https://shrtnr.co/Ab3d';
const LONG = 'https://www.example.com/articles/2024/a-rather-long-title?ref=home&secret=1';

describe('the link as it is shared', () => {
  it("is the short link and the page's title, trimmed", () => {
    expect(sharedLink(SHORT, LONG, '  A rather long title \n')).toEqual({ url: SHORT, title: 'A rather long title' });
  });

  it('has no title when the page had none, or a blank one', () => {
    expect(sharedLink(SHORT, LONG, undefined)).toEqual({ url: SHORT });
    expect(sharedLink(SHORT, LONG, ' \t ')).toEqual({ url: SHORT });
  });

  it('has no title when the title is the long address, as browsers name an untitled page: the short link does not give it away', () => {
    for (const title of [LONG, 'www.example.com/articles/2024/a-rather-long-title?ref=home&secret=1', 'example.com/articles/2024', 'http://example.com', 'example.com']) {
      expect(sharedLink(SHORT, LONG, title), title).toEqual({ url: SHORT });
    }
    expect(sharedLink(SHORT, 'https://127.0.0.1:8443/demo/untitled?token=x', '127.0.0.1:8443/demo/untitled?token=x')).toEqual({ url: SHORT });
    // Chromium names an untitled tab by its address with %20 shown as spaces (url_formatter's UnescapeRule::SPACES):
    // an address still, whose query would give away what the short link stands for.
    expect(sharedLink(SHORT, 'https://files.example.com/shared%20files/report?key=s3cret', 'files.example.com/shared files/report?key=s3cret')).toEqual({ url: SHORT });
    // A host in Unicode, as a tab shows it, is the punycode one of the address.
    expect(sharedLink(SHORT, 'https://xn--bcher-kva.test/buch', 'bücher.test/buch')).toEqual({ url: SHORT });
  });

  it('keeps a title that names another host, or is words', () => {
    expect(sharedLink(SHORT, LONG, 'github.com')).toEqual({ url: SHORT, title: 'github.com' });
    expect(sharedLink(SHORT, LONG, 'example.com: the news')).toEqual({ url: SHORT, title: 'example.com: the news' });
    expect(sharedLink(SHORT, LONG, 'Example')).toEqual({ url: SHORT, title: 'Example' });
  });

  it('takes out of the title what cannot be encoded (a lone surrogate) or has no place in a message (a control character)', () => {
    const link = sharedLink(SHORT, LONG, 'Broken \uD83D title\u0007 🎉');
    expect(link).toEqual({ url: SHORT, title: 'Broken  title 🎉' });
    for (const { address } of SHARE_DESTINATIONS) expect(() => address(link)).not.toThrow();
  });
});
