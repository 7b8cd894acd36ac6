import type { TextPiece } from './text-links';

/** More text than anyone selects to paste elsewhere: a page that hands back more is not believed. */
export const MAX_SELECTION_LENGTH = 100_000;
const MAX_LINKS = 1_000;

/**
 * Where a link's words may not go on: a link's text is found in the
 * selection as whole words, never inside a longer one ("here" in "There").
 * The page counts the same matches before each link (page-reading.ts).
 */
export const WORD_EDGES = { before: String.raw`(?<![\p{L}\p{N}_])`, after: String.raw`(?![\p{L}\p{N}_])` } as const;

/**
 * The selection as pieces of text, each link's part carrying its target, from
 * what the page said of it (src/platform/page-reading.ts): the selection's
 * text, and each link's selected text in order, with how often its words
 * come before it. Each link's text is looked for as whole words, spaces
 * matched loosely (the selection's text is laid out, a link's is not): the
 * match the page counted, else the first after the previous link; a link not
 * found is left out. Undefined when what the page said is not that shape.
 */
export function selectionPieces(found: unknown): TextPiece[] | undefined {
  if (!isSelection(found)) return undefined;
  const { text, links } = found;
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const link of links) {
    const words = link.text.trim().split(/\s+/).filter((word) => word !== '');
    if (words.length === 0 || !/^https?:/i.test(link.href)) continue;
    const phrase = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
    const whole = new RegExp(`${WORD_EDGES.before}${phrase}${WORD_EDGES.after}`, 'gu');
    const counted = link.earlier === undefined ? undefined : [...text.matchAll(whole)][link.earlier];
    // The match the page counted; else the first after the previous link, whole words where they are, else where the
    // words are part of others (scripts with no spaces, "<a>API</a>s").
    const match = (counted !== undefined && counted.index >= from ? counted : undefined) ?? firstFrom(whole, text, from) ?? firstFrom(new RegExp(phrase, 'gu'), text, from);
    if (match === undefined) continue;
    if (match.index > from) pieces.push({ text: text.slice(from, match.index) });
    pieces.push({ text: match[0], href: link.href });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from) });
  return pieces;
}

/** The first match of a global pattern that starts at `from` or after. */
function firstFrom(pattern: RegExp, text: string, from: number): RegExpExecArray | undefined {
  pattern.lastIndex = from;
  return pattern.exec(text) ?? undefined;
}

function isSelection(value: unknown): value is { text: string; links: { text: string; href: string; earlier?: number }[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { text, links } = value as Record<string, unknown>;
  return (
    typeof text === 'string' &&
    text.length <= MAX_SELECTION_LENGTH &&
    Array.isArray(links) &&
    links.length <= MAX_LINKS &&
    links.every((link: unknown) => {
      if (typeof link !== 'object' || link === null) return false;
      const { text: linkText, href, earlier } = link as Record<string, unknown>;
      return typeof linkText === 'string' && typeof href === 'string' && (earlier === undefined || (Number.isInteger(earlier) && (earlier as number) >= 0));
    })
  );
}
