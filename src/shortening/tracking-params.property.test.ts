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
        const result = removeTrackingParams(input);
        if (trackers.length === 0) {
          expect(result).toEqual({ url: input, removed: [] });
          return;
        }
        const kept = pairs.filter(({ tracker }) => tracker === undefined).map(({ raw }) => raw).join('&');
        expect(result.url).toBe(`${start}${kept === '' ? '' : `?${kept}`}${tail}`);
        expect(result.removed).toEqual([...new Set(trackers)]);
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

  it('never touches the fragment, nor anything that is not an http(s) URL', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = removeTrackingParams(input);
        if (!URL.canParse(input) || !['http:', 'https:'].includes(new URL(input).protocol)) {
          expect(result).toEqual({ url: input, removed: [] });
        }
        const hashAt = input.indexOf('#');
        if (hashAt !== -1) expect(result.url.endsWith(input.slice(hashAt))).toBe(true);
      }),
    );
  });
});
