import type { MessageKey, Words } from '../platform/words';

/** Gives a page the UI language and its direction (Arabic mirrors the layout), and its title in that language. */
export function adoptLanguage(page: Document, words: Words, titleKey: MessageKey): void {
  page.documentElement.lang = words.language;
  page.documentElement.dir = words.direction;
  page.title = words.t(titleKey);
}
