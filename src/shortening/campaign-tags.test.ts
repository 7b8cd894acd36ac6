import { describe, expect, it } from 'vitest';
import { asCampaign } from '../storage/campaign';
import { withCampaign } from './campaign-tags';

const NEWSLETTER = [
  { key: 'utm_source', value: 'newsletter' },
  { key: 'utm_medium', value: 'email' },
  { key: 'utm_campaign', value: 'spring & summer #1 = best?' },
];

describe('an address tagged with a campaign', () => {
  it('gains its parameters, each value encoded so nothing in it can break out', () => {
    const { url: tagged } = withCampaign('https://shop.example/p?id=7#reviews', NEWSLETTER);
    expect(tagged).toBe('https://shop.example/p?id=7&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20%26%20summer%20%231%20%3D%20best%3F#reviews');
    const parsed = new URL(tagged);
    expect(parsed.searchParams.get('utm_campaign')).toBe('spring & summer #1 = best?');
    expect(parsed.hash).toBe('#reviews');
    expect([...parsed.searchParams.keys()]).toEqual(['id', 'utm_source', 'utm_medium', 'utm_campaign']);
  });

  it('replaces a tag already there (any case, escaped or not) rather than doubling it, and leaves the rest byte for byte', () => {
    expect(withCampaign('https://shop.example/?q=a%20b+c&UTM_SOURCE=old&utm%5Fmedium=x&keep=1', NEWSLETTER.slice(0, 2))).toEqual({
      url: 'https://shop.example/?q=a%20b+c&keep=1&utm_source=newsletter&utm_medium=email',
      dropped: [],
    });
  });

  it("drops every other utm_ tag there, naming it: an ad's content, term and id would be credited with the campaign's clicks", () => {
    const fromAnAd = 'https://shop.example/p?id=7&utm_source=facebook&utm_medium=cpc&utm_campaign=spring&utm_content=ad7&UTM_Term=shoes&utm%5Fid=123&utmost=1&UTM_CONTENT=ad7';
    expect(withCampaign(fromAnAd, NEWSLETTER.slice(0, 2))).toEqual({
      url: 'https://shop.example/p?id=7&utmost=1&utm_source=newsletter&utm_medium=email',
      dropped: ['utm_campaign', 'utm_content', 'UTM_Term', 'utm_id'],
    });
    // A campaign of other parameters alone leaves the utm_ tags as they were.
    expect(withCampaign('https://shop.example/p?utm_content=ad7', [{ key: 'ref', value: 'mail' }])).toEqual({ url: 'https://shop.example/p?utm_content=ad7&ref=mail', dropped: [] });
  });

  it('mends half of a character in a value (a preset stored before the forms refused one) instead of failing to encode it', () => {
    expect(withCampaign('https://shop.example/', [{ key: 'utm_source', value: 'launch \uD83D 🚀' }]).url).toBe('https://shop.example/?utm_source=launch%20%EF%BF%BD%20%F0%9F%9A%80');
  });

  it('leaves anything but an http(s) address as given', () => {
    expect(withCampaign('mailto:a@b.example', NEWSLETTER)).toEqual({ url: 'mailto:a@b.example', dropped: [] });
    expect(withCampaign('not a url', NEWSLETTER)).toEqual({ url: 'not a url', dropped: [] });
  });
});

describe('a campaign that crossed a boundary', () => {
  it('is believed only within bounds: a name, 1 to 12 parameters, each a plain name once with a value', () => {
    expect(asCampaign({ name: 'Spring', params: NEWSLETTER })).toEqual({ name: 'Spring', params: NEWSLETTER });
    const whole = { name: 'Launch', params: [{ key: 'utm_source', value: 'launch 🚀' }] };
    expect(asCampaign(whole)).toEqual(whole);
    const refused = [
      { name: '', params: NEWSLETTER },
      { name: 'x'.repeat(61), params: NEWSLETTER },
      { name: 'No params', params: [] },
      { name: 'Bad key', params: [{ key: 'utm source', value: 'x' }] },
      { name: 'Empty value', params: [{ key: 'utm_source', value: '' }] },
      { name: 'Twice', params: [{ key: 'utm_source', value: 'a' }, { key: 'UTM_SOURCE', value: 'b' }] },
      { name: 'Long', params: [{ key: 'utm_source', value: 'x'.repeat(201) }] },
      // Nothing rides along: a preset from sync or a file with fields of its own is not one.
      { name: 'Extra', params: NEWSLETTER, note: 'from elsewhere' },
      { name: 'Extra param', params: [{ key: 'utm_source', value: 'a', colour: 'red' }] },
      'Spring',
    ];
    for (const campaign of refused) expect(asCampaign(campaign)).toBeUndefined();
  });
});
