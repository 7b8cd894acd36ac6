// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlText } from './xml-text';

// XML 1.0's Char production (https://www.w3.org/TR/xml/#charsets), written
// out code point by code point rather than as the module's pattern.
const isXmlChar = (point: number) =>
  point === 0x9 || point === 0xa || point === 0xd || (point >= 0x20 && point <= 0xd7ff) || (point >= 0xe000 && point <= 0xfffd) || (point >= 0x10000 && point <= 0x10ffff);

/** The string's code points, a lone surrogate as its own (what `for…of` gives). */
const codePoints = (text: string) => [...text].map((character) => character.codePointAt(0) ?? -1);

/** Any UTF-16 text, lone surrogates, controls and noncharacters among it, and often near the edges of what XML allows. */
const edgeUnit = fc.constantFrom(0x0, 0x1, 0x8, 0x9, 0xa, 0xb, 0xc, 0xd, 0x1f, 0x20, 0x7f, 0x85, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xfffe, 0xffff).map((unit) => String.fromCharCode(unit));
const anyText = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 1, minLength: 1 }), edgeUnit, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), { maxLength: 40 }).map((parts) => parts.join(''));

describe('xmlText, for any text', () => {
  it('leaves only characters XML 1.0 allows', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(codePoints(xmlText(text)).every(isXmlChar)).toBe(true);
      }),
    );
  });

  it('takes out only those: every allowed character stays, in order (a surrogate pair as its one character)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const kept = codePoints(text).filter(isXmlChar).map((point) => String.fromCodePoint(point)).join('');
        expect(xmlText(text)).toBe(kept);
      }),
    );
  });

  it('changes nothing the second time', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(xmlText(xmlText(text))).toBe(xmlText(text));
      }),
    );
  });
});
