import type { ClipboardPayload, CopyFormat } from './copy-formats';
import { escapeHtml, escapeMarkdownLabel } from './copy-formats';

/**
 * A run of text someone wrote (a selection, a field's value): `href` when the
 * run is (part of) a link's text on the page, the link's target.
 */
export interface TextPiece {
  text: string;
  href?: string;
}

/** An address written out in text: where it starts and ends, and the address. */
export interface FoundAddress {
  start: number;
  end: number;
  url: string;
  /** It runs on to the end of the text (what was trimmed off included): in a run of text that goes on in another, it may too. */
  toTheEnd: boolean;
}

// An http(s) address runs to the first space, quote or angle bracket (CJK ones
// too, and fullwidth brackets: such text puts no space around an address, and
// copied addresses carry them percent-encoded); what ends the sentence around
// it is trimmed after (see trimmed()).
const ADDRESS = /\bhttps?:\/\/[^\s"'<>`\u00a0\u3000「」『』【】〈〉《》（）]+/giu;
const TRAILING = /[.,;:!?'"»。，、！？]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{', '）': '（', '」': '「', '』': '『', '】': '【', '〉': '〈', '》': '《' };

/** Whether the text (trimmed by the caller) is one http(s) address and nothing else: a selection or a typed line that is a link. */
export const isOneAddress = (text: string): boolean => /^https?:\/\/\S+$/i.test(text);

/**
 * The address a selection (trimmed by the caller) is, when it is one http(s)
 * address with at most the punctuation that ends its sentence after it (an
 * address selected with its full stop, or the bracket around it): that
 * punctuation is no part of the link.
 */
export function soleAddress(text: string): string | undefined {
  if (!isOneAddress(text)) return undefined;
  // Brackets it opened are its own (a title's 【…】): only what closes none, and its sentence's end, go.
  const url = trimmed(text);
  return url.length > url.indexOf('//') + 2 ? url : undefined;
}

/** Every http(s) address in the text, in order, without the punctuation that ends its sentence. */
export function findAddresses(text: string): FoundAddress[] {
  const found: FoundAddress[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const url = trimmed(match[0]);
    // "https://" alone, or a scheme with nothing after it, is no address.
    if (url.length > match[0].indexOf('//') + 2) found.push({ start: match.index, end: match.index + url.length, url, toTheEnd: match.index + match[0].length === text.length });
  }
  return found;
}

// A closing bracket ends the address unless it closes one the address opened (Wikipedia's "Foo_(bar)").
function trimmed(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = CLOSERS[last];
    if (opener !== undefined && url.split(opener).length > url.split(last).length - 1) return url;
    if (opener === undefined && !TRAILING.test(last)) return url;
    url = url.slice(0, -1);
  }
}

/** Each address to shorten, once, in order of appearance: those written out, and the targets of links. */
export function addressesIn(pieces: readonly TextPiece[]): string[] {
  const urls = new Set<string>();
  for (const piece of pieces) {
    const written = findAddresses(piece.text);
    for (const { url } of written) urls.add(url);
    // A link whose text is its address is that address; otherwise its target is shortened too.
    if (piece.href !== undefined && written.length === 0 && /^https?:/i.test(piece.href)) urls.add(piece.href);
  }
  return [...urls];
}

/** The short link made for an address, or undefined when it could not be made (the address then stays). */
export type ShortLinkOf = (url: string) => string | undefined;

/**
 * The text with each address replaced by its short link, in the copy format:
 * plain text; Markdown (a link's text as `[text](short)`, a written address
 * as the short link itself, the rest as written); HTML (escaped, line breaks
 * kept, every short link a link); rich (plain text, with the HTML beside it).
 * A link whose short link could not be made keeps its own target.
 */
export function withShortLinks(pieces: readonly TextPiece[], shortLinkOf: ShortLinkOf, format: CopyFormat): ClipboardPayload {
  const plain = pieces.map((piece) => renderPiece(piece, shortLinkOf, 'plain')).join('');
  if (format === 'plain') return { text: plain };
  if (format === 'markdown') return { text: pieces.map((piece) => renderPiece(piece, shortLinkOf, 'markdown')).join('') };
  const html = pieces.map((piece) => renderPiece(piece, shortLinkOf, 'html')).join('');
  return format === 'html' ? { text: html } : { text: plain, html };
}

type Rendering = 'plain' | 'markdown' | 'html';

function renderPiece(piece: TextPiece, shortLinkOf: ShortLinkOf, rendering: Rendering): string {
  const written = findAddresses(piece.text);
  if (piece.href === undefined || written.length > 0) return replaceWritten(piece.text, written, shortLinkOf, rendering);
  const target = shortLinkOf(piece.href) ?? piece.href;
  switch (rendering) {
    case 'plain':
      // The text alone would lose where it led: the short link follows it.
      return target === piece.href ? piece.text : `${piece.text} (${target})`;
    case 'markdown':
      return piece.text.trim() === '' ? piece.text : `[${escapeMarkdownLabel(piece.text)}](${target.replace(/[()\\]/g, '\\$&')})`;
    case 'html':
      return `<a href="${escapeHtml(target)}">${htmlText(piece.text)}</a>`;
  }
}

function replaceWritten(text: string, written: readonly FoundAddress[], shortLinkOf: ShortLinkOf, rendering: Rendering): string {
  const plainText = (part: string) => (rendering === 'html' ? htmlText(part) : part);
  let out = '';
  let from = 0;
  for (const { start, end, url } of written) {
    const short = shortLinkOf(url) ?? url;
    out += plainText(text.slice(from, start));
    out += rendering === 'html' ? `<a href="${escapeHtml(short)}">${escapeHtml(short)}</a>` : short;
    from = end;
  }
  return out + plainText(text.slice(from));
}

const htmlText = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');
