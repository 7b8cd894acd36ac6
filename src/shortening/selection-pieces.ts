import * as z from 'zod/mini';
import type { TextPiece } from './text-links';

z.config({ jitless: true });

/** More text than anyone selects to paste elsewhere: a page that hands back more is not believed. */
export const MAX_SELECTION_LENGTH = 100_000;
const MAX_PIECES = 2_000;

const pieceSchema = z.object({ text: z.string(), href: z.optional(z.string()) });
const withinBounds = (pieces: readonly TextPiece[]) => pieces.length <= MAX_PIECES && pieces.reduce((length, { text }) => length + text.length, 0) <= MAX_SELECTION_LENGTH;
const selectionSchema = z.object({ pieces: z.array(pieceSchema).check(z.refine(withinBounds)) });

/**
 * The selection as pieces of text, each link's words carrying its target, as
 * the page said it (src/platform/page-text.ts: the text a person sees, hidden
 * text and hidden links left out). Undefined when what the page said is not
 * that shape, or more than anyone selects; a target that is not an http(s)
 * address is dropped (its words stay).
 */
export function selectionPieces(found: unknown): TextPiece[] | undefined {
  const said = selectionSchema.safeParse(found);
  return said.success ? said.data.pieces.map(({ text, href }) => (href !== undefined && /^https?:\/\//i.test(href) ? { text, href } : { text })) : undefined;
}
