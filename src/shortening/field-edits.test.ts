import { describe, expect, it } from 'vitest';
import { asFieldTexts, fieldAddresses, fieldEdits } from './field-edits';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const shortLinkOf = (url: string) => ({ [A]: 'https://s.co/1', [B]: 'https://s.co/2' })[url];

describe('a text field', () => {
  it('is believed only in the shape the page function returns, within bounds', () => {
    expect(asFieldTexts({ kind: 'value', texts: ['x'] })).toEqual({ kind: 'value', texts: ['x'] });
    for (const said of [undefined, { problem: 'none' }, { kind: 'other', texts: [] }, { kind: 'editable', texts: [1] }, { kind: 'value', texts: ['x'.repeat(200_001)] }]) {
      expect(asFieldTexts(said)).toBeUndefined();
    }
  });

  it('has each address once, from every text of an editable block', () => {
    expect(fieldAddresses({ kind: 'editable', texts: [`Notes: ${A} then `, 'bold', ` ${B} and ${A}.`] })).toEqual([A, B]);
  });

  it('is edited where its addresses still are, as it is now: an address the user changed or added meanwhile is left alone', () => {
    const now = { kind: 'value' as const, texts: [`Typed first. ${A}, ${A}/more and ${B}. New: https://new.example/x`] };
    const text = now.texts[0] ?? '';
    expect(fieldEdits(now, shortLinkOf)).toEqual([
      { text: 0, start: text.indexOf(A), end: text.indexOf(A) + A.length, replacement: 'https://s.co/1' },
      { text: 0, start: text.indexOf(B), end: text.indexOf(B) + B.length, replacement: 'https://s.co/2' },
    ]);
  });
});
