// What a worker keeps in storage.session for the next one, read back as the next worker reads it:
// each shape as written, and anything else (a shape of another version, a damaged value) read as
// the default, or dropped from its family and named, never trusted.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../test/support/locale-catalogue';
import { errorSentence } from '../../ui/error-words';
import type { BulkItemStatus, BulkRun } from './bulk-run';
import type { GateSnapshot } from './gate-snapshots';
import type { QueuedJob } from './queued-jobs';

const session = new Map<string, unknown>();
vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return { browser: { storage: { session: fakeSessionArea(session) } } };
});

const { readWholeSession } = await import('./session-area');
const { tabsRuns, tabsRunWish } = await import('./run-items');
const { listRun } = await import('./run-items');
const { queuedJobs } = await import('./queued-jobs');
const { gateSnapshots } = await import('./gate-snapshots');
const { lastCopiedClick, offeredLink } = await import('./clipboard-memory');
const { storedBytes } = await import('./session-budget');

beforeEach(() => session.clear());

const RUN: BulkRun = { id: 'run-1', windowId: 3, startedAt: 1_000, private: false, pace: { limit: 60, windowMs: 60_000 }, account: 'account-1', items: [] };
/** Every status a tab of a run can have, as the worker writes it. */
const STATUSES: BulkItemStatus[] = [
  { state: 'skipped', skip: { reason: 'browser-page' } },
  { state: 'skipped', skip: { reason: 'own-page' } },
  { state: 'skipped', skip: { reason: 'duplicate', of: 1 } },
  { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'url-too-long', length: 3000, limit: 2048 } } },
  { state: 'queued' },
  { state: 'waiting', ahead: 2 },
  { state: 'waiting', ahead: 0, untilMs: 5_000 },
  { state: 'sending' },
  { state: 'done', shortUrl: 'https://shrtnr.co/a', longUrl: 'https://example.com/a', fromHistory: false },
  { state: 'failed', error: { kind: 'network', host: 'shrtnr.co' } },
];
const withStatus = (status: unknown, item: Record<string, unknown> = {}) => ({ ...RUN, items: [{ url: 'https://example.com/a', status, ...item }] });

describe('the tabs runs', () => {
  it('read back every status a tab can have, with its job, tab and title', async () => {
    const run = { ...RUN, items: STATUSES.map((status, index) => ({ url: `https://example.com/${index}`, title: `Tab ${index}`, status, job: `job-${index}`, tab: index })) };
    // A run an earlier version started has no pace and no account.
    const older = { id: 'run-2', windowId: 4, startedAt: 1_000, private: true, items: [] };
    await tabsRuns.set([run, older]);
    await expect(tabsRuns.get()).resolves.toEqual([run, older]);
  });

  it.each([
    ['a skip of no known reason', withStatus({ state: 'skipped', skip: { reason: 'tired' } })],
    ['a duplicate of no place', withStatus({ state: 'skipped', skip: { reason: 'duplicate' } })],
    ['a skip with no error', withStatus({ state: 'skipped', skip: { reason: 'not-shortenable', error: 'bad' } })],
    ['a skip that is no record', withStatus({ state: 'skipped', skip: 'own-page' })],
    ['a wait with no place in line', withStatus({ state: 'waiting', untilMs: 5 })],
    ['a wait until no time', withStatus({ state: 'waiting', ahead: 1, untilMs: 'soon' })],
    ['a link done with no short URL', withStatus({ state: 'done', longUrl: 'https://example.com/a', fromHistory: false })],
    ['a failure with no error', withStatus({ state: 'failed' })],
    ['a state of another version', withStatus({ state: 'paused' })],
    ['a status that is no record', withStatus('done')],
    ['a tab with a numbered job', withStatus({ state: 'queued' }, { job: 7 })],
    ['a tab with a named tab', withStatus({ state: 'queued' }, { tab: 'seven' })],
    ['a tab with a numbered title', withStatus({ state: 'queued' }, { title: 7 })],
    ['a pace of no request', { ...RUN, pace: { limit: 0, windowMs: 60_000 } }],
    ['a pace of no window', { ...RUN, pace: { limit: 60, windowMs: 0 } }],
    ['an account by number', { ...RUN, account: 1 }],
    ['a run without its window', { ...RUN, windowId: undefined }],
  ])('drop %s, and keep the others', async (_name, damaged) => {
    session.set('bulk-runs', [damaged, RUN]);
    await expect(tabsRuns.get()).resolves.toEqual([RUN]);
  });

  it('take a run with fields of another version, without keeping them; a number of NaN or Infinity is none', async () => {
    session.set('bulk-runs', [{ ...RUN, paused: true }, { ...RUN, id: 'run-2', startedAt: Number.POSITIVE_INFINITY }, withStatus({ state: 'waiting', ahead: Number.NaN })]);
    await expect(tabsRuns.get()).resolves.toStrictEqual([RUN]);
  });

  it('read as none when what is stored is no list', async () => {
    session.set('bulk-runs', { 'run-1': RUN });
    await expect(tabsRuns.get()).resolves.toEqual([]);
  });

  it('read a run stored when one union held every failure, and say each failure as it was said then', async () => {
    // As the version before the failures were split (api/, accounts, the queue, the extension's own) wrote them:
    // the account's `no-token` and the queue's `network` share their kind with the API's, with a parameter more.
    const said = [
      [{ kind: 'server-error', status: 503 }, 'The Shrtnr server failed (HTTP 503). Try again in a little while.'],
      [{ kind: 'no-token', blank: false, account: 'Team' }, 'No access token is saved in this browser for the account “Team”. Add it in the settings.'],
      [{ kind: 'token-for-other-server', tokenHost: 'shrtnr.co', serverHost: 'links.example' }, 'Your saved token is for shrtnr.co, so it is not sent to links.example. Enter the token for links.example in the settings.'],
      [{ kind: 'network', host: 'shrtnr.co', waitedSeconds: 120 }, 'Waited 2 minutes for the network, but shrtnr.co never answered. Check your connection and the server address; if the server uses its own certificate, your browser must trust it.'],
      [{ kind: 'gave-up', attempts: 8 }, 'The server kept refusing for its rate limit; gave up after 8 attempts. Try again later.'],
      [{ kind: 'account-removed' }, 'The account this link was for was removed, so it was not sent. Shorten it again.'],
      [{ kind: 'internal', detail: 'aborted' }, 'The extension could not shorten this: aborted'],
    ] as const;
    const stored = { ...RUN, items: said.map(([error], index) => ({ url: `https://example.com/${index}`, status: { state: 'failed', error } })) };
    session.set('bulk-runs', [JSON.parse(JSON.stringify(stored))]);
    const [run] = await tabsRuns.get();
    expect(run).toEqual(stored);
    const english = wordsIn('en');
    expect(run?.items.map(({ status }) => (status.state === 'failed' ? errorSentence(status.error, english) : status.state))).toEqual(said.map(([, sentence]) => sentence));
  });

  it("keep a click's wish for a run while the prompt is open, and drop one of another shape", async () => {
    await tabsRunWish.set({ windowId: 3, at: 1_000 });
    await expect(tabsRunWish.get()).resolves.toEqual({ windowId: 3, at: 1_000 });
    session.set('bulk-wish', { windowId: '3', at: 1_000 });
    await expect(tabsRunWish.get()).resolves.toBeUndefined();
    await tabsRunWish.remove();
    expect(session.has('bulk-wish')).toBe(false);
  });
});

