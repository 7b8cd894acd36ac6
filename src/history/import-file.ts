import * as z from 'zod/mini';
import { errorText } from '../platform/error-text';
import { asHistoryEntry, IMPORTED, type HistoryEntry } from '../storage/history-entry';
import { CSV_HEADER, EXPORT_FORMAT, EXPORT_VERSION } from './export-file';

z.config({ jitless: true });

/**
 * The largest file import reads. A full history (10,000 links) of typical
 * links exports to 3–5 MB; this leaves room for long URLs and titles, and
 * stops a wrongly chosen video or disk image before it is read into memory.
 */
export const MAX_IMPORT_MEGABYTES = 16;
const MAX_IMPORT_BYTES = MAX_IMPORT_MEGABYTES * 1024 * 1024;

/**
 * How far past now an imported entry may be dated: room for the clock of the
 * machine that exported it running ahead of this one. Anything later would
 * sort above every link made from now on, and never be the oldest to go.
 */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

export type ImportProblem =
  | { kind: 'too-large' }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'empty' }
  /** The CSV export (for spreadsheets), chosen instead of the JSON one. */
  | { kind: 'csv-export' }
  | { kind: 'not-json' }
  | { kind: 'wrong-format' }
  | { kind: 'wrong-version'; version: number };

export type ParsedImport =
  | {
      ok: true;
      /** Valid entries, each short link once, each marked imported. */
      entries: HistoryEntry[];
      /** Entries that failed validation (asHistoryEntry), skipped. */
      invalid: number;
      /** Entries whose short link came earlier in the same file, skipped. */
      repeated: number;
      /** Valid entries dated after now + FUTURE_TOLERANCE_MS, skipped. */
      future: number;
    }
  | { ok: false; problem: ImportProblem };

/** Reads a chosen file as a history export; never rejects: each way it can fail is a problem of its own. */
export async function readHistoryFile(file: Pick<Blob, 'size' | 'text'>, now: number): Promise<ParsedImport> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, problem: { kind: 'too-large' } };
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    return { ok: false, problem: { kind: 'unreadable', reason: errorText(error) } };
  }
  return parseHistoryJson(text, now);
}

/** An export's header, then its entries, each checked apart (asHistoryEntry): one bad entry is skipped, not the file. */
const exportHeader = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number() });
const exportEntries = z.object({ entries: z.array(z.unknown()) });
/** An entry's fields, as any object has them (a list, or anything else, is no entry). */
const entryFields = z.looseObject({});

/** Parses a JSON export (export-file.ts's `historyJson`), validating every entry; `now` decides what is in the future. */
export function parseHistoryJson(text: string, now: number): ParsedImport {
  let document: unknown;
  // A byte-order mark, as some Windows editors (and the CSV export) save one, is not JSON.
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, problem: { kind: 'empty' } };
  // Its first columns, which every version of the CSV export has had (later ones added columns after them).
  if (body.startsWith(CSV_HEADER.slice(0, 4).join(','))) return { ok: false, problem: { kind: 'csv-export' } };
  try {
    document = JSON.parse(body);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  const header = exportHeader.safeParse(document);
  if (!header.success) return { ok: false, problem: { kind: 'wrong-format' } };
  const { version } = header.data;
  if (version !== EXPORT_VERSION) return { ok: false, problem: { kind: 'wrong-version', version } };
  const listed = exportEntries.safeParse(document);
  if (!listed.success) return { ok: false, problem: { kind: 'wrong-format' } };

  const valid = new Map<string, HistoryEntry>();
  let invalid = 0;
  let repeated = 0;
  let future = 0;
  for (const candidate of listed.data.entries) {
    const fields = entryFields.safeParse(candidate);
    const entry = fields.success ? asHistoryEntry(asImported(fields.data)) : undefined;
    if (entry === undefined) invalid += 1;
    else if (entry.createdAt > now + FUTURE_TOLERANCE_MS) future += 1;
    else if (valid.has(entry.shortUrl)) repeated += 1;
    else valid.set(entry.shortUrl, entry);
  }
  return { ok: true, entries: [...valid.values()], invalid, repeated, future };
}

/**
 * Imported, whatever the file says: only a shortening made here is made
 * here. And of no account, whatever account the file names (valid or not):
 * an account's links are those it made here, listed and filtered as its own.
 */
function asImported({ account: _account, ...fields }: Record<string, unknown>): Record<string, unknown> {
  return { ...fields, origin: IMPORTED };
}
