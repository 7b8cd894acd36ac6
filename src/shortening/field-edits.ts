import { findAddresses, type ShortLinkOf } from './text-links';

/**
 * A text field as the page holds it (src/platform/field-editing.ts): the
 * value of a text area or text input (one text), or the text nodes of an
 * editable block, in order. Untrusted: the page wrote it.
 */
export interface FieldTexts {
  kind: 'value' | 'editable';
  texts: string[];
}

/** One address to replace: in which text, from where to where, by what. */
export interface FieldEdit {
  text: number;
  start: number;
  end: number;
  replacement: string;
}

/** More than anyone types into a field: a page that hands back more is not believed. */
const MAX_FIELD_LENGTH = 200_000;

/** The field's texts, if what the page said is that shape. */
export function asFieldTexts(value: unknown): FieldTexts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, texts } = value as Record<string, unknown>;
  if ((kind !== 'value' && kind !== 'editable') || !Array.isArray(texts) || !texts.every((text) => typeof text === 'string')) return undefined;
  return texts.reduce((length: number, text: string) => length + text.length, 0) <= MAX_FIELD_LENGTH ? { kind, texts } : undefined;
}

/** Each address in the field, once, in order (an address split across an editable block's markup is not one). */
export function fieldAddresses(field: FieldTexts): string[] {
  return [...new Set(field.texts.flatMap((text) => findAddresses(text).map(({ url }) => url)))];
}

/**
 * The edits that put short links in the field as it is now: every address
 * still there exactly as it was found (the user may have typed meanwhile),
 * that got a short link. Whatever else the field holds now is left alone.
 */
export function fieldEdits(now: FieldTexts, shortLinkOf: ShortLinkOf): FieldEdit[] {
  return now.texts.flatMap((text, index) =>
    findAddresses(text).flatMap(({ start, end, url }) => {
      const replacement = shortLinkOf(url);
      return replacement === undefined ? [] : [{ text: index, start, end, replacement }];
    }),
  );
}
