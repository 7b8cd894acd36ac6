import { findAddresses, type FoundAddress, type ShortLinkOf } from './text-links';

/**
 * A text field as the page holds it (src/platform/page-text.ts): the value
 * of a text area or text input (one text), or the text nodes of an editable
 * block a person sees, in order. Untrusted: the page wrote it.
 */
export interface FieldTexts {
  kind: 'value' | 'editable';
  texts: string[];
  /** An editable block's: of each text and the next, whether a line break or a block lies between them. Unknown: apart. */
  apart?: boolean[];
}

/** One address to replace: in which text, from where to where, by what. */
export interface FieldEdit {
  text: number;
  start: number;
  end: number;
  replacement: string;
}

/** More than anyone types into a field: a page that hands back more is not believed. */
export const MAX_FIELD_LENGTH = 200_000;

/** Whether the page said the field is one no person can see (hidden, off-screen, clipped away): the focus a page moved. */
export const isHiddenField = (value: unknown): boolean => typeof value === 'object' && value !== null && (value as { problem?: unknown }).problem === 'hidden';

/** The field's texts, if what the page said is that shape. */
export function asFieldTexts(value: unknown): FieldTexts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, texts, apart } = value as Record<string, unknown>;
  if ((kind !== 'value' && kind !== 'editable') || !Array.isArray(texts) || !texts.every((text) => typeof text === 'string')) return undefined;
  if (texts.reduce((length: number, text: string) => length + text.length, 0) > MAX_FIELD_LENGTH) return undefined;
  // What lies between the texts, if said in its shape; else nothing is said of it (every text apart).
  const said = Array.isArray(apart) && apart.length === texts.length - 1 && apart.every((between) => typeof between === 'boolean');
  return said ? { kind, texts, apart: apart as boolean[] } : { kind, texts };
}

/**
 * The addresses of each text of the field. One that runs to the end of its
 * text while the next, on the same line, goes on as an address would is split
 * by the block's markup (`https://a.example/<b>path</b>`): only its beginning
 * is here, so it is not one, and it is left as written. Across a line break
 * or a block, an address ends with its text.
 */
function addressesOf(field: FieldTexts): FoundAddress[][] {
  return field.texts.map((text, index) => {
    const next = field.apart?.[index] === false ? field.texts[index + 1] : undefined;
    const goesOn = ({ start }: FoundAddress) => next !== undefined && (findAddresses(text + next).find((joined) => joined.start === start)?.end ?? 0) > text.length;
    return findAddresses(text).filter((found) => !(found.toTheEnd && goesOn(found)));
  });
}

/** Each address in the field, once, in order. */
export function fieldAddresses(field: FieldTexts): string[] {
  return [...new Set(addressesOf(field).flatMap((found) => found.map(({ url }) => url)))];
}

/**
 * The edits that put short links in the field as it is now: every address
 * still there exactly as it was found (the user may have typed meanwhile),
 * that got a short link. Whatever else the field holds now is left alone.
 */
export function fieldEdits(now: FieldTexts, shortLinkOf: ShortLinkOf): FieldEdit[] {
  return addressesOf(now).flatMap((found, index) =>
    found.flatMap(({ start, end, url }) => {
      const replacement = shortLinkOf(url);
      return replacement === undefined ? [] : [{ text: index, start, end, replacement }];
    }),
  );
}

/** How many distinct addresses the edits replace (two addresses may share one short link: tracking parameters taken off). */
export const replacedAddresses = (field: FieldTexts, edits: readonly FieldEdit[]): number =>
  new Set(edits.map((edit) => (field.texts[edit.text] ?? '').slice(edit.start, edit.end))).size;
