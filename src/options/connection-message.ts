import type { ApiError } from '../api';
import type { Words } from '../platform/words';
import { errorSentence } from '../ui/error-words';

/**
 * What "Test connection" says for each outcome, in terms of the connection
 * rather than a shortening; the rest as any failure is said.
 */
export function connectionFailureMessage(error: ApiError, host: string, words: Words): string {
  const { t } = words;
  switch (error.kind) {
    case 'no-token':
      return t('connectionNoToken');
    case 'unauthorized':
      return t('connectionUnauthorized', host);
    case 'forbidden':
      return t('connectionForbidden', host);
    case 'not-shrtnr':
      return error.status === undefined ? t('connectionNotShrtnr', host) : t('connectionNotShrtnrStatus', host, String(error.status));
    case 'network':
      // Cut off mid-body: the server spoke, so "can't reach" would send the user looking at the wrong thing.
      return error.answered === true ? t('connectionAnswerCutOff', host) : t('connectionNetwork', host);
    case 'tls':
      return t('connectionTls', host);
    case 'timeout':
      return t('connectionTimeout', host, words.seconds(Math.round(error.timeoutMs / 1000), 'short'));
    default:
      return errorSentence(error, words);
  }
}
