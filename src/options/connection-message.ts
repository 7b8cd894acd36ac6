import type { ShrtnrError } from '../api';

/** What "Test connection" says for each outcome, in terms of the connection rather than a shortening. */
export function connectionFailureMessage(error: ShrtnrError, host: string): string {
  switch (error.kind) {
    case 'no-token':
      return 'Enter your access token above, then test the connection.';
    case 'unauthorized':
      return `Reached ${host}, but it refused the token (401). Check that you copied the whole token.`;
    case 'forbidden':
      return `Reached ${host} and the token works, but your plan has no active subscription or no credits left (403).`;
    case 'not-shrtnr':
      return `${host} answered, but it is not a Shrtnr API${error.status === undefined ? '' : ` (${error.status})`}. Check the server address.`;
    case 'network':
      return `Can't reach ${host}: it may be down, the address may be wrong, or you may be offline.`;
    case 'tls':
      return `${host} presented a certificate this browser does not trust, so nothing was sent.`;
    case 'timeout':
      return `${host} did not answer in time (${Math.round(error.timeoutMs / 1000)} s).`;
    default:
      return error.message;
  }
}
