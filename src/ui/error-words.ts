import type { BadResponseProblem } from '../api';
import type { BulkStartError } from '../messages/bulk-port';
import type { MessageKey, Words } from '../platform/words';
import type { JobFailure } from '../storage/session/job-failure';

const BROWSER_PAGE_SCHEMES = new Set(['about:', 'chrome:', 'chrome-untrusted:', 'chrome-search:', 'devtools:', 'edge:', 'brave:', 'opera:', 'vivaldi:', 'arc:']);
const EXTENSION_PAGE_SCHEMES = new Set(['chrome-extension:', 'moz-extension:', 'extension:', 'safari-web-extension:']);
const SERVER_EXAMPLE = 'https://shrtnr.co';

/**
 * The one sentence for an error, wherever a shortening failed: the popup,
 * and the badge title and notification of a background shortening. (The
 * options page's Test connection speaks of the connection instead:
 * options/connection-message.ts, and a text's links of the text:
 * background/writing/text-error.ts; both fall back to this.)
 */
export function errorSentence(error: JobFailure, { t, seconds, minutes, when: moment }: Words): string {
  switch (error.kind) {
    case 'empty-url':
      return t('errorEmptyUrl');
    case 'malformed-url':
      return t('errorMalformedUrl');
    case 'url-has-break':
      return t('errorUrlHasBreak');
    case 'unsupported-scheme':
      return schemeSentence(error.scheme, t);
    case 'credentials-in-url':
      return t('errorCredentialsInUrl');
    case 'url-too-long':
      return t('errorUrlTooLong', error.length, error.limit);
    case 'no-token': {
      // The API's has no account to name; the accounts' names the one with no token here, when there are several.
      const account = 'account' in error ? error.account : undefined;
      if (error.blank) return t('errorBlankToken');
      return account === undefined ? t('errorNoToken') : t('errorNoTokenForAccount', account);
    }
    case 'no-account':
      return t('errorNoAccount');
    case 'active-account-removed':
      return t('errorActiveAccountRemoved', error.account, moment(error.at));
    case 'malformed-token':
      return t('errorMalformedToken');
    case 'invalid-server-url':
      switch (error.problem) {
        case 'missing':
          return t('errorServerMissing', SERVER_EXAMPLE);
        case 'not-a-url':
          return t('errorServerNotUrl', error.text ?? '', SERVER_EXAMPLE);
        case 'not-https':
          return t('errorServerNotHttps', SERVER_EXAMPLE);
        case 'credentials':
          return t('errorServerCredentials');
        case 'api-path':
          return t('errorServerApiPath', error.text ?? '', SERVER_EXAMPLE);
        case 'path':
          return t('errorServerPath', SERVER_EXAMPLE);
      }
      break;
    case 'insecure-server':
      return t('errorInsecureServer');
    case 'token-for-other-server':
      return t('errorTokenForOtherServer', error.tokenHost, error.serverHost);
    case 'bad-request':
      return withServerWords(t('errorBadRequest'), error.serverMessage, t);
    case 'unauthorized':
      return t('errorUnauthorized');
    case 'forbidden':
      return withServerWords(t('errorForbidden'), error.serverMessage, t);
    case 'not-shrtnr':
      return t(error.answeredWithPage === true ? 'errorWebPageNotApi' : 'errorNotShrtnr');
    case 'rejected-url':
      return error.reason === undefined ? t('errorRejectedUrl') : t('errorRejectedUrlReason', error.reason);
    case 'rate-limited': {
      const tooMany = error.limit === undefined ? t('errorRateLimited') : t('errorRateLimitedWithLimit', error.limit);
      const when = error.retryAfterSeconds === undefined ? t('rateLimitWaitAMinute') : t('rateLimitTryAgainIn', seconds(error.retryAfterSeconds));
      return `${tooMany} ${when}`;
    }
    case 'server-error':
      return t('errorServerFailed', String(error.status));
    case 'redirected':
      return t('errorRedirected');
    case 'unexpected-status':
      return t('errorUnexpectedStatus', String(error.status));
    case 'bad-response':
      return t(BAD_RESPONSE_KEYS[error.problem]);
    case 'network': {
      // An answer cut off in its body: the server spoke, and may have made the link; not a network that is down.
      if ('answered' in error && error.answered === true) return t('errorAnswerCutOff', error.host);
      // The API's says there was no answer; the queue's, how long the link waited for one.
      const waited = 'waitedSeconds' in error ? error.waitedSeconds : undefined;
      if (waited === undefined) return t('errorNetwork', error.host);
      return t('errorNetworkWaited', waited >= 60 ? minutes(Math.round(waited / 60)) : seconds(waited), error.host);
    }
    case 'tls':
      return t('errorTls', error.host);
    case 'timeout':
      return t('errorTimeout', seconds(Math.round(error.timeoutMs / 100) / 10));
    case 'wait-too-long':
      return t('errorWaitTooLong', seconds(error.waitSeconds));
    case 'cancelled':
      return t('errorCancelled');
    case 'gave-up':
      return t('errorGaveUp', error.attempts);
    case 'expired':
      return t('errorExpired', error.minutes);
    case 'server-changed':
      return t('errorServerChanged');
    case 'account-removed':
      return t('errorAccountRemoved');
    case 'internal':
      return t('errorInternal', error.detail);
  }
  // Unreachable while both switches are exhaustive (tsc checks that); a value from an older or newer worker still gets a sentence.
  return t('errorInternal', (error as { kind: string }).kind);
}

const BAD_RESPONSE_KEYS: Record<BadResponseProblem, MessageKey> = {
  'too-large': 'errorResponseTooLarge',
  'not-utf8': 'errorResponseNotUtf8',
  'byte-order-mark': 'errorResponseByteOrderMark',
  'not-json': 'errorResponseNotJson',
  'duplicate-keys': 'errorResponseDuplicateKeys',
  'wrong-shape': 'errorResponseWrongShape',
  'key-mismatch': 'errorResponseKeyMismatch',
  'unsafe-short-url': 'errorResponseUnsafeShortUrl',
};

function schemeSentence(scheme: string, t: Words['t']): string {
  // The whole shape of the address is one substitution, so that right to left it stays one piece
  // ("chrome://…"); `about:` pages have no `//` (about:blank).
  if (BROWSER_PAGE_SCHEMES.has(scheme)) return t('errorBrowserPage', scheme === 'about:' ? 'about:…' : `${scheme}//…`);
  if (EXTENSION_PAGE_SCHEMES.has(scheme)) return t('errorExtensionPage');
  switch (scheme) {
    case 'file:':
      return t('errorFileUrl');
    case 'data:':
      return t('errorDataUrl');
    case 'javascript:':
      return t('errorJavascriptUrl');
    case 'blob:':
      return t('errorBlobUrl');
    case 'view-source:':
      return t('errorViewSourceUrl');
    default:
      return t('errorOtherScheme', scheme);
  }
}

function withServerWords(ownWords: string, serverWords: string | undefined, t: Words['t']): string {
  return serverWords === undefined ? ownWords : `${ownWords} ${t('serverSaid', serverWords)}`;
}

/** Why "Shorten all tabs" did not start, in the words the popup and the notification share. */
export function bulkStartSentence(error: BulkStartError, words: Words): string {
  if (error.kind === 'tabs-permission') return words.t('bulkNeedsPermission');
  if (error.kind === 'run-too-large') return words.t('bulkTooLarge', error.tabs, error.most);
  return errorSentence(error, words);
}
