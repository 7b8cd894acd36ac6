// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, type CsvFieldKind } from './csv-field';

const TRIGGER = /^[=+\-@\t\r]/;
/** The separators spreadsheets split on, by locale and by format. */
const SEPARATORS = [',', ';', '\t', '|'];

/** Strings dense in what matters here: separators, triggers, quotes and line breaks, among anything else. */
const risky = fc.string({
  unit: fc.oneof(fc.constantFrom(',', ';', '\t', '|', '=', '+', '-', '@', '\r', '\n', '"', "'", ' ', 'a', '1'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })),
  maxLength: 40,
});

/** Web URLs, each with a query that puts a trigger after every separator. Built once, here: building fc.webUrl takes seconds. */
const webUrlWithTriggers = fc.webUrl({ withQueryParameters: true, withFragments: true }).map((url) => `${url}${url.includes('?') ? '&' : '?'}v=a;=b,-c|@d`);

/** What an RFC 4180 reader takes from the field: the quotes taken off, doubled quotes made one. */
function unquoted(field: string): string {
  return field.startsWith('"') && field.endsWith('"') && field.length >= 2 ? field.slice(1, -1).replaceAll('""', '"') : field;
}

/** The text with each percent-escaped formula trigger that follows a separator read back as the character. */
function triggersRead(text: string): string {
  return text.replaceAll(/([,;\t|\r\n])%(3D|2B|2D|40|09|0D)/g, (_, separator: string, hex: string) => `${separator}${String.fromCharCode(Number.parseInt(hex, 16))}`);
}

/** Every cell any of the separators would make of the field, read raw or unquoted. */
function cells(field: string): string[] {
  return [field, unquoted(field)].flatMap((text) => SEPARATORS.flatMap((separator) => text.split(separator)));
}

describe('csvField, for any value', () => {
  it.each<CsvFieldKind>(['text', 'url'])('as %s: no cell a `,`, `;`, tab or `|` split makes of it starts with a formula trigger', (kind) => {
    fc.assert(
      fc.property(risky, (value) => {
        expect(cells(csvField(value, kind)).filter((cell) => TRIGGER.test(cell))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('as text: says what the value says, with apostrophes added and nothing else changed', () => {
    fc.assert(
      fc.property(risky, (value) => {
        expect(unquoted(csvField(value)).replaceAll("'", '')).toBe(value.replaceAll("'", ''));
      }),
      { numRuns: 1000 },
    );
  });

  it('as a URL: is the same link, once its quotes are off and its escapes read', () => {
    fc.assert(
      fc.property(
        webUrlWithTriggers,
        (url) => {
          const field = unquoted(csvField(url, 'url'));
          expect(URL.canParse(field)).toBe(true);
          // Only the escapes csvField may have made are read back, on both sides: a trigger's, after a separator. An
          // escape the link had of its own (`?%3D`, seed 440022242) stays one on both sides.
          expect(triggersRead(field)).toBe(triggersRead(url));
          expect(new URL(field).origin).toBe(new URL(url).origin);
        },
      ),
      { numRuns: 300 },
    );
  });
});
