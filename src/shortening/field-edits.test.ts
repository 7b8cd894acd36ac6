import { describe, expect, it } from 'vitest';
import { asFieldTexts, changeStatus, fieldAddresses, fieldAnswer, fieldEdits, replacedAddresses } from './field-edits';

const A = 'https://example.com/a';
const B = 'https://example.com/b';
const shortLinkOf = (url: string) => ({ [A]: 'https://s.co/1', [B]: 'https://s.co/2' })[url];

describe('a text field', () => {
  it('is believed only in the shape the page function returns, within bounds', () => {
    expect(asFieldTexts({ kind: 'value', texts: ['x'] })).toEqual({ kind: 'value', texts: ['x'] });
    expect(asFieldTexts({ kind: 'editable', texts: ['x', 'y'], apart: [true] })).toEqual({ kind: 'editable', texts: ['x', 'y'], apart: [true] });
    // What lies between, said in another shape: not believed, the texts taken as apart.
    expect(asFieldTexts({ kind: 'editable', texts: ['x', 'y'], apart: ['no'] })).toEqual({ kind: 'editable', texts: ['x', 'y'] });
    for (const said of [undefined, { problem: 'none' }, { kind: 'other', texts: [] }, { kind: 'editable', texts: [1] }, { kind: 'value', texts: ['x'.repeat(200_001)] }]) {
      expect(asFieldTexts(said)).toBeUndefined();
    }
  });

  it('is one no person can see when the page says so, else its texts, or nothing the page said in another shape', () => {
    expect(fieldAnswer({ problem: 'hidden' })).toBe('hidden');
    expect(fieldAnswer({ kind: 'value', texts: ['x'], note: 'extra' })).toEqual({ kind: 'value', texts: ['x'] });
    for (const said of [undefined, null, 'hidden', { problem: 'none' }, { problem: 'HIDDEN' }]) expect(fieldAnswer(said)).toBeUndefined();
  });

  it('is changed as the page says it went, if it said so in that shape (else it is taken as gone)', () => {
    for (const status of ['done', 'changed', 'gone'] as const) expect(changeStatus({ status })).toBe(status);
    for (const said of [undefined, null, 'done', { status: 'finished' }, { status: 1 }]) expect(changeStatus(said)).toBeUndefined();
  });

  it('has each address once, from every text of an editable block', () => {
    expect(fieldAddresses({ kind: 'editable', texts: [`Notes: ${A} then `, 'bold', ` ${B} and ${A}.`] })).toEqual([A, B]);
  });

  it('leaves an address split by an editable block\'s markup as written: only its beginning is in one text', () => {
    // `${A}/<b>more</b>`: the text goes on in the bold one.
    const split = { kind: 'editable' as const, texts: [`See ${A}/`, 'more', ` and ${B}.`], apart: [false, false] };
    expect(fieldAddresses(split)).toEqual([B]);
    expect(fieldEdits(split, (url) => shortLinkOf(url) ?? 'https://s.co/split')).toEqual([{ text: 2, start: 5, end: 5 + B.length, replacement: 'https://s.co/2' }]);
    // Its sentence's end, then a space or nothing after it, or a link's text closed by what follows: an address whole.
    expect(fieldAddresses({ kind: 'editable', texts: [`See ${A}.`, ' Then', 'bold'], apart: [false, false] })).toEqual([A]);
    expect(fieldAddresses({ kind: 'editable', texts: ['Notes (', A, ') then', 'bold', ` ${B}`, '. End'], apart: [false, false, false, false, false] })).toEqual([A, B]);
    // Going on past its text with what an address holds: split.
    expect(fieldAddresses({ kind: 'editable', texts: [`See ${A}`, '.html'], apart: [false] })).toEqual([]);
    expect(fieldAddresses({ kind: 'editable', texts: [`See ${A}`] })).toEqual([A]);
    // At the end of a line or a block (<br>, <div>), or where nothing was said of what lies between: whole.
    expect(fieldAddresses({ kind: 'editable', texts: [A, 'Thanks, Bob'], apart: [true] })).toEqual([A]);
    expect(fieldAddresses({ kind: 'editable', texts: [`See ${A}`, 'Next line'] })).toEqual([A]);
    // A text area's value is one text: nothing follows it.
    expect(fieldAddresses({ kind: 'value', texts: [`See ${A}`] })).toEqual([A]);
  });

  it('counts the addresses replaced, two of one short link as two (tracking parameters taken off)', () => {
    const field = { kind: 'value' as const, texts: [`${A}?utm_source=news and ${A} and ${A}`] };
    const edits = fieldEdits(field, (url) => (url.startsWith(A) ? 'https://s.co/1' : undefined));
    expect(edits).toHaveLength(3);
    expect(replacedAddresses(field, edits)).toBe(2);
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
