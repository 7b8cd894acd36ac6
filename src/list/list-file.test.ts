import { describe, expect, it } from 'vitest';
import { decodeText, MAX_LIST_MEGABYTES, readListFile } from './list-file';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);
/** A file as the page gets it from a drop or a file chooser. */
const file = (data: Uint8Array<ArrayBuffer>) => new Blob([data]);

describe("a list file's text", () => {
  it('reads UTF-8, with or without its byte-order mark, and takes the mark off', () => {
    expect(decodeText(utf8('https://example.com/ä\n'))).toBe('https://example.com/ä\n');
    expect(decodeText(bytes(0xef, 0xbb, 0xbf, ...utf8('https://a.test/')))).toBe('https://a.test/');
  });

  it("reads UTF-16 as Excel's \"Unicode text\" saves it, little- or big-endian", () => {
    const text = 'url\thttps://example.com/ü\r\n';
    const little = [...text].flatMap((character) => [character.charCodeAt(0) & 0xff, character.charCodeAt(0) >> 8]);
    expect(decodeText(bytes(0xff, 0xfe, ...little))).toBe(text);
    const big = [...text].flatMap((character) => [character.charCodeAt(0) >> 8, character.charCodeAt(0) & 0xff]);
    expect(decodeText(bytes(0xfe, 0xff, ...big))).toBe(text);
  });

  it('reads what is not UTF-8 as Windows-1252, as older spreadsheets save CSV', () => {
    // "Café" in Windows-1252: é is 0xE9, which alone is no UTF-8.
    expect(decodeText(bytes(...utf8('Caf'), 0xe9, ...utf8(',https://a.test/\r\n')))).toBe('Café,https://a.test/\r\n');
  });

  it('is not text with a NUL byte and no byte-order mark (a picture, a workbook, an archive)', () => {
    // A PNG's signature and the start of its first chunk.
    expect(decodeText(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBeUndefined();
    // An .xlsx is a zip archive.
    expect(decodeText(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0))).toBeUndefined();
  });

  it('is not text when more than one character in a hundred is a control character no text holds', () => {
    const line = 'https://example.com/a-page-of-some-length\n';
    expect(decodeText(utf8(`${line.repeat(3)}\u0001`))).toBe(`${line.repeat(3)}\u0001`);
    expect(decodeText(utf8(`${line}\u0001\u0002\u0003\u0004`))).toBeUndefined();
    // Tabs, line breaks and form feeds are text.
    expect(decodeText(utf8('a\tb\r\nc\fd\ve'))).toBe('a\tb\r\nc\fd\ve');
  });

  it('refuses a file over the size cap before reading it', async () => {
    let read = false;
    const huge = { size: MAX_LIST_MEGABYTES * 1024 * 1024 + 1, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) };
    await expect(readListFile(huge)).resolves.toEqual({ ok: false, problem: { kind: 'too-large' } });
    expect(read).toBe(false);
  });

  it("reads a file's text, says one that is not text, and one the browser could not read", async () => {
    await expect(readListFile(file(utf8('https://a.test/\n')))).resolves.toEqual({ ok: true, text: 'https://a.test/\n' });
    await expect(readListFile(file(bytes(0x25, 0x50, 0x44, 0x46, 0, 1, 2)))).resolves.toEqual({ ok: false, problem: { kind: 'not-text' } });
    const gone = { size: 10, arrayBuffer: () => Promise.reject(new Error('The file was moved.')) };
    await expect(readListFile(gone)).resolves.toEqual({ ok: false, problem: { kind: 'unreadable', reason: 'The file was moved.' } });
  });
});
