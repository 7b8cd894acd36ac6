import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { memoryArea } from '../../test/support/memory-area';
import { bySchema, storedFamily, storedItem } from './stored-item';

const count = storedItem('count', bySchema(z.number()), 0);
const times = storedFamily('at:', bySchema(z.number()));

describe('a stored item', () => {
  it('reads as written, and as its fallback when absent or not of its shape (NaN and Infinity are no number)', async () => {
    const area = memoryArea();
    await expect(count.get(area)).resolves.toBe(0);
    await count.set(area, 12);
    expect(area.items).toEqual({ count: 12 });
    await expect(count.get(area)).resolves.toBe(12);
    for (const damaged of ['12', null, Number.NaN, Number.POSITIVE_INFINITY, { count: 12 }]) expect(count.from({ count: damaged })).toBe(0);
    await count.remove(area);
    expect(area.items).toEqual({});
  });

  it('is read from a reading of several keys at once, and asks only for its own', async () => {
    const area = memoryArea({ count: 3, other: 'x' });
    expect(count.from(await area.get(['count', 'other']))).toBe(3);
    await count.get(area);
    expect(area.asked.at(-1)).toEqual(['count']);
  });

  it('keeps what its schema gives: extra fields are taken, and not kept', async () => {
    const pair = storedItem('pair', bySchema(z.object({ a: z.string() })), undefined);
    expect(pair.from({ pair: { a: 'x', b: 1 } })).toEqual({ a: 'x' });
  });
});

describe('a family of stored items', () => {
  it('names each member by its id, and writes several in one write', () => {
    expect(times.key('autoCopy')).toBe('at:autoCopy');
    expect({ ...times.entry('a', 1), ...times.entry('b', 2) }).toEqual({ 'at:a': 1, 'at:b': 2 });
  });

  it('reads its members in a reading of the area, and names apart those not of its shape', () => {
    const { values, damaged } = times.within({ 'at:a': 1, 'at:b': 'soon', 'at:c': Number.NaN, count: 4, 'other:a': 2 });
    expect(Object.fromEntries(values)).toEqual({ a: 1 });
    expect(damaged).toEqual(['b', 'c']);
  });
});
