import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeWords, type Words } from '../../src/platform/words';

export const LOCALES_DIR = resolve(import.meta.dirname, '../../public/_locales');

export interface LocaleEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type LocaleMessages = Record<string, LocaleEntry>;

export function localeNames(): string[] {
  return readdirSync(LOCALES_DIR).toSorted();
}

export function readLocale(locale: string): LocaleMessages {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as LocaleMessages;
}

/** The $NAME$ placeholders a message uses, lower-cased as browsers match them. */
export function placeholdersUsed(message: string): string[] {
  return [...new Set([...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((match) => (match[1] ?? '').toLowerCase()))].toSorted();
}

/**
 * `i18n.getMessage` as browsers implement it, over one locale's messages.json
 * with English as the fallback: $NAME$ is replaced by its placeholder's
 * content, in which $1…$9 stand for the substitutions; `$$` is a dollar.
 * Component tests render the real views with it, in any language.
 */
export function catalogueFor(locale: string): (key: string, substitutions?: string | string[]) => string {
  const messages = readLocale(locale);
  const fallback = locale === 'en' ? messages : readLocale('en');
  return (key, substitutions = []) => {
    const entry = messages[key] ?? fallback[key];
    if (entry === undefined) return '';
    const values = Array.isArray(substitutions) ? substitutions : [substitutions];
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, digit: string) => values[Number(digit) - 1] ?? '');
    return entry.message
      .replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
        const placeholder = Object.entries(entry.placeholders ?? {}).find(([declared]) => declared.toLowerCase() === name.toLowerCase());
        return placeholder === undefined ? whole : fill(placeholder[1].content);
      })
      .replaceAll('$$', '$');
  };
}

/** The words of a surface in `locale`, as the extension builds them from the browser (RTL for Arabic). */
export function wordsIn(locale: string): Words {
  const catalogue = catalogueFor(locale);
  return makeWords((key, substitutions) => catalogue(key, substitutions), locale, locale === 'ar' ? 'rtl' : 'ltr');
}

export const englishWords = wordsIn('en');
