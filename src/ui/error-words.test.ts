import { describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import type { BadResponseProblem } from '../api';
import type { JobFailure } from '../storage/session/job-failure';
import { errorSentence } from './error-words';

// Each answer a server can get wrong has its own sentence, written out here
// (the popup shows them; the API module's integration tests against the
// stand-in prove which fault gives which error).
const english = wordsIn('en');

describe('the sentence for what a server got wrong', () => {
  it.each<[BadResponseProblem, string]>([
    ['too-large', "The server's answer was too large to be a Shrtnr result, so it was not read."],
    ['not-utf8', "The server's answer was not valid UTF-8 text."],
    ['byte-order-mark', "The server's answer started with a byte-order mark, which JSON forbids."],
    ['not-json', "The server's answer was not valid JSON."],
    ['duplicate-keys', "The server's answer named the same field twice, so it could not be read safely."],
    ['wrong-shape', "The server's answer did not have the shape of a Shrtnr result."],
    ['key-mismatch', "The server's answer was about a different link than the one sent."],
    ['unsafe-short-url', 'The server sent back something that is not a safe https link, so it was not used.'],
  ])('%s', (problem, sentence) => {
    expect(errorSentence({ kind: 'bad-response', problem }, english)).toBe(sentence);
  });

  it.each<[JobFailure, string]>([
    [{ kind: 'server-error', status: 500 }, 'The Shrtnr server failed (HTTP 500). Try again in a little while.'],
    [{ kind: 'server-error', status: 502 }, 'The Shrtnr server failed (HTTP 502). Try again in a little while.'],
    [{ kind: 'redirected' }, 'The server answered with a redirect instead of a result. Check the server address in the settings.'],
    [{ kind: 'tls', host: '127.0.0.1:8443' }, 'The certificate of 127.0.0.1:8443 is not trusted, so the connection was refused to keep your token safe.'],
    // Reached, its answer cut off: not "can't reach", and the link may exist.
    [{ kind: 'network', host: 's.test', answered: true }, 'The answer from s.test broke off before it was complete, so the link may have been made without reaching you. Try again in a moment.'],
    [{ kind: 'network', host: 's.test' }, "Can't reach s.test. Check your connection and the server address; if the server uses its own certificate, your browser must trust it."],
  ])('$kind', (error, sentence) => {
    expect(errorSentence(error, english)).toBe(sentence);
  });
});

describe('the sentences of accounts', () => {
  const german = wordsIn('de');
  const arabic = wordsIn('ar');

  it.each<[JobFailure, string, string]>([
    [{ kind: 'no-account' }, 'No account is set up. Add one in the settings.', 'Es ist kein Konto eingerichtet. Fügen Sie in den Einstellungen eines hinzu.'],
    [
      { kind: 'account-removed' },
      'The account this link was for was removed, so it was not sent. Shorten it again.',
      'Das Konto, für das dieser Link bestimmt war, wurde entfernt, daher wurde er nicht gesendet. Kürzen Sie ihn erneut.',
    ],
    [
      { kind: 'no-token', blank: false, account: 'Team' },
      'No access token is saved in this browser for the account “Team”. Add it in the settings.',
      'In diesem Browser ist für das Konto „Team“ kein Zugriffstoken gespeichert. Fügen Sie es in den Einstellungen hinzu.',
    ],
    [
      { kind: 'no-token', blank: false },
      'No access token is set. Add your Shrtnr token in the settings.',
      'Es ist kein Zugriffstoken festgelegt. Fügen Sie Ihr Shrtnr-Token in den Einstellungen hinzu.',
    ],
  ])('$kind, in English and in German', (error, inEnglish, inGerman) => {
    expect(errorSentence(error, english)).toBe(inEnglish);
    expect(errorSentence(error, german)).toBe(inGerman);
  });

  it("says a token of only spaces is blank (the API's check of a typed token, which names no account)", () => {
    expect(errorSentence({ kind: 'no-token', blank: true }, english)).toBe('The access token is only spaces. Paste your Shrtnr token in the settings.');
  });

  it("names the account as its user wrote it, isolated in a right-to-left sentence", () => {
    const sentence = errorSentence({ kind: 'no-token', blank: false, account: 'Team (links.example:8443)' }, arabic);
    expect(sentence).toContain('\u2068Team (links.example:8443)\u2069');
    expect(errorSentence({ kind: 'account-removed' }, arabic)).not.toBe(errorSentence({ kind: 'server-changed' }, arabic));
  });
});
