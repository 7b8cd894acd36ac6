// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIMITERS, delimitedRows, type Delimiter } from './delimited-text';
import { CONTROL, decodeText } from './list-file';
import { addressesOf, listSource, MAX_LIST_ADDRESSES } from './list-source';

/** Cells dense in what a reader must get right: separators, quotes, line breaks, spaces, among anything else. */
const cell = fc.string({ unit: fc.oneof(fc.constantFrom(',', ';', '\t', '"', '\r', '\n', ' ', 'a', '1'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), maxLength: 12 });
const lineBreak = fc.constantFrom('\r\n', '\n', '\r');

/** A field as an RFC 4180 writer (a spreadsheet) writes it: quoted when it holds a quote, the separator or a line break. */
const written = (value: string, delimiter: Delimiter) => (/["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replaceAll('"', '""')}"` : value);

describe('a table, for any cells', () => {
  it('reads back the cells a spreadsheet wrote, whatever the separator and line breaks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DELIMITERS),
        // Rows of at least two cells, or of one that is not empty: a writer's empty row is a blank line, which adds no row.
        fc.array(fc.oneof(fc.array(cell, { minLength: 2, maxLength: 4 }), cell.filter((value) => value !== '').map((value) => [value])), { minLength: 1, maxLength: 6 }),
        fc.array(lineBreak, { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        (delimiter, rows, breaks, lastBreak) => {
          const text = rows.map((row, index) => `${row.map((value) => written(value, delimiter)).join(delimiter)}${index < rows.length - 1 || lastBreak ? breaks[index] : ''}`).join('');
          // With no blank line between them, the records are the rows 1, 2, 3… of the spreadsheet.
          expect(delimitedRows(text, delimiter)).toEqual(rows.map((cells, index) => ({ cells, row: index + 1 })));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/** A line a person pastes: anything but a line break. */
const line = fc.string({ unit: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((character) => !/[\r\n\t]/.test(character)), maxLength: 30 });

describe('pasted lines, for any lines', () => {
  it('give each line that is not blank, trimmed, in order, whatever the line breaks, each with its line', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(line, lineBreak), { maxLength: 20 }), fc.nat().map((n) => `https://example.com/${n}`), (lines, address) => {
        const text = `${lines.map(([words, breakAfter]) => `${words}${breakAfter}`).join('')}${address}`;
        const expected = [...lines.map(([words]) => words.trim()).filter((words) => words !== ''), address];
        const read = addressesOf(listSource(text, false), 0);
        if (!read.ok) throw new Error(`The list was refused: ${read.problem.kind}`);
        expect(read.addresses).toEqual(expected);
        // Each place is the line it was on, as an editor numbers lines (CRLF one break).
        const textLines = text.split(/\r\n|\r|\n/);
        expect(read.places.map((place) => textLines[place - 1]?.trim())).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it(`refuse more than ${MAX_LIST_ADDRESSES} entries, and take as many`, () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_LIST_ADDRESSES - 3, max: MAX_LIST_ADDRESSES + 3 }), fc.constantFrom('\n', '\r\n'), (count, breakAfter) => {
        const text = Array.from({ length: count }, (_, index) => `https://example.com/${index}`).join(breakAfter);
        const read = addressesOf(listSource(text, false), 0);
        expect(read.ok).toBe(count <= MAX_LIST_ADDRESSES);
        expect(read.ok ? read.addresses.length : read.problem).toEqual(count <= MAX_LIST_ADDRESSES ? count : { kind: 'too-many', count });
      }),
      { numRuns: 7 },
    );
  });
});

describe('any bytes', () => {
  it('are text with no NUL and few control characters, or not text; never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = decodeText(bytes);
        const marked = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
        expect(text === undefined || marked || !bytes.includes(0)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('of UTF-8 text read as that text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }).filter((text) => !new RegExp(CONTROL.source).test(text)), (text) => {
        expect(decodeText(new TextEncoder().encode(text))).toBe(text.replace(/^\uFEFF/, ''));
      }),
      { numRuns: 1000 },
    );
  });
});
