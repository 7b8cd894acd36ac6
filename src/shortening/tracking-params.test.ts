import { describe, expect, it } from 'vitest';
import { removeTrackingParams } from './tracking-params';

describe('removeTrackingParams', () => {
  it.each([
    ['https://example.com/a?utm_source=news&utm_medium=email&id=7', 'https://example.com/a?id=7', ['utm_source', 'utm_medium']],
    ['https://example.com/a?id=7&fbclid=IwAR0xyz', 'https://example.com/a?id=7', ['fbclid']],
    ['https://example.com/a?gclid=1&q=shoes&msclkid=2&page=2', 'https://example.com/a?q=shoes&page=2', ['gclid', 'msclkid']],
    ['https://example.com/a?utm_campaign=x', 'https://example.com/a', ['utm_campaign']],
    ['https://example.com/a?utm_campaign=x#section-2', 'https://example.com/a#section-2', ['utm_campaign']],
    ['https://example.com/a?q=1&utm_term=x#frag?utm_source=kept', 'https://example.com/a?q=1#frag?utm_source=kept', ['utm_term']],
    ['http://example.com/?_hsenc=p2A&_hsmi=9&mkt_tok=abc&mc_cid=1&mc_eid=2', 'http://example.com/', ['_hsenc', '_hsmi', 'mkt_tok', 'mc_cid', 'mc_eid']],
    ['https://example.com/?oly_anon_id=a&oly_enc_id=b&vero_id=c&rb_clickid=d&s_cid=e', 'https://example.com/', ['oly_anon_id', 'oly_enc_id', 'vero_id', 'rb_clickid', 's_cid']],
    ['https://example.com/?igshid=a&twclid=b&ttclid=c&li_fat_id=d&yclid=e&dclid=f&gbraid=g&wbraid=h', 'https://example.com/', ['igshid', 'twclid', 'ttclid', 'li_fat_id', 'yclid', 'dclid', 'gbraid', 'wbraid']],
  ])('%s becomes %s', (input, url, removed) => {
    expect(removeTrackingParams(input)).toEqual({ url, removed });
  });

  it('compares names case-insensitively, and reports them as written', () => {
    expect(removeTrackingParams('https://example.com/?UTM_Source=a&FbClId=b&x=1')).toEqual({
      url: 'https://example.com/?x=1',
      removed: ['UTM_Source', 'FbClId'],
    });
  });

  it('decodes the name to compare it, but reports it encoded as it came', () => {
    expect(removeTrackingParams('https://example.com/?utm%5Fsource=a&%66bclid=b&x=1')).toEqual({
      url: 'https://example.com/?x=1',
      removed: ['utm%5Fsource', '%66bclid'],
    });
  });

  it('lists a name once, however often it comes', () => {
    expect(removeTrackingParams('https://example.com/?utm_source=a&x=1&utm_source=b&utm_source')).toEqual({
      url: 'https://example.com/?x=1',
      removed: ['utm_source'],
    });
  });

  it('removes a parameter that has no value', () => {
    expect(removeTrackingParams('https://example.com/?fbclid&x')).toEqual({ url: 'https://example.com/?x', removed: ['fbclid'] });
  });

  it('keeps every other byte: encodings, "+", empty pairs, odd escapes and order', () => {
    const input = 'https://example.com/p%20ath?q=a%20b+c&utm_source=x&e=%E2%82%AC&&bad=%zz&k=v=w&z#f%20g';
    expect(removeTrackingParams(input)).toEqual({
      url: 'https://example.com/p%20ath?q=a%20b+c&e=%E2%82%AC&&bad=%zz&k=v=w&z#f%20g',
      removed: ['utm_source'],
    });
  });

  it('leaves names that only look like trackers', () => {
    for (const input of [
      'https://example.com/?utm=1&utmsource=2&xutm_source=3&ref=4&ref_src=twsrc%5Etfw&cid=5&gclid_x=6&source=7',
      'https://example.com/?q=utm_source%3Dx&next=%26fbclid%3D1',
      'https://example.com/utm_source=x/fbclid',
      'https://example.com/#utm_source=x&fbclid=y',
    ]) {
      expect(removeTrackingParams(input)).toEqual({ url: input, removed: [] });
    }
  });

  it('gives back a name with a malformed escape untouched', () => {
    const input = 'https://example.com/?%E0%A4%A=1&utm_id=2';
    expect(removeTrackingParams(input)).toEqual({ url: 'https://example.com/?%E0%A4%A=1', removed: ['utm_id'] });
  });

  it.each([
    'ftp://example.com/?utm_source=x',
    'mailto:someone@example.com?utm_source=x',
    'javascript:alert(1)//?utm_source=x',
    'chrome-extension://abc/page.html?utm_source=x',
    '/relative?utm_source=x',
    'example.com/?utm_source=x',
    '?utm_source=x',
    '',
  ])('returns %j unchanged: not an absolute http(s) URL', (input) => {
    expect(removeTrackingParams(input)).toEqual({ url: input, removed: [] });
  });

  it('accepts any case of the scheme', () => {
    expect(removeTrackingParams('HTTPS://Example.com/?utm_source=x&a=1')).toEqual({ url: 'HTTPS://Example.com/?a=1', removed: ['utm_source'] });
  });
});
