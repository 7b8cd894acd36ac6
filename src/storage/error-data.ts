import * as z from 'zod/mini';

z.config({ jitless: true });

/**
 * An error as data that crossed a boundary (a stored tabs run, a port): its
 * kind, and whatever parameters came with it, kept as they came (a loose
 * object). Only the kind is checked: each surface has words for any kind,
 * known or not (src/ui/error-words.ts).
 */
export const errorDataSchema = <Error extends { kind: string }>(): z.ZodMiniType<Error> => z.looseObject({ kind: z.string() }) as z.ZodMiniType<{ kind: string }> as z.ZodMiniType<Error>;
