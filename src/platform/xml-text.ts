/**
 * Every character XML 1.0 forbids (https://www.w3.org/TR/xml/#charsets: it
 * allows #x9, #xA, #xD, #x20–#xD7FF, #xE000–#xFFFD and #x10000–#x10FFFF),
 * lone surrogates among them: a pair stands for one allowed character, and
 * the `u` flag matches it whole.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The text with what XML 1.0 forbids taken out. Chrome parses every address
 * bar suggestion of a batch as one XML document and drops the whole batch on
 * one error (`OmniboxSendSuggestionsFunction`, chrome/browser/extensions/api/omnibox),
 * so a page title holding a control character or U+FFFE would wipe out
 * every other suggestion; a title is stripped when history records it and
 * again when it is suggested.
 */
export const xmlText = (text: string): string => text.replace(XML_FORBIDDEN, '');
