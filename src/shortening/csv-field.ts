/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one)
 * as a formula: a page title such as `=HYPERLINK(...)` would run on opening.
 * A leading apostrophe makes it text (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a quote, comma or line break (quotes doubled), and never a formula. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
