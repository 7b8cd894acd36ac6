import type { ListRun } from '../messages/list-port';
import type { Words } from '../platform/words';
import { csvField } from '../shortening/csv-field';
import type { BulkItem } from '../storage/session/bulk-run';
import { errorSentence } from '../ui/error-words';

/**
 * What a list came to, a row for each address in the list's order: the
 * address as given, its short link (a repeated address has its first's), and
 * what came of it, as a code (for files: the same on every machine, as the
 * history export's) and in words (for the page and what is pasted).
 */
export interface ListRow {
  /** Its row in the list as given, from 1 (a heading, blank rows and empty cells counted: ListRun's `places`). */
  place: number;
  longUrl: string;
  shortUrl?: string;
  status: 'new' | 'history' | 'repeated' | 'invalid' | 'failed' | 'cancelled' | 'waiting';
  /** A repeated address's first's row; an invalid or failed one's error kind. */
  detail?: string;
  /** The status in the page's words. */
  said: string;
}

export function listRows(run: ListRun, words: Words): ListRow[] {
  // A run stored without places, or with places that are not one an item, numbers its rows in order.
  const places = run.places?.length === run.items.length ? run.places : undefined;
  const placeOf = (nth: number) => places?.[nth - 1] ?? nth;
  const rows: ListRow[] = [];
  for (const [index, item] of run.items.entries()) rows.push(rowOf(item, index + 1, placeOf, rows, words));
  return rows;
}

/** The `nth` item's row (from 1); a duplicate's `of` counts items too. */
function rowOf({ url, status }: BulkItem, nth: number, placeOf: (nth: number) => number, earlier: readonly ListRow[], words: Words): ListRow {
  const { t } = words;
  const row = { place: placeOf(nth), longUrl: url };
  switch (status.state) {
    case 'done':
      return { ...row, shortUrl: status.shortUrl, status: status.fromHistory ? 'history' : 'new', said: t(status.fromHistory ? 'listStatusFromHistory' : 'listStatusNew') };
    case 'failed':
      return status.error.kind === 'cancelled'
        ? { ...row, status: 'cancelled', said: t('bulkItemCancelled') }
        : { ...row, status: 'failed', detail: status.error.kind, said: t('bulkFailed', errorSentence(status.error, words)) };
    case 'skipped': {
      const { skip } = status;
      if (skip.reason === 'duplicate') {
        const first = earlier[skip.of - 1];
        return { ...row, ...(first?.shortUrl === undefined ? {} : { shortUrl: first.shortUrl }), status: 'repeated', detail: String(placeOf(skip.of)), said: t('listStatusDuplicate', placeOf(skip.of)) };
      }
      if (skip.reason === 'not-shortenable') return { ...row, status: 'invalid', detail: skip.error.kind, said: t('bulkSkipped', errorSentence(skip.error, words)) };
      // A tab's reasons, which a list's addresses never have (bulk-plan.ts): said all the same.
      return { ...row, status: 'invalid', detail: skip.reason, said: t(skip.reason === 'own-page' ? 'bulkSkipOwnPage' : 'bulkSkipBrowserPage') };
    }
    default:
      return { ...row, status: 'waiting', said: t('bulkItemWaiting') };
  }
}

export const LIST_TEXT_FORMATS = ['lines', 'markdown', 'csv'] as const;
export type ListTextFormat = (typeof LIST_TEXT_FORMATS)[number];

/** The CSV's columns: English names, whatever the UI language (as the history export's). */
export const LIST_CSV_HEADER = ['row', 'long_url', 'short_url', 'status', 'detail'];

/**
 * The table as text to paste. Lines: one a row of the list as given, from its
 * first address's to its last's, the short link or nothing (a blank row, an
 * empty cell, no link made), so that pasted beside the list in a spreadsheet,
 * from the first address's row, each link lands next to its address.
 * Markdown: a table in the page's words. CSV: RFC 4180, guarded against
 * formulas (csvField), its columns and statuses as codes.
 */
export function listText(format: ListTextFormat, rows: readonly ListRow[], { t }: Words): string {
  switch (format) {
    case 'lines':
      return linesOf(rows);
    case 'markdown':
      return [[t('listColumnLong'), t('listColumnShort'), t('listColumnStatus')], ['---', '---', '---'], ...rows.map((row) => [row.longUrl, row.shortUrl ?? '', row.said])]
        .map((cells) => `| ${cells.map(markdownCell).join(' | ')} |\n`)
        .join('');
    case 'csv':
      return [LIST_CSV_HEADER, ...rows.map((row) => [String(row.place), csvField(row.longUrl, 'url'), csvField(row.shortUrl ?? '', 'url'), row.status, csvField(row.detail ?? '')])]
        .map((cells) => `${cells.join(',')}\r\n`)
        .join('');
  }
}

function linesOf(rows: readonly ListRow[]): string {
  const first = rows[0]?.place ?? 1;
  const lines: string[] = [];
  for (const row of rows) {
    while (first + lines.length < row.place) lines.push('');
    lines.push(row.shortUrl ?? '');
  }
  return lines.map((line) => `${line}\n`).join('');
}

/** The table as a CSV file: the CSV text with a byte-order mark, so that Excel reads it as UTF-8 (as the history export). */
export const listCsvFile = (rows: readonly ListRow[], words: Words): Blob => new Blob([`\uFEFF${listText('csv', rows, words)}`], { type: 'text/csv;charset=utf-8' });

/** `shrtnr-list-2026-11-30.csv`: the user's own calendar day. */
export function listFileName(at: Date): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `shrtnr-list-${day}.csv`;
}

/** A Markdown table cell: a bar would end it and a line break the row; a backslash before a bar keeps it text. */
const markdownCell = (text: string): string => text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replaceAll(/[\r\n]+/g, ' ');
