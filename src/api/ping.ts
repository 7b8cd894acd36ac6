import { isSuccess, post, prepare, type ShrtnrSettings } from './client';
import type { ApiError } from './errors';
import { failure, success, type Result } from './result';
import { errorForStatus } from './status-errors';

// Its own module: only the options page tests connections, and the worker,
// which loads client.ts, should not carry it.
/** Checks that the server is a Shrtnr API and accepts the token. Never throws. */
export async function ping(settings: ShrtnrSettings): Promise<Result<{ serverUrl: string }, ApiError>> {
  const prepared = prepare(settings);
  if (!prepared.ok) return prepared;
  const answer = await post(prepared.value, '/api/v1/ping', undefined);
  if (!answer.ok) return answer;
  const { status, headers } = answer.value;
  if (!isSuccess(status)) return failure(errorForStatus(answer.value));
  // The ping body is undocumented, but a web page answering 200 to any POST is
  // not an API: say so rather than report a working connection.
  if (/html/i.test(headers.get('content-type') ?? '')) {
    return failure({ kind: 'not-shrtnr', status, answeredWithPage: true });
  }
  return success({ serverUrl: prepared.value.serverUrl });
}

