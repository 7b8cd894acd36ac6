import { csvField } from '../shortening/csv-field';
import type { HistoryEntry } from '../storage/history-entry';

/** What a JSON export says it is; import-file.ts reads only this. */
export const EXPORT_FORMAT = 'shrtnr-history';
export const EXPORT_VERSION = 1;

export interface HistoryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** ISO 8601. */
  exportedAt: string;
  entries: HistoryEntry[];
}

/** `shrtnr-history-2025-03-01.csv`: the user's own calendar day, not UTC's. */
export function exportFileName(extension: 'csv' | 'json', at: Date): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `shrtnr-history-${day}.${extension}`;
}

/** The JSON export, which import-file.ts reads back (entries exactly as stored, the imported mark and the account's id included, nothing else). */
export function historyJson(entries: readonly HistoryEntry[], exportedAt: Date): string {
  const document: HistoryExport = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), entries: entries.map(storedFields) };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Only the fields of a HistoryEntry, in a fixed order: whatever else a record carries stays on this machine. */
function storedFields({ shortUrl, longUrl, server, title, createdAt, via, used, origin, pageOwn, campaign, account }: HistoryEntry): HistoryEntry {
  return {
    shortUrl,
    longUrl,
    server,
    ...(title === undefined ? {} : { title }),
    createdAt,
    via,
    ...(used === undefined ? {} : { used }),
    ...(origin === undefined ? {} : { origin }),
    ...(pageOwn === undefined ? {} : { pageOwn }),
    ...(campaign === undefined ? {} : { campaign }),
    ...(account === undefined ? {} : { account }),
  };
}

/**
 * Column names stay English and `via` and `origin` stay codes (`menu-link`,
 * `imported`, `page` for a page's own link made here), whatever the UI language: a file is read by scripts and
 * spreadsheets long after, and must mean the same on every machine. `account` is the account's name (not its
 * id, which means nothing outside this extension), added last so that a script reading the earlier columns by
 * place reads them still.
 */
export const CSV_HEADER = ['created', 'title', 'long_url', 'short_url', 'server', 'via', 'origin', 'campaign', 'account'];

/**
 * The CSV export (RFC 4180: CRLF line ends, fields with a quote, comma or
 * line break quoted, quotes doubled), with a byte-order mark so that Excel
 * reads it as UTF-8 rather than the system code page. Titles are guarded as
 * text, addresses as URLs (see csvField). `accountName` names the account
 * that made each entry as the page does (entry-accounts.ts); empty for an
 * entry of no account.
 */
export function historyCsv(entries: readonly HistoryEntry[], accountName: (entry: HistoryEntry) => string | undefined): string {
  const rows = [
    CSV_HEADER.map((name) => csvField(name)),
    ...entries.map((entry) => [
      csvField(new Date(entry.createdAt).toISOString()),
      csvField(entry.title ?? ''),
      csvField(entry.longUrl, 'url'),
      csvField(entry.shortUrl, 'url'),
      csvField(entry.server, 'url'),
      csvField(entry.via),
      csvField(entry.origin ?? (entry.pageOwn ? 'page' : 'local')),
      csvField(entry.campaign ?? ''),
      csvField(accountName(entry) ?? ''),
    ]),
  ];
  return `\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}
