/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one)
 * as a formula: a page title such as `=HYPERLINK(...)` would run on opening.
 * A leading apostrophe makes it text (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A separator a spreadsheet may split a line on (a comma, or a semicolon in
 * locales that write decimal commas, a tab, a bar), or a line break, right
 * before a formula trigger. Quoting keeps a field whole for a reader that
 * splits on commas; one that splits on `;` (Excel in a German or French
 * locale) cuts `x;=cmd|' /C calc'!A0` into a cell `=cmd|...` (issue 19).
 */
const TRIGGER_AFTER_SEPARATOR = /([,;\t|\r\n])(?=[=+\-@\t\r])/g;
const TRIGGER_AFTER_SEPARATOR_IN_URL = /([,;\t|\r\n])([=+\-@\t\r])/g;

/**
 * What a field holds: words (a title: any character may be changed, as long
 * as it reads the same) or a URL (it must stay a working link).
 */
export type CsvFieldKind = 'text' | 'url';

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break
 * (quotes doubled), and never a formula, however a spreadsheet splits it.
 * In text, an apostrophe goes before the field's first character if it is a
 * trigger, and after each separator that a trigger follows (the lookahead
 * leaves the trigger to be looked at again: `x\t\t=1` becomes `x\t'\t'=1`).
 * In a URL, such a trigger is percent-encoded instead (`;=` becomes `;%3D`),
 * which servers read as the same character: the link still works.
 */
export function csvField(value: string, kind: CsvFieldKind = 'text'): string {
  const inside =
    kind === 'url'
      ? value.replace(TRIGGER_AFTER_SEPARATOR_IN_URL, (_, separator: string, trigger: string) => `${separator}${percentEncoded(trigger)}`)
      : value.replace(TRIGGER_AFTER_SEPARATOR, "$1'");
  const safe = FORMULA_START.test(inside) ? `'${inside}` : inside;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** `=` as `%3D`, `\t` as `%09`: the UTF-8 bytes of one ASCII character. */
function percentEncoded(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}
