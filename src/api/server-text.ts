const MAX_SERVER_TEXT_LENGTH = 200;
// Controls (Cc), format characters (Cf: every bidi control such as U+061C and
// U+202E, zero-width characters, the BOM) and line/paragraph separators: a
// hostile server could use them to disguise the text it makes the extension show.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * A server-provided string made safe to show as plain text: controls and
 * invisible characters removed, whitespace folded, length capped.
 * Returns undefined when nothing readable is left.
 */
export function readableServerText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned === '') return undefined;
  if (cleaned.length <= MAX_SERVER_TEXT_LENGTH) return cleaned;
  // Never cut between the two halves of a surrogate pair (an emoji, say).
  return `${cleaned.slice(0, MAX_SERVER_TEXT_LENGTH - 1).replace(/[\ud800-\udbff]$/, '')}…`;
}
