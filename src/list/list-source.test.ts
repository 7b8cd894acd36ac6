import { describe, expect, it } from 'vitest';
import { addressesOf, listSource } from './list-source';

const A = 'https://example.com/a';
const B = 'https://example.com/b?x=1,2';

describe('a list read from text', () => {
  it('is one address a line when pasted or from a .txt file: blank lines dropped, each kept as written', () => {
    const source = listSource(`\uFEFF${A}\r\n\r\n  ${B}  \nnot an address\n`, false);
    expect(source).toEqual({ rows: [[A], [`  ${B}  `], ['not an address']], places: [1, 3, 4], columns: [{ index: 0 }], suggested: 0 });
    expect(addressesOf(source, 0)).toEqual({ ok: true, addresses: [A, B, 'not an address'], places: [1, 3, 4] });
  });

  it('is a table when it is a .csv file: its columns, named by a first row with no address, and the one holding addresses suggested', () => {
    const source = listSource(`Title,URL,Notes\r\n"Page, one",${A},x\r\nTwo,"${B}",\r\n`, true);
    expect(source.columns).toEqual([
      { index: 0, name: 'Title' },
      { index: 1, name: 'URL' },
      { index: 2, name: 'Notes' },
    ]);
    expect(source.suggested).toBe(1);
    expect(addressesOf(source, 1)).toEqual({ ok: true, addresses: [A, B], places: [2, 3] });
    // Another column chosen: its cells, though none is an address, give nothing to send.
    expect(addressesOf(source, 0)).toEqual({ ok: false, problem: { kind: 'no-address' } });
  });

  it('keeps a first row that holds an address as data, its columns unnamed; reads semicolons', () => {
    const source = listSource(`${A};a\n${B};b\n`, true);
    expect(source.columns).toEqual([{ index: 0 }, { index: 1 }]);
    expect(source.rows).toHaveLength(2);
    expect(addressesOf(source, source.suggested)).toEqual({ ok: true, addresses: [A, B], places: [1, 2] });
  });

  it('keeps a first row whose address is written without its scheme as a row of the list, not a heading: the plan says it cannot be sent', () => {
    const source = listSource(`Home,www.example.com\nDocs,${A}\n`, true);
    expect(source.columns).toEqual([{ index: 0 }, { index: 1 }]);
    expect(addressesOf(source, 1)).toEqual({ ok: true, addresses: ['www.example.com', A], places: [1, 2] });
    // Words are a heading still.
    expect(listSource(`Home,Site\nDocs,${A}\n`, true).columns).toEqual([{ index: 0, name: 'Home' }, { index: 1, name: 'Site' }]);
  });

  it("reads a semicolon table whose first row's text holds a comma (as spreadsheets in decimal-comma locales write)", () => {
    const source = listSource(`Hallo, Welt;${A}\nZwei;${B}\n`, true);
    expect(source.rows).toEqual([['Hallo, Welt', A], ['Zwei', B]]);
    expect(addressesOf(source, source.suggested)).toEqual({ ok: true, addresses: [A, B], places: [1, 2] });
  });

  it("is a table when pasted cells of a spreadsheet hold a tab on every line", () => {
    const source = listSource(`name\turl\nA\t${A}\nB\t${B}\n`, false);
    expect(source.columns).toEqual([
      { index: 0, name: 'name' },
      { index: 1, name: 'url' },
    ]);
    expect(addressesOf(source, source.suggested)).toEqual({ ok: true, addresses: [A, B], places: [2, 3] });
  });

  it('reads a one-column .csv with its heading as a table of one column', () => {
    const source = listSource(`url\n${A}\n"${B}"\n`, true);
    expect(source.columns).toEqual([{ index: 0, name: 'url' }]);
    expect(addressesOf(source, 0)).toEqual({ ok: true, addresses: [A, B], places: [2, 3] });
  });

  it('skips a row too short for the column chosen, and rows with nothing in them; the rows after keep their places', () => {
    const source = listSource(`a,url\nx,${A}\ny\n,,\n"","${B}"\n`, true);
    expect(addressesOf(source, 1)).toEqual({ ok: true, addresses: [A, B], places: [2, 5] });
  });

  it("numbers each address by its row in the spreadsheet: a heading, an empty cell and a blank line count", () => {
    // Cells copied from a column with an empty one (row 3), and a heading: the links, pasted beside, must line up.
    expect(addressesOf(listSource(`URL\n${A}\n\n${B}\n`, false), 0)).toEqual({ ok: true, addresses: ['URL', A, B], places: [1, 2, 4] });
    expect(addressesOf(listSource(`name\turl\nA\t${A}\nB\t\nC\t${B}\n`, false), 1)).toEqual({ ok: true, addresses: [A, B], places: [2, 4] });
  });

  it('gives nothing to send when nothing in it is a web address', () => {
    expect(addressesOf(listSource('', false), 0)).toEqual({ ok: false, problem: { kind: 'no-address' } });
    expect(addressesOf(listSource('Dear team,\nhere are the links.\nwww.example.com\n', false), 0)).toEqual({ ok: false, problem: { kind: 'no-address' } });
  });
});
