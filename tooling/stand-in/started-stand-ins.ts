import type { StandIn } from './types';

type Listener = (standIn: StandIn) => void;

const listeners = new Set<Listener>();

/**
 * Calls `listener` with every stand-in this process starts from now on, until
 * the returned function is called: an e2e session's token audit reads the log
 * of each one a test starts while the session is open, without the test
 * having to hand it over.
 */
export function whenStandInStarts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceStarted(standIn: StandIn): StandIn {
  for (const listener of listeners) listener(standIn);
  return standIn;
}
