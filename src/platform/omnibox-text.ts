import { browser } from './browser';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);

/**
 * A suggestion's description as this browser reads it: Chrome parses it as
 * XML (its own <url>, <match> and <dim> marks; a bare "&" or "<" breaks it),
 * Firefox shows it as plain text. `url` is set apart as a URL where the
 * browser can show one so.
 * https://developer.chrome.com/docs/extensions/reference/api/omnibox#type-SuggestResult
 */
export function suggestionDescription(text: string, url?: string): string {
  if (browser.runtime.getURL('').startsWith('moz-extension:')) return url === undefined ? text : `${url} ${text}`;
  return url === undefined ? escapeXml(text) : `<url>${escapeXml(url)}</url> <dim>${escapeXml(text)}</dim>`;
}
