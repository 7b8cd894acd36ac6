import type { TextPiece } from './text-links';

/** More text than anyone selects to paste elsewhere: a page that hands back more is not believed. */
export const MAX_SELECTION_LENGTH = 100_000;
const MAX_PIECES = 2_000;

/**
 * The selection as pieces of text, each link's words carrying its target, as
 * the page said it (src/platform/page-text.ts: the text a person sees, hidden
 * text and hidden links left out). Undefined when what the page said is not
 * that shape, or more than anyone selects; a target that is not an http(s)
 * address is dropped (its words stay).
 */
export function selectionPieces(found: unknown): TextPiece[] | undefined {
  if (typeof found !== 'object' || found === null) return undefined;
  const { pieces } = found as Record<string, unknown>;
  if (!Array.isArray(pieces) || pieces.length > MAX_PIECES) return undefined;
  const checked: TextPiece[] = [];
  let length = 0;
  for (const piece of pieces as unknown[]) {
    if (typeof piece !== 'object' || piece === null) return undefined;
    const { text, href } = piece as Record<string, unknown>;
    if (typeof text !== 'string' || (href !== undefined && typeof href !== 'string')) return undefined;
    length += text.length;
    if (length > MAX_SELECTION_LENGTH) return undefined;
    checked.push(typeof href === 'string' && /^https?:\/\//i.test(href) ? { text, href } : { text });
  }
  return checked;
}
