import type { TextPiece } from './text-links';

/** More text than anyone selects to paste elsewhere: a page that hands back more is not believed. */
export const MAX_SELECTION_LENGTH = 100_000;
const MAX_LINKS = 1_000;

/**
 * The selection as pieces of text, each link's part carrying its target, from
 * what the page said of it (src/platform/page-reading.ts): the selection's
 * text, and each link's selected text in order. Each link's text is looked
 * for in the selection after the previous one, spaces matched loosely (the
 * selection's text is laid out, a link's is not); a link not found is left
 * out. Undefined when what the page said is not that shape.
 */
export function selectionPieces(found: unknown): TextPiece[] | undefined {
  if (!isSelection(found)) return undefined;
  const { text, links } = found;
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const link of links) {
    const words = link.text.trim().split(/\s+/).filter((word) => word !== '');
    if (words.length === 0 || !/^https?:/i.test(link.href)) continue;
    const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (match === null) continue;
    if (match.index > from) pieces.push({ text: text.slice(from, match.index) });
    pieces.push({ text: match[0], href: link.href });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}

function isSelection(value: unknown): value is { text: string; links: { text: string; href: string }[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { text, links } = value as Record<string, unknown>;
  return (
    typeof text === 'string' &&
    text.length <= MAX_SELECTION_LENGTH &&
    Array.isArray(links) &&
    links.length <= MAX_LINKS &&
    links.every((link: unknown) => typeof link === 'object' && link !== null && typeof (link as { text?: unknown }).text === 'string' && typeof (link as { href?: unknown }).href === 'string')
  );
}
