// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeTrackingParams } from './tracking-params';

// Built independently of the module: a query is a list of pairs, some of them
// trackers, and the answer must be exactly the other pairs, joined as they were.
const TRACKERS = ['utm_source', 'utm_medium', 'utm_whatever', 'fbclid', 'gclid', 'msclkid', 'mc_eid', '_hsenc', 'mkt_tok', 'vero_id', 'li_fat_id'];

const queryCharacter = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '+', '%20', '%2B', '%26', '%3D', '%E2%82%AC', '%zz', '%', '=', '/', '?', ':', '@', '!', '$', "'", '(', ')', '*', ',', ';'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((character) => !'&#'.includes(character)),
);
const text = (maxLength: number) => fc.string({ unit: queryCharacter, maxLength });
/** A name no tracker could decode to: it never starts with `utm_` nor is one of the listed names. */
const plainName = text(8).filter((name) => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    // Compared as written, like the module does.
  }
  decoded = decoded.toLowerCase();
  return !decoded.startsWith('utm_') && !/^(fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_eid|mc_cid|yclid|igshid|twclid|ttclid|li_fat_id|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|vero_conv|rb_clickid|s_cid)$/.test(decoded);
});
const plainPair = fc.tuple(plainName.filter((name) => !name.includes('=')), fc.option(text(10), { nil: undefined })).map(([name, value]) => ({
  tracker: undefined,
  raw: value === undefined ? name : `${name}=${value}`,
}));
const trackerPair = fc.tuple(fc.mixedCase(fc.constantFrom(...TRACKERS)), fc.option(text(10), { nil: undefined })).map(([name, value]) => ({
  tracker: name,
  raw: value === undefined ? name : `${name}=${value}`,
}));
const base = fc.webUrl({ withQueryParameters: false, withFragments: false });
const fragment = fc.option(fc.webFragments(), { nil: undefined });

describe('removeTrackingParams, for any query', () => {
  it('keeps exactly the other pairs, byte for byte and in order, and names the removed ones once each', () => {
    fc.assert(
      fc.property(base, fc.array(fc.oneof(plainPair, trackerPair), { maxLength: 8 }), fragment, (start, pairs, hash) => {
        const tail = hash === undefined ? '' : `#${hash}`;
        const input = `${start}?${pairs.map(({ raw }) => raw).join('&')}${tail}`;
        const trackers = pairs.flatMap(({ tracker }) => (tracker === undefined ? [] : [tracker]));
        const kept = pairs.filter(({ tracker }) => tracker === undefined).map(({ raw }) => raw).join('&');
        // With no tracker the URL is left as it is, byte for byte (even a bare `?`).
        const url = trackers.length === 0 ? input : `${start}${kept === '' ? '' : `?${kept}`}${tail}`;
        expect(removeTrackingParams(input)).toEqual({ url, removed: [...new Set(trackers)] });
      }),
    );
  });

  it('is idempotent: a cleaned URL has nothing left to remove', () => {
    fc.assert(
      fc.property(base, fc.array(fc.oneof(plainPair, trackerPair), { maxLength: 8 }), fragment, (start, pairs, hash) => {
        const input = `${start}?${pairs.map(({ raw }) => raw).join('&')}${hash === undefined ? '' : `#${hash}`}`;
        const once = removeTrackingParams(input).url;
        expect(removeTrackingParams(once)).toEqual({ url: once, removed: [] });
      }),
    );
  });

  it('never touches anything that is not an http(s) URL', () => {
    const otherScheme = fc.tuple(fc.constantFrom('ftp', 'mailto', 'data', 'file', 'chrome-extension'), base).map(([scheme, url]) => url.replace(/^https?/, scheme));
    fc.assert(
      fc.property(fc.oneof(fc.string(), otherScheme.map((url) => `${url}?utm_source=x`)), (input) => {
        fc.pre(!URL.canParse(input) || !['http:', 'https:'].includes(new URL(input).protocol));
        expect(removeTrackingParams(input)).toEqual({ url: input, removed: [] });
      }),
    );
  });

  it('never touches the fragment, though it reads like a query of trackers', () => {
    const hash = fc.oneof(fc.webFragments(), fc.array(fc.oneof(plainPair, trackerPair), { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(({ raw }) => raw).join('&')));
    fc.assert(
      fc.property(base, fc.array(fc.oneof(plainPair, trackerPair), { maxLength: 8 }), hash, (start, pairs, written) => {
        const input = `${start}?${pairs.map(({ raw }) => raw).join('&')}#${written}`;
        expect(removeTrackingParams(input).url.endsWith(`#${written}`)).toBe(true);
      }),
    );
  });
});
