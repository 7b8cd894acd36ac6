const MAX_SERVER_TEXT_LENGTH = 200;
// C0/C1 controls, zero-width characters and bidi overrides: a hostile server
// could use them to disguise the text it makes the extension show.
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A server-provided string made safe to show as plain text: controls and
 * invisible characters removed, whitespace folded, length capped.
 * Returns undefined when nothing readable is left.
 */
export function readableServerText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned === '') return undefined;
  return cleaned.length > MAX_SERVER_TEXT_LENGTH ? `${cleaned.slice(0, MAX_SERVER_TEXT_LENGTH - 1)}…` : cleaned;
}
