// What each end of the list page's port takes from the other: what the other end sends is heard as sent,
// anything else dropped.
import { describe, expect, it, vi } from 'vitest';
import { portEnds } from '../../test/support/port-ends';

const ends = portEnds();
vi.mock('../platform/browser', () => ({ browser: { runtime: ends.runtime } }));

const { openListPort } = await import('./list-port');
const { serveListPort } = await import('./list-port-server');

const pageHears = (...messages: unknown[]) => ends.pageHears(openListPort, messages);
const workerHears = (...messages: unknown[]) => ends.workerHears('list', serveListPort, messages);

const PACE = { limit: 60, windowMs: 3_000 };
const RUN = {
  id: 'list-1',
  startedAt: 1_000,
  private: false,
  pace: PACE,
  account: 'account-1',
  paused: false,
  items: [
    { url: 'https://a.example/', status: { state: 'done', shortUrl: 'https://s.test/a', longUrl: 'https://a.example/', fromHistory: true } },
    { url: 'https://a.example/', status: { state: 'skipped', skip: { reason: 'duplicate', of: 1 } } },
    { url: 'no link', status: { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'malformed-url' } } } },
  ],
};
const PROGRESS = { id: 'list-1', paused: true, pace: PACE, addresses: 200, toShorten: 180, made: 40, fromHistory: 5, failed: 1, untilMs: 9_000 };
const PLAN = { addresses: 3, fresh: 1, inHistory: 1, duplicates: 0, invalid: [{ place: 3, address: 'no link', error: { kind: 'malformed-url' } }], pace: PACE };

describe("the list page's end of its port", () => {
  it('hears none, where the run stands, the ended run, a plan, and why none started (with the ask it answers, if any)', () => {
    const sent = [
      { type: 'none' },
      { type: 'progress', progress: PROGRESS, own: true },
      { type: 'ended', run: { ...RUN, startedBy: 'page-a' }, own: false },
      { type: 'plan', ask: 2, plan: PLAN },
      { type: 'not-started', ask: 2, error: { kind: 'no-token' } },
      { type: 'not-started', error: { kind: 'list-too-large', addresses: 9_000, most: 6_000 } },
      { type: 'not-started', error: { kind: 'list-running' } },
    ];
    expect(pageHears(...sent)).toEqual(sent);
  });

  it.each([
    ['a run with no pause state', { type: 'ended', run: { ...RUN, paused: undefined }, own: true }],
    ["a run not said to be the page's or not", { type: 'ended', run: RUN }],
    ["progress not said to be the page's or not", { type: 'progress', progress: PROGRESS }],
    ['a run with no account', { type: 'ended', run: { ...RUN, account: undefined }, own: true }],
    ['a count that is no whole number', { type: 'progress', progress: { ...PROGRESS, made: 1.5 }, own: true }],
    ['a count below nothing', { type: 'progress', progress: { ...PROGRESS, failed: -1 }, own: true }],
    ['a plan with no pace', { type: 'plan', ask: 1, plan: { ...PLAN, pace: undefined } }],
    ['a plan answering no ask', { type: 'plan', plan: PLAN }],
    ['an invalid address with no reason', { type: 'plan', ask: 1, plan: { ...PLAN, invalid: [{ place: 1, address: 'x' }] } }],
    ['a refusal of no kind', { type: 'not-started', error: 'no-token' }],
    ['a message of a tabs run', { type: 'run', run: RUN }],
  ])('drops %s', (_name, message) => {
    expect(pageHears(message)).toEqual([]);
  });
});

describe("the worker's end of the list page's port", () => {
  it('hears each thing the page asks', () => {
    const sent = [{ type: 'watch', page: 'page-a' }, { type: 'plan', ask: 1, addresses: ['https://a.example/', 'x'] }, { type: 'start', addresses: [], places: [] }, { type: 'start', addresses: ['https://a.example/', 'x'], places: [2, 5] }, { type: 'pause' }, { type: 'resume' }, { type: 'cancel' }, { type: 'dismiss' }];
    expect(workerHears(...sent)).toEqual(sent);
  });

  it.each([
    ['a list that is no list', { type: 'start', addresses: 'https://a.example/', places: [1] }],
    ['a start with no places', { type: 'start', addresses: ['https://a.example/'] }],
    ['places not one an address', { type: 'start', addresses: ['https://a.example/', 'x'], places: [1] }],
    ['places that do not rise', { type: 'start', addresses: ['https://a.example/', 'x'], places: [3, 3] }],
    ['a place that is no row', { type: 'start', addresses: ['https://a.example/'], places: [0.5] }],
    ['an address that is no text', { type: 'plan', ask: 1, addresses: [7] }],
    ['a plan with no ask', { type: 'plan', addresses: [] }],
    ['more than 10,000 addresses', { type: 'start', addresses: Array.from({ length: 10_001 }, () => 'https://a.example/'), places: Array.from({ length: 10_001 }, (_, index) => index + 1) }],
    ['a watch naming no page', { type: 'watch' }],
    ['a message of no known type', { type: 'refused' }],
  ])('drops %s', (_name, message) => {
    expect(workerHears(message)).toEqual([]);
  });
});
