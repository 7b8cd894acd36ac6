import type * as z from 'zod/mini';

/** Whether two types are the same, each optional field included (assignable both ways, a type may still lack one). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** A type's fields as one object type, each member of a union apart (`{ type: 'a' } & Offer` is written as its schema reads it). */
type Fields<T> = T extends object ? { [Key in keyof T]: T[Key] } : T;

/**
 * A schema checked where it is written to read exactly the type its values
 * are used as: `schemaFor<QueuedJob>()(z.object({ … }))`. A field the type
 * gains and its schema lacks, which the schema would drop from every value
 * it reads, fails to compile (a type annotation would let an optional one
 * pass). Nothing of it runs but the call.
 */
export const schemaFor =
  <Type>() =>
  <Schema extends z.ZodMiniType<Type>>(schema: Schema & (Same<Fields<z.output<Schema>>, Fields<Type>> extends true ? unknown : { readsAnotherType: z.output<Schema> })): z.ZodMiniType<Type> =>
    schema;
