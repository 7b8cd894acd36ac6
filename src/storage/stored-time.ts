import * as z from 'zod/mini';

z.config({ jitless: true });

/**
 * The latest time a Date can hold (ECMAScript's ±8.64e15 ms): a later one
 * makes `Intl.DateTimeFormat.format` and `toISOString` throw.
 */
export const LATEST_TIME = 8.64e15;

/**
 * A time kept or taken from elsewhere (ms since the epoch: an imported
 * entry's, another machine's through sync) that every page can show: a
 * number outside what a Date holds would break each view that formats it.
 */
export const storedTime = () => z.number().check(z.refine((value) => Number.isFinite(value) && value >= 0 && value <= LATEST_TIME));
