import * as z from 'zod/mini';
import type { Changed } from '../platform/field-editing';
import { findAddresses, type FoundAddress, type ShortLinkOf } from './text-links';
import { schemaFor } from '../storage/schema-for';

z.config({ jitless: true });

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

const fieldTextsSchema = z.object({
  kind: z.enum(['value', 'editable']),
  texts: z.array(z.string()).check(z.refine((texts) => texts.reduce((length, text) => length + text.length, 0) <= MAX_FIELD_LENGTH)),
  apart: z.optional(z.unknown()),
});
const apartSchema = z.array(z.boolean());

/** The field's texts, if what the page said is that shape. */
export function asFieldTexts(value: unknown): FieldTexts | undefined {
  const said = fieldTextsSchema.safeParse(value);
  if (!said.success) return undefined;
  const { kind, texts } = said.data;
  // What lies between the texts, if said in its shape; else nothing is said of it (every text apart).
  const apart = apartSchema.safeParse(said.data.apart);
  return apart.success && apart.data.length === texts.length - 1 ? { kind, texts, apart: apart.data } : { kind, texts };
}

const hiddenSchema = z.object({ problem: z.literal('hidden') });

/**
 * What the page said of the field it was asked for: its texts; `hidden`, a
 * field no person can see (hidden, off-screen, clipped away: the focus a
 * page moved); or undefined, when it said neither in its shape.
 */
export const fieldAnswer = (value: unknown): FieldTexts | 'hidden' | undefined => (hiddenSchema.safeParse(value).success ? 'hidden' : asFieldTexts(value));

const changedSchema = schemaFor<{ status: Changed['status'] }>()(z.object({ status: z.enum(['done', 'changed', 'gone']) }));

/** How the page's change of the field went (src/platform/field-editing.ts), if it said so in that shape. */
export function changeStatus(value: unknown): Changed['status'] | undefined {
  const said = changedSchema.safeParse(value);
  return said.success ? said.data.status : undefined;
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
