// What each end of the "Shorten all tabs" port, and of the host-access trial port, takes from the other: as in
// shorten-port.test.ts, what the other end sends is heard as sent, anything else dropped ("newly": let through
// by the hand-written guards these schemas replaced).
import { describe, expect, it, vi } from 'vitest';
import { portEnds } from '../../test/support/port-ends';

const ends = portEnds();
vi.mock('../platform/browser', () => ({ browser: { runtime: ends.runtime } }));

const { openBulkPort } = await import('./bulk-port');
const { serveBulkPort } = await import('./bulk-port-server');
const { openHostAccessTrialPort } = await import('./host-access-trial-port');
const { serveHostAccessTrialPort } = await import('./host-access-trial-port-server');

const popupHearsRun = (...messages: unknown[]) => ends.pageHears(openBulkPort, messages);
const workerHearsRun = (...messages: unknown[]) => ends.workerHears('bulk', serveBulkPort, messages);

const RUN = {
  id: 'run-1',
  windowId: 3,
  startedAt: 1_000,
  private: false,
  pace: { limit: 60, windowMs: 60_000 },
  account: 'account-1',
  items: [
    { url: 'https://a.example/', title: 'A', status: { state: 'done', shortUrl: 'https://s.test/a', longUrl: 'https://a.example/', fromHistory: false }, job: 'job-1' },
    { url: 'https://b.example/', status: { state: 'waiting', ahead: 0, untilMs: 5_000 }, job: 'job-2', tab: 12 },
    { url: 'chrome://newtab/', status: { state: 'skipped', skip: { reason: 'browser-page' } } },
    { url: 'https://c.example/', status: { state: 'failed', error: { kind: 'http', status: 500 } } },
  ],
};
const withStatus = (status: unknown) => ({ type: 'run', run: { ...RUN, items: [{ url: 'https://a.example/', status }] } });

describe("the popup's end of the tabs run's port", () => {

  it("hears the window's run, none, or why none started (the error's parameters kept)", () => {
    const sent = [{ type: 'run', run: RUN }, { type: 'run' }, { type: 'not-started', error: { kind: 'run-too-large', tabs: 5_000, most: 3_000 } }];
    expect(popupHearsRun(...sent)).toEqual(sent);
  });

  it.each([
    ['a run with no list of tabs', { type: 'run', run: { ...RUN, items: undefined } }],
    ['a pace of no request', { type: 'run', run: { ...RUN, pace: { limit: 0, windowMs: 60_000 } } }],
    ['a refusal of no kind', { type: 'not-started', error: 'tabs-permission' }],
    // Newly: the popup checked a run's id, window, pace and each tab's address, title and state's name; it now
    // checks the run as a stored one is, every field of it (one schema, src/storage/session/bulk-run.ts).
    ['newly, a window of NaN', { type: 'run', run: { ...RUN, windowId: Number.NaN } }],
    ['newly, a run with no start', { type: 'run', run: { ...RUN, startedAt: undefined } }],
    ['newly, a tab in a state of another version', withStatus({ state: 'paused' })],
    ['newly, a tab done with no short link', withStatus({ state: 'done', longUrl: 'https://a.example/', fromHistory: false })],
  ])('drops %s', (_name, message) => {
    expect(popupHearsRun(message)).toEqual([]);
  });
});

describe("the worker's end of the tabs run's port", () => {

  it('hears each thing the popup asks', () => {
    const sent = [{ type: 'watch', windowId: 3 }, { type: 'start', windowId: 3 }, { type: 'refused' }, { type: 'cancel' }, { type: 'dismiss' }];
    expect(workerHearsRun(...sent)).toEqual(sent);
  });

  it.each([
    ['a window by name', { type: 'watch', windowId: '3' }],
    ['a start in no window', { type: 'start' }],
    ['a message of no known type', { type: 'pause' }],
    ['newly, a window of NaN', { type: 'start', windowId: Number.NaN }],
  ])('drops %s', (_name, message) => {
    expect(workerHearsRun(message)).toEqual([]);
  });
});

describe('the host-access trial port', () => {
  it("is heard by the worker only as a pattern on trial; the settings page's end hears nothing", () => {
    expect(ends.workerHears('host-access-trial', serveHostAccessTrialPort, [{ type: 'on-trial', pattern: 'https://links.example/*' }, { type: 'on-trial' }, 'https://links.example/*'])).toEqual([
      { type: 'on-trial', pattern: 'https://links.example/*' },
    ]);
    expect(ends.pageHears(openHostAccessTrialPort, [{ type: 'on-trial', pattern: 'x' }, {}])).toEqual([]);
  });
});
