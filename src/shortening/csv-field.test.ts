import { describe, expect, it } from 'vitest';
import { csvField } from './csv-field';

describe('a CSV field read by a spreadsheet that splits on another separator (issue 19)', () => {
  it("guards the issue's title in a `;` locale: no cell starts with the formula", () => {
    const field = csvField("x;=cmd|' /C calc'!A0");
    expect(field).toBe("x;'=cmd|' /C calc'!A0");
    expect(field.split(';')).toEqual(['x', "'=cmd|' /C calc'!A0"]);
  });

  it('guards a trigger after a comma, a semicolon, a tab, a bar or a line break, in titles, with an apostrophe', () => {
    expect(csvField('a,=1')).toBe(`"a,'=1"`);
    expect(csvField('a;+1')).toBe("a;'+1");
    expect(csvField('a\t-1')).toBe("a\t'-1");
    expect(csvField('a|@SUM(A1)')).toBe("a|'@SUM(A1)");
    expect(csvField('a\n=1')).toBe(`"a\n'=1"`);
    // A tab is a trigger and a separator at once: both get theirs.
    expect(csvField('a;\t=1')).toBe("a;'\t'=1");
    expect(csvField('\t=1')).toBe("'\t'=1");
  });

  it('leaves what no spreadsheet runs as it is', () => {
    expect(csvField('Tips - and tricks; for all | everyone')).toBe('Tips - and tricks; for all | everyone');
    expect(csvField('a - b')).toBe('a - b');
    expect(csvField('e-mail: a@b.example')).toBe('e-mail: a@b.example');
  });

  it('percent-encodes the trigger in a URL instead, so that the link still works', () => {
    expect(csvField("https://example.com/x;=cmd|' /C calc'!A0", 'url')).toBe("https://example.com/x;%3Dcmd|' /C calc'!A0");
    expect(csvField('https://example.com/a,-b?c=d;+e|@f', 'url')).toBe('"https://example.com/a,%2Db?c=d;%2Be|%40f"');
    expect(csvField('https://example.com/a=b+c-d@e', 'url')).toBe('https://example.com/a=b+c-d@e');
    const encoded = new URL(csvField('https://example.com/p;=1', 'url'));
    expect(decodeURIComponent(encoded.pathname)).toBe('/p;=1');
  });
});
