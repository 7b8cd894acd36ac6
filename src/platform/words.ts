/** Every message key, from the English catalogue (types only: nothing of the JSON is bundled). */
export type MessageKey = keyof typeof import('../../public/_locales/en/messages.json');

/**
 * Everything a surface needs to put words on screen in the user's language:
 * the messages of `_locales/<lang>/messages.json` and Intl formatting in the
 * browser's UI language. Built from the browser's i18n API in the extension
 * (src/platform/i18n.ts) and from the locale files in component tests; pure,
 * so tests can build one without a browser.
 */
export interface Words {
  /** The message, with its placeholders filled (numbers are formatted first). */
  t(key: MessageKey, ...substitutions: (string | number)[]): string;
  /** A count of seconds as words, e.g. "12 seconds" (long) or "12 sec" (short). */
  seconds(count: number, style?: 'long' | 'short'): string;
  /** A count of minutes as words, e.g. "5 minutes". */
  minutes(count: number): string;
  /** A moment (ms since the epoch) as a date and time, e.g. "28 Nov 2026, 09:14". */
  when(at: number): string;
  /** BCP 47 tag of the browser's UI language, e.g. "de" or "ar". */
  language: string;
  direction: 'ltr' | 'rtl';
}

export type GetMessage = (key: string, substitutions: string[]) => string;

export function makeWords(getMessage: GetMessage, language: string, direction: 'ltr' | 'rtl'): Words {
  const numbers = new Intl.NumberFormat(language);
  const minuteUnits = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' });
  const moments = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const units = { long: new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }), short: new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' }) };
  return {
    t: (key, ...substitutions) =>
      getMessage(
        key,
        substitutions.map((value) => (typeof value === 'number' ? numbers.format(value) : direction === 'rtl' ? isolate(value) : value)),
      ),
    seconds: (count, style = 'long') => units[style].format(count),
    minutes: (count) => minuteUnits.format(count),
    when: (at) => moments.format(at),
    language,
    direction,
  };
}

/**
 * A host, URL or server's words inside a right-to-left sentence, isolated
 * (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE) so the
 * bidi algorithm neither reorders it nor lets its punctuation drift into the
 * sentence around it ("127.0.0.1:8443." read as ".127.0.0.1:8443").
 */
function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
