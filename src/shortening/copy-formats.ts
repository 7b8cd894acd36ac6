import type { CopyFormat } from '../storage/copy-format-setting';

// Kept only while src/background imports CopyFormat from here; goes when the
// background is moved to import it from src/storage/copy-format-setting.ts.
export type { CopyFormat };

/**
 * What to put on the clipboard: always plain text; for `rich`, an HTML
 * flavour beside it, so a document editor pastes a link and a terminal the text.
 */
export interface ClipboardPayload {
  text: string;
  html?: string;
}

export interface CopiedLink {
  shortUrl: string;
  longUrl: string;
  /** The page's title, when known. */
  title?: string;
}

/**
 * What `format` puts on the clipboard for a link. The label of Markdown and
 * HTML links is the page's title on one line, or the long URL when there is
 * no title, so a reader still sees where the link leads.
 */
export function clipboardPayload(format: CopyFormat, link: CopiedLink): ClipboardPayload {
  const { shortUrl } = link;
  const label = linkLabel(link);
  const anchor = `<a href="${escapeHtml(shortUrl)}">${escapeHtml(label)}</a>`;
  switch (format) {
    case 'plain':
      return { text: shortUrl };
    case 'markdown':
      return { text: `[${escapeMarkdownLabel(label)}](${shortUrl.replace(/[()\\]/g, '\\$&')})` };
    case 'html':
      return { text: anchor };
    case 'rich':
      return { text: shortUrl, html: anchor };
  }
}

function linkLabel({ title, longUrl }: CopiedLink): string {
  return oneLine(title ?? '') || oneLine(longUrl);
}

// Line breaks and controls would end a Markdown paragraph or show as boxes.
function oneLine(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

// Backslash-escapes every character that ends the label (`]`), opens a link,
// code span, autolink or raw HTML that binds tighter than the label does
// (`[`, backtick, `<`), or would turn into emphasis; and `&` where it would
// read as an entity ("&amp;" must stay five characters).
export function escapeMarkdownLabel(label: string): string {
  return label.replace(/[\\`*_~[\]<>]|&(?=#?\w+;)/g, '\\$&');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
