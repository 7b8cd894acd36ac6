import * as z from 'zod/mini';
import { bySchema } from '../stored-item';
import { sessionFamily } from './session-area';
import { schemaFor } from '../schema-for';

z.config({ jitless: true });

/**
 * What a limit's rate-limit gate (src/background/queue/rate-limit-gate.ts)
 * knows that outlives it, as plain data with absolute times (Date.now()), so a
 * worker started after another was stopped goes on from what that one had
 * heard instead of probing the server with a request it may refuse. Requests
 * in flight when it was taken may have counted at the server: a restored gate
 * counts them as spent, and sends one at a time until it hears the server again.
 */
export interface GateSnapshot {
  limit?: number;
  windowMs: number;
  measuredOnce: boolean;
  blockedUntil?: number;
  refusalsInARow: number;
  inFlight: number;
  window?: { remaining: number; endsAt: number; endKnown: boolean; confirmed: boolean };
  /** The window the last 429 without advice met: over by this time at the latest, and the refusals in a row before it (src/background/queue/adviceless-backoff.ts). */
  refusedWindow?: { overBy: number; refusalsBefore: number };
}

const gateSnapshotSchema = schemaFor<GateSnapshot>()(z.object({
  limit: z.optional(z.number()),
  windowMs: z.number(),
  measuredOnce: z.boolean(),
  blockedUntil: z.optional(z.number()),
  refusalsInARow: z.number(),
  inFlight: z.number(),
  window: z.optional(z.object({ remaining: z.number(), endsAt: z.number(), endKnown: z.boolean(), confirmed: z.boolean() })),
  refusedWindow: z.optional(z.object({ overBy: z.number(), refusalsBefore: z.number() })),
}));

/** `gate:<limit key>` (an account's limit on its server: src/background/queue/queue-types.ts `limitKey`) → what its gate knew. */
export const gateSnapshots = sessionFamily('gate:', bySchema(gateSnapshotSchema));
