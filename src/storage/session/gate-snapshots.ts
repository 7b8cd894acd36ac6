import { isFiniteNumber, isRecord } from './guards';
import { sessionFamily } from './session-area';

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
}

const optionalFinite = (value: unknown) => value === undefined || isFiniteNumber(value);

function isWindow(window: unknown): boolean {
  return window === undefined || (isRecord(window) && isFiniteNumber(window.remaining) && isFiniteNumber(window.endsAt) && typeof window.endKnown === 'boolean' && typeof window.confirmed === 'boolean');
}

function isGateSnapshot(value: unknown): value is GateSnapshot {
  if (!isRecord(value)) return false;
  const { limit, windowMs, measuredOnce, blockedUntil, refusalsInARow, inFlight, window } = value;
  return optionalFinite(limit) && isFiniteNumber(windowMs) && typeof measuredOnce === 'boolean' && optionalFinite(blockedUntil) && isFiniteNumber(refusalsInARow) && isFiniteNumber(inFlight) && isWindow(window);
}

/** `gate:<limit key>` (an account's limit on its server: src/background/queue/queue-types.ts `limitKey`) → what its gate knew. */
export const gateSnapshots = sessionFamily('gate:', (stored) => (isGateSnapshot(stored) ? stored : undefined));
