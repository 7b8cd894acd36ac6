import { clipboardPayload, type CopiedLink } from './copy-formats';
import { csvField } from './csv-field';

/** How "Shorten all tabs" hands its links over: one per line, a Markdown list, or CSV. */
export const LINK_LIST_FORMATS = ['lines', 'markdown', 'csv'] as const;
export type LinkListFormat = (typeof LINK_LIST_FORMATS)[number];

/**
 * The links as text to paste. Lines: the short links alone. Markdown: one
 * list item per link, labelled as the Markdown copy format labels one (the
 * title, else the long URL). CSV: RFC 4180 with English column names, as the
 * history export writes (no byte-order mark: this is pasted, not opened as a file).
 */
export function linkList(format: LinkListFormat, links: readonly CopiedLink[]): string {
  switch (format) {
    case 'lines':
      return links.map((link) => `${link.shortUrl}\n`).join('');
    case 'markdown':
      return links.map((link) => `- ${clipboardPayload('markdown', link).text}\n`).join('');
    case 'csv':
      return [['title', 'long_url', 'short_url'], ...links.map((link) => [csvField(link.title ?? ''), csvField(link.longUrl, 'url'), csvField(link.shortUrl, 'url')])]
        .map((row) => `${row.join(',')}\r\n`)
        .join('');
  }
}
