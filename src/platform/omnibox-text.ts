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
  if (isFirefox()) return link === undefined ? words : `${link} ${words}`;
  return link === undefined ? escapeXml(words) : `<url>${escapeXml(link)}</url> <dim>${escapeXml(words)}</dim>`;
}

const isFirefox = () => browser.runtime.getURL('').startsWith('moz-extension:');

/** Where Chrome puts what is typed after the keyword in the first line, anew at every key (ApplyDefaultSuggestionForExtensionKeyword). */
const TYPED_PLACEHOLDER = '%s';

/**
 * The first line under a link typed: the link set apart, then `text`; `shown`, what the address bar then shows. Chrome
 * fills the link in itself, so its line is the same at every key and is sent, and parsed in a process of its own, once
 * (a line naming the link was parsed anew at each of its fifty keys). Firefox fills in nothing: its line names the link.
 */
export function typedLinkLine(text: string, typed: string): { description: string; shown: string } {
  if (isFirefox()) {
    const description = suggestionDescription(text, typed);
    return { description, shown: description };
  }
  const description = suggestionDescription(text, TYPED_PLACEHOLDER);
  // A function, so that a "$&" or "$'" in the link is put in as typed, not read as a replacement pattern.
  return { description, shown: description.replace(TYPED_PLACEHOLDER, () => typed) };
}
