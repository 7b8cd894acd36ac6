import { browser } from './browser';
import { makeWords, type Words } from './words';

let words: Words | undefined;

/**
 * The browser's own i18n: messages from `_locales/<UI language>/messages.json`
 * (English where a language lacks one), numbers and durations in the UI
 * language, and its writing direction (`@@bidi_dir`, "rtl" for Arabic).
 */
export function browserWords(): Words {
  words ??= makeWords(
    (key, substitutions) => browser.i18n.getMessage(key, substitutions),
    browser.i18n.getUILanguage(),
    browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr',
  );
  return words;
}