describe('the list run', () => {
  const LIST = { id: 'list-1', startedAt: 1_000, private: false, pace: { limit: 60, windowMs: 3_000 }, account: 'account-1', paused: true, items: STATUSES.map((status, index) => ({ url: `https://example.com/${index}`, status, job: `job-${index}` })) };

  it('reads back every status an address can have, paused or not, and none when there is none', async () => {
    await expect(listRun.get()).resolves.toBeUndefined();
    await listRun.set(LIST);
    await expect(listRun.get()).resolves.toEqual(LIST);
    await listRun.remove();
    expect(session.has('list-run')).toBe(false);
  });

  it.each([
    ['a tabs run', RUN],
    ['a run not known to be paused or not', { ...LIST, paused: undefined }],
    ['a run with no pace', { ...LIST, pace: undefined }],
    ['a run with no account', { ...LIST, account: undefined }],
    ['an address of another shape', { ...LIST, items: [{ url: 1, status: { state: 'queued' } }] }],
  ])('reads %s as none', async (_name, damaged) => {
    session.set('list-run', damaged);
    await expect(listRun.get()).resolves.toBeUndefined();
  });
});

const JOB: QueuedJob = {
  id: 'a1',
  request: { url: 'https://example.com/a', via: 'menu-link', title: 'A', private: false, fresh: false, account: 'account-1', campaign: { name: 'News', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] } },
  longUrl: 'https://example.com/a',
  removedParams: ['fbclid'],
  server: 'https://shrtnr.co',
  account: 'account-1',
  queuedAt: 1_000,
  clickOrder: 4,
  attempts: 1,
  owner: 'background',
  waitBoundMs: 120_000,
};

