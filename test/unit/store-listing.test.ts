// The store listings' words (store/listings/, with the manifest's name and
// summary per language): each within the stores' limits, and the check that
// says which field of which language is over.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listingFiles, listingProblems, readListing, STORE_LOCALES, type Listing } from '../../scripts/store/listing';

const ROOT = resolve(import.meta.dirname, '../..');

describe('store listings', () => {
  it.each(STORE_LOCALES)('the %s listing reads and fits every limit', async (locale) => {
    const listing = await readListing(ROOT, locale);
    expect(listing.locale).toBe(locale);
    expect(listingProblems(listing)).toEqual([]);
  });

  it('names the field, the language and the numbers of whatever is over its limit', async () => {
    const listing: Listing = { ...(await readListing(ROOT, 'de')), summary: 'x'.repeat(133), captions: { ...(await readListing(ROOT, 'de')).captions, menu: 'ü'.repeat(71) } };
    expect(listingProblems(listing)).toEqual([
      'de: the summary (chrome) is 133 characters, over 132.',
      'de: the summary (edge) is 133 characters, over 132.',
      'de: the menu caption is 71 characters, over 70.',
    ]);
  });

  it('counts characters, not UTF-16 units: an Arabic or emoji text is as long as it reads', async () => {
    const listing: Listing = { ...(await readListing(ROOT, 'ar')), tagline: '🔗'.repeat(32) };
    expect(listingProblems(listing)).toEqual([]);
    expect(listingProblems({ ...listing, tagline: '🔗'.repeat(33) })).toEqual(["ar: the promo tile's line is 33 characters, over 32."]);
  });

  it('refuses a name or summary that names Chrome, which Edge Add-ons would show as it is', async () => {
    const listing = await readListing(ROOT, 'es');
    expect(listingProblems({ ...listing, name: 'Shrtnr for Chrome', summary: `${listing.summary} (chrome)` })).toEqual([
      'es: the name names Chrome, which Edge Add-ons shows as it is.',
      'es: the summary names Chrome, which Edge Add-ons shows as it is.',
    ]);
  });

  it("gives addons.mozilla.org what's new, which the Chrome Web Store and Edge Add-ons have no field for", async () => {
    const listing = await readListing(ROOT, 'fr');
    expect(Object.keys(listingFiles(listing, 'chrome')).toSorted()).toEqual(['description.txt', 'name.txt', 'summary.txt']);
    expect(listingFiles(listing, 'edge')).toEqual(listingFiles(listing, 'chrome'));
    expect(listingFiles(listing, 'firefox')['whats-new.txt']).toBe(`${listing.whatsNew}\n`);
  });
});
