import { Agent, fetch as undiciFetch } from 'undici';
import type { FetchFunction } from '../../src/api';

/**
 * A fetch that trusts exactly one extra certificate (the stand-in's), for
 * Node-side tests. Nothing global is loosened: other requests verify as usual.
 */
export function fetchTrusting(certificatePem: string): FetchFunction {
  const dispatcher = new Agent({ connect: { ca: certificatePem } });
  return (input, init) => undiciFetch(input, { ...(init as object), dispatcher }) as unknown as Promise<Response>;
}
