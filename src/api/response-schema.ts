import * as z from 'zod/mini';

// Extension pages forbid eval; without this zod probes `new Function` and
// Chromium reports a CSP violation in the console.
z.config({ jitless: true });

/**
 * The success envelope. Extra fields are allowed (servers that speak the API
 * add their own); `message` and `errors` are not relied on.
 */
export const shortenEnvelopeSchema = z.object({
  data: z.object({
    // A refine rather than z.int().check(z.nonnegative()): same check, 0.7 KB less in the worker.
    used: z.optional(z.number().check(z.refine((used) => Number.isInteger(used) && used >= 0))),
    urls: z.record(z.string(), z.string()),
  }),
});

/** The readable parts of an error body, in any of the shapes servers use. */
export const errorBodySchema = z.object({
  message: z.optional(z.unknown()),
  errors: z.optional(z.unknown()),
});
