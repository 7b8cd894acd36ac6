// Every language says everything English says, with the same placeholders:
// a key missing (or extra) in one locale, or a placeholder lost in translation,
// fails here rather than showing a blank or a raw $HOST$ to someone.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { catalogueFor, localeNames, placeholdersUsed, readLocale } from '../support/locale-catalogue';

const LOCALES = ['ar', 'de', 'en', 'es', 'fr'];
const english = readLocale('en');
const ROOT = resolve(import.meta.dirname, '../..');

/** What the extension and its build are made of (tests and fakes aside: a word only a test reads is read by no one). */
function productCode(): string {
  const files = ['src', 'scripts'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|html|css)$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)fake-[^/]*$/.test(file))
      .map((file) => join(ROOT, folder, file)),
  );
  return [JSON.stringify(manifest), ...files.map((file) => readFileSync(file, 'utf8'))].join('\n');
}

describe('the locales', () => {
  it('are exactly en (the default), de, fr, es and ar', () => {
    expect(localeNames()).toEqual(LOCALES);
    expect(manifest.default_locale).toBe('en');
  });

  it.each(LOCALES)('%s has every English key and no other, in the same order', (locale) => {
    expect(Object.keys(readLocale(locale))).toEqual(Object.keys(english));
  });

  it.each(LOCALES)('%s declares the same placeholders as English and uses each of them', (locale) => {
    for (const [key, entry] of Object.entries(readLocale(locale))) {
      const declared = Object.keys(entry.placeholders ?? {}).toSorted();
      expect(declared, key).toEqual(Object.keys(english[key]?.placeholders ?? {}).toSorted());
      expect(Object.values(entry.placeholders ?? {}).map(({ content }) => content), key).toEqual(
        Object.values(english[key]?.placeholders ?? {}).map(({ content }) => content),
      );
      expect(placeholdersUsed(entry.message), key).toEqual(declared);
      expect(entry.message.trim(), key).not.toBe('');
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated, not copied from English', (locale) => {
    const messages = readLocale(locale);
    const untranslated = Object.keys(english).filter((key) => messages[key]?.message === english[key]?.message);
    // The name stays a name; Markdown is Markdown in every language.
    // Names that are the same word in these languages: the share destinations' too, which Arabic writes in its own script.
    const shareSites = ['shareX', 'shareLinkedIn', 'shareFacebook', 'shareReddit', 'shareWhatsApp', 'shareTelegram'];
    const sameInBoth = ['extensionShortName', 'copyFormatMarkdown', ...(locale === 'ar' ? [] : shareSites)];
    expect(untranslated.filter((key) => !sameInBoth.includes(key))).toEqual([]);
  });

  it('fills placeholders as the browser does', () => {
    const t = catalogueFor('en');
    expect(t('optionsConnected', ['shrtnr.co'])).toBe('Connected to shrtnr.co: the token works.');
    expect(t('badgeSomeFailed', ['2', '5', 'Boom.'])).toBe('2 of 5 failed. Last error: Boom.');
  });

  it('holds no word nothing shows: every key is named in the code, or by the manifest', () => {
    const code = productCode();
    // A key is named whole, quoted ('optionsSaved', never built from parts), or as __MSG_key__.
    const unused = Object.keys(english).filter((key) => !new RegExp(`['"\`]${key}['"\`]|__MSG_${key}__`).test(code));
    expect(unused).toEqual([]);
  });

  // Chrome shows the extension's name as the title of its context-menu item, and each menu word as an item's title:
  // there an & marks an access key and is not shown ("Shrtnr: shorten & copy" showed as "Shrtnr: shorten  copy"),
  // and %s becomes the selected text. The user's names are escaped as they go in (menuTitle); these are written so.
  it.each(LOCALES)('%s: the words Chrome puts in a context menu hold no & and no per-cent s', (locale) => {
    const catalogue = readLocale(locale);
    const menuWords = Object.entries(catalogue).filter(([key]) => key === 'extensionName' || key.startsWith('menu'));
    expect(menuWords.length).toBeGreaterThan(7);
    expect(menuWords.filter(([, { message }]) => /&|%s/.test(message))).toEqual([]);
  });

  it('every key the manifest names exists', () => {
    const keys = JSON.stringify(manifest).match(/__MSG_(\w+)__/g)?.map((name) => name.slice(6, -2)) ?? [];
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(Object.keys(english), key).toContain(key);
  });
});
