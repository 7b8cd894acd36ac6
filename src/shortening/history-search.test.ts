import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../storage/history-entry';
import { queryTerms, search, searchIndex } from './history-search';

const entry = (shortUrl: string, longUrl: string, title?: string): HistoryEntry => ({
  shortUrl,
  longUrl,
  server: 'https://shrtnr.co',
  createdAt: 0,
  via: 'popup-tab',
  ...(title === undefined ? {} : { title }),
});

const RECIPE = entry('https://shrtnr.co/aB3', 'https://cooking.example/Bread?flour=rye', 'Rye Bread Recipe');
const DOCS = entry('https://shrtnr.co/Xy9', 'https://docs.example/guide');
const ARABIC = entry('https://shrtnr.co/q1', 'https://news.example/a', 'أخبار اليوم');
const index = searchIndex([RECIPE, DOCS, ARABIC]);

describe('history search', () => {
  it('finds by long URL, short link or title, ignoring case', () => {
    expect(search(index, 'BREAD')).toEqual([RECIPE]);
    expect(search(index, 'xy9')).toEqual([DOCS]);
    expect(search(index, 'recipe')).toEqual([RECIPE]);
    expect(search(index, 'docs.example/GUIDE')).toEqual([DOCS]);
    expect(search(index, 'أخبار')).toEqual([ARABIC]);
  });

  it('keeps the order it was given (newest first)', () => {
    expect(search(index, 'shrtnr.co')).toEqual([RECIPE, DOCS, ARABIC]);
  });

  it('matches every word of the query, in any order, and no word across two fields', () => {
    expect(search(index, '  recipe   rye ')).toEqual([RECIPE]);
    expect(search(index, 'rye docs')).toEqual([]);
    // The short link ends "aB3" and the title starts "Rye": no match across them.
    expect(search(index, 'ab3rye')).toEqual([]);
  });

  it('finds by the name of the account that made an entry, when one is given, and no word across it and the campaign', () => {
    const work = { ...DOCS, campaign: 'Spring' };
    const named = searchIndex([RECIPE, work, ARABIC], (found) => (found === work ? 'Work Team' : found === ARABIC ? 'حساب العمل' : undefined));
    expect(search(named, 'WORK')).toEqual([work]);
    expect(search(named, 'team guide')).toEqual([work]);
    expect(search(named, 'العمل')).toEqual([ARABIC]);
    expect(search(named, 'springwork')).toEqual([]);
    // Without names, none is searched.
    expect(search(index, 'work')).toEqual([]);
  });

  it('gives everything back for a blank query, without copying it', () => {
    expect(search(index, '')).toBe(index.entries);
    expect(search(index, '   ')).toBe(index.entries);
    expect(queryTerms(' a  B ')).toEqual(['a', 'b']);
  });

  it('searches 10,000 entries, keystroke by keystroke, and finds exactly the ones that match', () => {
    // How fast is for `npm run bench` to measure (the history page's keystroke → results), not for a test.
    const many = Array.from({ length: 10_000 }, (_, n) => entry(`https://shrtnr.co/k${n}`, `https://site${n}.example/some/long/path/${n}?utm_source=x&q=${n}`, `Page number ${n} about things`));
    const big = searchIndex(many);
    for (const query of ['p', 'pa', 'pag', 'page']) expect(search(big, query)).toHaveLength(10_000);
    // Each entry's only digits are its number: "page 99" finds the numbers with "99" in them.
    for (const digits of ['9', '99', '999']) expect(search(big, `page ${digits}`)).toEqual(many.filter((_, n) => String(n).includes(digits)));
    expect(search(big, 'site9999.example')).toHaveLength(1);
  });
});
