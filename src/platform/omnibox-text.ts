import { browser } from './browser';
import { xmlText } from './xml-text';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

/**
 * A suggestion's description as this browser reads it: Chrome parses it as
 * XML (its own <url>, <match> and <dim> marks; a bare "&" or "<" breaks it,
 * and so does a character XML forbids, for the whole batch: xml-text.ts),
 * Firefox shows it as plain text. `url` is set apart as a URL where the
 * browser can show one so. Both are stripped of what XML forbids in either
 * browser: whatever history holds, or is typed, it shows the same.
 * https://developer.chrome.com/docs/extensions/reference/api/omnibox#type-SuggestResult
 */
export function suggestionDescription(text: string, url?: string): string {
  const [words, link] = [xmlText(text), url === undefined ? undefined : xmlText(url)];
  if (browser.runtime.getURL('').startsWith('moz-extension:')) return link === undefined ? words : `${link} ${words}`;
  return link === undefined ? escapeXml(words) : `<url>${escapeXml(link)}</url> <dim>${escapeXml(words)}</dim>`;
}
