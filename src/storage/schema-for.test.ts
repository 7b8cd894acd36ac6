// schemaFor's check is the compiler's: `npm run typecheck` fails if an @ts-expect-error below no longer is one.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { schemaFor } from './schema-for';

interface Progress {
  state: 'waiting';
  ahead: number;
  /** An optional field, as a type gains one. */
  forNetwork?: true;
}
type Offer = { type: 'offer' } & { shortUrl: string; ask?: { page: string } };

describe('a schema for a type', () => {
  it('is the schema as written, reading values as it does', () => {
    const progress = schemaFor<Progress>()(z.object({ state: z.literal('waiting'), ahead: z.number(), forNetwork: z.optional(z.literal(true)) }));
    expect(progress.safeParse({ state: 'waiting', ahead: 1, forNetwork: true })).toEqual({ success: true, data: { state: 'waiting', ahead: 1, forNetwork: true } });
    // A union of types, and a type written as an intersection, are read as their schema writes them.
    expect(schemaFor<Offer | Progress>()(z.union([z.object({ type: z.literal('offer'), shortUrl: z.string(), ask: z.optional(z.object({ page: z.string() })) }), progress]))).toBeDefined();
  });

  it('does not compile when its schema lacks a field of its type, optional or nested ones too, or reads one as another type', () => {
    // @ts-expect-error a nested optional field.
    schemaFor<Offer>()(z.object({ type: z.literal('offer'), shortUrl: z.string(), ask: z.optional(z.object({})) }));
    // @ts-expect-error a field of another type.
    schemaFor<Progress>()(z.object({ state: z.literal('waiting'), ahead: z.string(), forNetwork: z.optional(z.literal(true)) }));
    // @ts-expect-error an optional field the type gained: a type annotation would let it pass...
    const lacking = schemaFor<Progress>()(z.object({ state: z.literal('waiting'), ahead: z.number() }));
    // ...and the schema would drop it from every value it reads.
    expect(lacking.safeParse({ state: 'waiting', ahead: 1, forNetwork: true }).data).toEqual({ state: 'waiting', ahead: 1 });
  });
});