describe("the queue's journal", () => {
  it('reads back each job by its id, and names the damaged ones apart', async () => {
    const owners = ['popup', 'background', 'bulk', 'text'] as const;
    for (const owner of owners) await queuedJobs.set(`${owner}-job`, { ...JOB, id: `${owner}-job`, owner });
    const { waitBoundMs: _bound, ...unbounded } = JOB;
    await queuedJobs.set('no-bound', { ...unbounded, id: 'no-bound' });
    session.set('job:other-owner', { ...JOB, owner: 'tab' });
    session.set('job:bad-request', { ...JOB, request: { ...JOB.request, via: 'carrier-pigeon' } });
    session.set('job:bad-campaign', { ...JOB, request: { ...JOB.request, campaign: { name: 'x' } } });
    session.set('job:bad-account', { ...JOB, request: { ...JOB.request, account: 1 } });
    session.set('job:bad-bound', { ...JOB, waitBoundMs: 'long' });
    session.set('job:no-record', 'a1');
    session.set('gate:account-1@https://shrtnr.co', { windowMs: 60_000 });
    const { values, damaged } = queuedJobs.within(await readWholeSession());
    expect([...values.keys()].toSorted()).toEqual(['background-job', 'bulk-job', 'no-bound', 'popup-job', 'text-job']);
    expect(values.get('no-bound')).toStrictEqual({ ...unbounded, id: 'no-bound' });
    expect(damaged.toSorted()).toEqual(['bad-account', 'bad-bound', 'bad-campaign', 'bad-request', 'no-record', 'other-owner']);
  });

  it('removes one job, or several at once', async () => {
    for (const id of ['a', 'b', 'c']) await queuedJobs.set(id, { ...JOB, id });
    await queuedJobs.remove('a');
    await queuedJobs.remove(['b', 'c']);
    expect([...session.keys()]).toEqual([]);
  });
});

const SNAPSHOT: GateSnapshot = { limit: 60, windowMs: 60_000, measuredOnce: true, blockedUntil: 5_000, refusalsInARow: 0, inFlight: 1, window: { remaining: 10, endsAt: 9_000, endKnown: true, confirmed: false } };

describe("the rate-limit gates' snapshots", () => {
  it.each([
    { name: 'a full snapshot', stored: SNAPSHOT, kept: true },
    { name: 'one before any answer (no limit, block or window)', stored: { windowMs: 60_000, measuredOnce: false, refusalsInARow: 0, inFlight: 0 }, kept: true },
    { name: 'a limit in words', stored: { ...SNAPSHOT, limit: 'sixty' }, kept: false },
    { name: 'no window length', stored: { ...SNAPSHOT, windowMs: undefined }, kept: false },
    { name: 'a measure that is no yes or no', stored: { ...SNAPSHOT, measuredOnce: 1 }, kept: false },
    { name: 'a block until no time', stored: { ...SNAPSHOT, blockedUntil: Number.NaN }, kept: false },
    { name: 'no count of refusals', stored: { ...SNAPSHOT, refusalsInARow: undefined }, kept: false },
    { name: 'no count in flight', stored: { ...SNAPSHOT, inFlight: null }, kept: false },
    { name: 'a window with no end', stored: { ...SNAPSHOT, window: { remaining: 10, endKnown: true, confirmed: false } }, kept: false },
    { name: 'a window not known to be known', stored: { ...SNAPSHOT, window: { remaining: 10, endsAt: 9_000, confirmed: false } }, kept: false },
    { name: 'a window that is no record', stored: { ...SNAPSHOT, window: 'open' }, kept: false },
    { name: 'the window 429s without advice met', stored: { ...SNAPSHOT, refusalsInARow: 3, refusedWindow: { overBy: 61_000, refusalsBefore: 0 } }, kept: true },
    { name: 'that window with no end', stored: { ...SNAPSHOT, refusedWindow: { refusalsBefore: 0 } }, kept: false },
    { name: 'no record at all', stored: 60, kept: false },
  ])('$name: kept is $kept', async ({ stored, kept }) => {
    session.set('gate:account-1@https://shrtnr.co', stored);
    const { values, damaged } = gateSnapshots.within(await readWholeSession());
    expect({ kept: [...values.values()], damaged }).toEqual(kept ? { kept: [stored], damaged: [] } : { kept: [], damaged: ['account-1@https://shrtnr.co'] });
  });
});

describe("the clipboard rule's memory", () => {
  it('reads the last copied click as written, and anything else as none yet', async () => {
    await expect(lastCopiedClick.get()).resolves.toBe(0);
    await lastCopiedClick.set(12);
    await expect(lastCopiedClick.get()).resolves.toBe(12);
    session.set('clipboard:last-copied-click', Number.POSITIVE_INFINITY);
    await expect(lastCopiedClick.get()).resolves.toBe(0);
  });

  it('reads the late link on offer as written, and one of another shape as no offer', async () => {
    const offer = { payload: { text: 'https://shrtnr.co/a', html: '<a href="https://shrtnr.co/a">A</a>' }, shortUrl: 'https://shrtnr.co/a', longUrl: 'https://example.com/a' };
    await offeredLink.set(offer);
    await expect(offeredLink.get()).resolves.toEqual(offer);
    session.set('clipboard:offer', { ...offer, payload: { text: 42 } });
    await expect(offeredLink.get()).resolves.toBeUndefined();
  });
});

describe("the session's budget", () => {
  it('counts a value as the quota does: the bytes of its key and of its JSON, in UTF-8', () => {
    expect(storedBytes('k', 'é')).toBe(1 + 4);
    expect(storedBytes('bulk-runs', [RUN])).toBe(9 + new TextEncoder().encode(JSON.stringify([RUN])).length);
  });
});
