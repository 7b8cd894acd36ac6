import { describe, expect, it } from 'vitest';
import { delimitedRows as rowsWithNumbers, sniffDelimiter, type Delimiter } from './delimited-text';

const delimitedRows = (text: string, delimiter: Delimiter) => rowsWithNumbers(text, delimiter).map(({ cells }) => cells);

describe('delimited text, as RFC 4180 reads it', () => {
  it('splits records on CRLF, LF and a lone CR, and adds no row for the last break or blank lines', () => {
    expect(delimitedRows('a,b\r\nc,d\ne,f\rg,h\r\n', ',')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
    expect(delimitedRows('a\n\n\nb', ',')).toEqual([['a'], ['b']]);
  });

  it("numbers each record by its row in a spreadsheet: blank lines count, a line break inside quotes does not", () => {
    expect(rowsWithNumbers('a\r\n\r\n"b\nc"\n\rd\n\n', ',')).toEqual([
      { cells: ['a'], row: 1 },
      { cells: ['b\nc'], row: 3 },
      { cells: ['d'], row: 5 },
    ]);
  });

  it('keeps separators, line breaks and doubled quotes inside a quoted field', () => {
    expect(delimitedRows('"Page 1, ""quoted""","https://a.test/?q=1,2"\r\n"two\r\nlines",x', ',')).toEqual([
      ['Page 1, "quoted"', 'https://a.test/?q=1,2'],
      ['two\r\nlines', 'x'],
    ]);
  });

  it('keeps empty fields, at the start, between and at the end', () => {
    expect(delimitedRows(',a,,b,\n""', ',')).toEqual([['', 'a', '', 'b', ''], ['']]);
  });

  it('reads leniently what spreadsheets write: a quote inside a field, text after a closing quote, a quote never closed', () => {
    expect(delimitedRows('ab"c,"d"e,"f', ',')).toEqual([['ab"c', 'de', 'f']]);
  });

  it('splits on the separator given: a semicolon, a tab', () => {
    expect(delimitedRows('a;b,c\n', ';')).toEqual([['a', 'b,c']]);
    expect(delimitedRows('a\tb;c\n', '\t')).toEqual([['a', 'b;c']]);
  });
});

/** A cell a list wants: a web address, here as simple as the tests need. */
const isUrl = (cell: string) => /^https:\/\/\S+$/.test(cell);

describe("a table's separator", () => {
  it('is the one its first record holds most often outside quotes', () => {
    expect(sniffDelimiter('name;url;note\nx,y;z')).toBe(';');
    expect(sniffDelimiter('title\turl\n')).toBe('\t');
    expect(sniffDelimiter('"a;b;c",url\n')).toBe(',');
    expect(sniffDelimiter('"two\nlines;;;",b,c\nx;y;z;w;v')).toBe(',');
  });

  it('is, told what a wanted cell is, the one under which most of the first records hold one: a semicolon table whose first row holds a comma in its text', () => {
    expect(sniffDelimiter('Hallo, Welt;https://a.test/x\nFoo;https://b.test/y\n', isUrl)).toBe(';');
    expect(sniffDelimiter('Hallo, Welt;https://a.test/x\n', isUrl)).toBe(';');
    expect(sniffDelimiter('Hallo, Welt;https://a.test/x\n')).toBe(',');
    // None ahead: the first record's count decides, as it does untold.
    expect(sniffDelimiter('name;url;note\nx,y;z', isUrl)).toBe(';');
    expect(sniffDelimiter('a,b;c\n', isUrl)).toBe(',');
  });

  it('is a comma when the first record holds none (one column)', () => {
    expect(sniffDelimiter('https://a.test/\nhttps://b.test/;x')).toBe(',');
  });
});
