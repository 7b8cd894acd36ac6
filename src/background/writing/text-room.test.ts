import { describe, expect, it } from 'vitest';
import { MAX_FIELD_LENGTH } from '../../shortening/field-edits';
import { TEXT_BUDGET_BYTES } from '../../storage/session/session-budget';
import { holdTextRoom } from './text-room';

const SERVER = 'https://shrtnr.co';
const REQUEST = { via: 'menu-field', private: false, fresh: false } as const;
/** Addresses as people write them in a mail: an article's, with a query. */
const typical = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `https://www.example-news.com/2026/11/28/an-article-${from + index}?ref=mail`);
/** As many of the shortest addresses as a field may hold (each and a space). */
const shortest = () => Array.from({ length: Math.floor(MAX_FIELD_LENGTH / 16) }, (_, index) => `https://a.io/${index}`);

describe("a text's room in storage.session", () => {
  it('holds a thousand typical links, and gives the room back once they end', () => {
    const first = holdTextRoom(typical(1_000), REQUEST, SERVER);
    expect('release' in first).toBe(true);
    if ('release' in first) first.release();
  });

  it('refuses a field full of the shortest addresses (a 5 MB journal), saying how many would fit', () => {
    const urls = shortest();
    expect(urls.length).toBeGreaterThan(12_000);
    const room = holdTextRoom(urls, REQUEST, SERVER);
    expect(room).toEqual({ most: expect.any(Number) as unknown });
    const { most } = room as { most: number };
    // The texts' share is a quarter of the 10 MB quota: some 4,000 such links, never more than asked for.
    expect(most).toBeGreaterThan(3_000);
    expect(most).toBeLessThan(urls.length);
    expect(TEXT_BUDGET_BYTES).toBe((10 * 1024 * 1024) / 4);
  });

  it('counts the texts already waiting: one that fits alone is refused beside them, and fits once they end', () => {
    const half = Math.floor(shortest().length / 3);
    const waiting = holdTextRoom(shortest().slice(0, half), REQUEST, SERVER);
    expect('release' in waiting).toBe(true);
    const next = shortest().slice(half, 2 * half);
    expect('most' in holdTextRoom(next, REQUEST, SERVER)).toBe(true);
    if ('release' in waiting) {
      waiting.release();
      // Given back once only, however often it is said.
      waiting.release();
    }
    const after = holdTextRoom(next, REQUEST, SERVER);
    expect('release' in after).toBe(true);
    if ('release' in after) after.release();
  });
});
