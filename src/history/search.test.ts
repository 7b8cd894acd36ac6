import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../storage/history-entry';
import { queryTerms, search, searchIndex } from './search';

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

  it('gives everything back for a blank query, without copying it', () => {
    expect(search(index, '')).toBe(index.entries);
    expect(search(index, '   ')).toBe(index.entries);
    expect(queryTerms(' a  B ')).toEqual(['a', 'b']);
  });

  it('searches 10,000 entries in well under a frame', () => {
    const many = Array.from({ length: 10_000 }, (_, n) => entry(`https://shrtnr.co/k${n}`, `https://site${n}.example/some/long/path/${n}?utm_source=x&q=${n}`, `Page number ${n} about things`));
    const big = searchIndex(many);
    const keystrokes = ['p', 'pa', 'pag', 'page', 'page 9', 'page 99', 'page 999'];
    // The best of three rounds: a busy test machine slows a round, not the code.
    const perKeystroke = Math.min(
      ...[1, 2, 3].map(() => {
        const started = performance.now();
        for (const query of keystrokes) search(big, query);
        return (performance.now() - started) / keystrokes.length;
      }),
    );
    // Each keystroke must leave most of a 16 ms frame for rendering.
    expect(perKeystroke).toBeLessThan(8);
    expect(search(big, 'site9999.example')).toHaveLength(1);
  });
});
