import { errorText } from '../platform/error-text';

/**
 * The largest file the list page reads: 10,000 addresses of a typical
 * length are about 1 MB, and a spreadsheet's export with a dozen columns
 * beside them some 5; this leaves room, and stops a video or a disk image
 * chosen by mistake before it is read into memory.
 */
export const MAX_LIST_MEGABYTES = 10;
const MAX_LIST_BYTES = MAX_LIST_MEGABYTES * 1024 * 1024;

/** Why a file gives no list: each has its own sentence on the page (list-words.ts). */
export type ListFileProblem = { kind: 'too-large' } | { kind: 'not-text' } | { kind: 'unreadable'; reason: string };

export type ListFileText = { ok: true; text: string } | { ok: false; problem: ListFileProblem };

/** Reads a chosen or dropped file as text; never rejects. */
export async function readListFile(file: Pick<Blob, 'size' | 'arrayBuffer'>): Promise<ListFileText> {
  if (file.size > MAX_LIST_BYTES) return { ok: false, problem: { kind: 'too-large' } };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { ok: false, problem: { kind: 'unreadable', reason: errorText(error) } };
  }
  const text = decodeText(bytes);
  return text === undefined ? { ok: false, problem: { kind: 'not-text' } } : { ok: true, text };
}

/**
 * A file's bytes as text, or undefined when they are not text (a picture,
 * a workbook, an archive). A byte-order mark says the encoding (UTF-8, or
 * UTF-16 as Excel's "Unicode text" saves it) and is taken off; without one,
 * a NUL byte means binary, and what is not UTF-8 is read as Windows-1252
 * (the CSV of older spreadsheets in western locales). Text with more than a
 * few control characters a text file never holds is not text either.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  const encoding = byteOrderMark(bytes);
  if (encoding !== undefined) return textOnly(new TextDecoder(encoding.name).decode(bytes.subarray(encoding.length)));
  if (bytes.includes(0)) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return textOnly(text);
}

function byteOrderMark(bytes: Uint8Array): { name: string; length: number } | undefined {
  const [first, second, third] = bytes;
  if (first === 0xef && second === 0xbb && third === 0xbf) return { name: 'utf-8', length: 3 };
  if (first === 0xff && second === 0xfe) return { name: 'utf-16le', length: 2 };
  if (first === 0xfe && second === 0xff) return { name: 'utf-16be', length: 2 };
  return undefined;
}

/** C0 controls but tab, line feed, vertical tab, form feed and carriage return; and DEL. */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F]/g;

/** One such character in a hundred is a binary file read as text, not a list a person wrote or exported. */
function textOnly(text: string): string | undefined {
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls * 100 > text.length ? undefined : text;
}
