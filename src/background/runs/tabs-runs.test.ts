import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/support/eventually';
import type { BulkRun } from '../../messages/bulk-port';
import { deferred } from '../../../test/support/deferred';
import type { QueuedJob } from '../queue/queue-types';

// A run against a fake browser (storage.session as a Map that outlives
// "workers", i.e. module instances) and a queue that journals its jobs and
// holds them, as one waiting for the rate limit does.
const session = new Map<string, unknown>();
const queued: QueuedJob[] = [];
/** For each job the queue got, whether the stored run named it already. */
const namedWhenQueued: boolean[] = [];
let historyLookup: (() => Promise<void>) | undefined;
let tabUrls = ['https://example.com/1', 'https://example.com/2', 'https://example.com/3'];
let storedToken = 'a'.repeat(40);
let storedAccounts = [{ id: 'account-1', name: 's.test', server: 'https://s.test' }];
let activeAccount = 'account-1';
/** Tokens saved for other accounts than the first (whose token is `storedToken`). */
let otherTokens: Record<string, { token: string; server: string }> = {};
const tabsRead = vi.fn();

vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return {
    browser: {
      storage: {
        // As Chromium's, closed to pages: the tokens are kept there (storage/token-vault.ts).
        local: {
          setAccessLevel: async () => undefined,
          get: async (keys: string[]) => {
            // The account shape (settings-migrations.ts, version 2): the first account's token saved unless blanked.
            const items: Record<string, unknown> = {
              settingsVersion: 2,
              accounts: storedAccounts,
              activeAccount,
              ...(storedToken === '' ? {} : { 'token:account-1': { token: storedToken, server: 'https://s.test' } }),
              ...Object.fromEntries(Object.entries(otherTokens).map(([id, saved]) => [`token:${id}`, saved])),
            };
            return Object.fromEntries(keys.filter((key) => key in items).map((key) => [key, items[key]]));
          },
          set: async () => undefined,
        },
        session: fakeSessionArea(session),
      },
      permissions: { contains: async () => true },
      tabs: {
        query: async () => {
          tabsRead();
          return tabUrls.map((url, index) => ({ index, url, title: `Tab ${index + 1}`, incognito: false }));
        },
      },
      runtime: { getURL: () => 'chrome-extension://abc/' },
      alarms: { create: async () => undefined, clear: async () => undefined },
    },
  };
});
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string, ...values: unknown[]) => [key, ...values].join(' ') }) }));
const notified = vi.fn();
vi.mock('../delivery/notify', () => ({ notifyFailure: async () => undefined, notifySentence: async (...said: unknown[]) => notified(...said) }));
vi.mock('../service/history-access', () => ({
  backgroundHistory: () => ({
    findCached: async () => {
      await historyLookup?.();
      return undefined;
    },
    countReuse: async () => undefined,
  }),
  historyFailed: () => () => undefined,
}));
// The real shortening service, over a queue that journals each job as queueJournal.save does, then holds it: the limit is used up
// (until a test answers it with a link).
const answers: ((link: { ok: true; value: { shortUrl: string; longUrl: string } }) => void)[] = [];
const cancelJob = vi.fn((_id: string) => true);
vi.mock('../queue/shorten-queue', () => ({
  createShortenQueue: () => ({
    add: (job: QueuedJob) => {
      namedWhenQueued.push((session.get('bulk-runs') as BulkRun[] | undefined)?.some((run) => run.items.some((item) => item.job === job.id)) ?? false);
      session.set(`job:${job.id}`, structuredClone(job));
      queued.push(job);
      return new Promise((answer) => answers.push(answer));
    },
    cancel: cancelJob,
    unwatch: () => undefined,
    waiting: () => 0,
    pace: () => knownPace,
  }),
}));
/** What the queue has heard of the server's limit. */
let knownPace: { limit: number | undefined; windowMs: number } = { limit: undefined, windowMs: 60_000 };

/** The run's work goes on after startBulkRun answers (each tab looked up, then queued): wait for all `count` of its jobs. */
const allQueued = (count: number) => eventually(() => expect(queued).toHaveLength(count));
const journalled = () => [...session.entries()].filter(([key]) => key.startsWith('job:')).map(([, job]) => job as QueuedJob);
const OTHER = { id: 'account-other', name: 'Other', server: 'https://other.test' };
const OTHER_TOKEN = { token: 'b'.repeat(40), server: OTHER.server };
const storedRun = () => (session.get('bulk-runs') as BulkRun[] | undefined)?.[0];

beforeEach(() => {
  session.clear();
  queued.length = 0;
  answers.length = 0;
  notified.mockClear();
  namedWhenQueued.length = 0;
  historyLookup = undefined;
  cancelJob.mockClear();
  tabsRead.mockClear();
  storedToken = 'a'.repeat(40);
  storedAccounts = [{ id: 'account-1', name: 's.test', server: 'https://s.test' }];
  activeAccount = 'account-1';
  otherTokens = {};
  tabUrls = ['https://example.com/1', 'https://example.com/2', 'https://example.com/3'];
  knownPace = { limit: undefined, windowMs: 60_000 };
  vi.resetModules();
});

describe('a "Shorten all tabs" run', () => {
  it('keeps each tab\'s job in the stored run, so a worker stopped while all wait hands them on, not queued twice', async () => {
    const first = await import('./tabs-runs');
    expect((await first.startBulkRun(7)).ok).toBe(true);
    await allQueued(3);
    // Each tab's job is named in the run's first write, before it reaches the queue (later writes come at most once
    // a second: a worker stopped between them must still find every job by its name).
    expect(namedWhenQueued).toEqual([true, true, true]);
    expect(storedRun()?.items.map((item) => item.job)).toEqual(queued.map((job) => job.id));

    // The next worker: fresh module state, the same storage.session.
    vi.resetModules();
    const before = queued.length;
    const next = await import('./resume-runs');
    // Its jobs are followed, or queued anew, before it resolves.
    await next.resumeRuns(journalled(), Date.now() + 1);
    // Followed through their journalled jobs: the same ids, nothing new queued.
    expect(queued.slice(before).map((job) => job.id)).toEqual(queued.slice(0, before).map((job) => job.id));
    expect(journalled()).toHaveLength(3);
  });

  it('takes out of the journal a run\'s job that no run names any more', async () => {
    const first = await import('./tabs-runs');
    await first.startBulkRun(7);
    await allQueued(3);
    session.delete('bulk-runs');
    vi.resetModules();
    const next = await import('./resume-runs');
    // It takes the unclaimed jobs out before it resolves.
    await next.resumeRuns(journalled(), Date.now() + 1);
    expect(journalled()).toEqual([]);
  });

  it('Cancel while a tab is being looked up in history: that tab does not join the queue, and the run ends', async () => {
    const asked = deferred<void>();
    const answer = deferred<void>();
    historyLookup = () => {
      asked.resolve();
      return answer.promise;
    };
    const runs = await import('./tabs-runs');
    await runs.startBulkRun(9);
    await asked.promise;
    await runs.cancelBulkRun(9);
    historyLookup = undefined;
    answer.resolve();
    // The end of the work: every tab ended (and written down) without joining the queue.
    const cancelled = { state: 'failed', error: { kind: 'cancelled' } };
    await eventually(() => expect(storedRun()?.items.map((item) => item.status)).toEqual([cancelled, cancelled, cancelled]));
    expect(queued).toEqual([]);
  });

  it('skips what it cannot shorten and the same link twice, and queues the rest in tab order', async () => {
    tabUrls = ['https://example.com/a', 'chrome://settings/', 'chrome-extension://abc/src/history/index.html', 'https://example.com/a', 'https://example.com/b'];
    const runs = await import('./tabs-runs');
    const started = await runs.startBulkRun(3);
    await allQueued(2);
    expect(started.ok && started.value.items.map((item) => (item.status.state === 'skipped' ? item.status.skip.reason : item.status.state))).toEqual(['queued', 'browser-page', 'own-page', 'duplicate', 'queued']);
    expect(queued.map((job) => [job.longUrl, job.owner, job.request.via])).toEqual([
      ['https://example.com/a', 'bulk', 'bulk'],
      ['https://example.com/b', 'bulk', 'bulk'],
    ]);
    // Its end is told in the links made of those it set out to make: the tabs passed over are none of them.
    for (const [index, answer] of answers.entries()) answer({ ok: true, value: { shortUrl: `https://s.test/${index}`, longUrl: queued[index]?.longUrl ?? '' } });
    await eventually(() => expect(notified).toHaveBeenCalledWith('notifyBulkTitle', 'notifyBulkMessage 2 2'));
  });

  it("forgets a window's run when the window closes: its waiting tabs are cancelled and its addresses no longer kept", async () => {
    const runs = await import('./tabs-runs');
    await runs.startBulkRun(5);
    await allQueued(3);
    await runs.forgetWindowRun(5);
    expect(vi.mocked(cancelJob).mock.calls.map(([id]) => id)).toEqual(queued.map((job) => job.id));
    // Written down after the answer, one write after another.
    await eventually(() => expect(session.get('bulk-runs')).toEqual([]));
  });

  it('does not start, and reads no tab, when no token is saved', async () => {
    storedToken = '';
    const runs = await import('./tabs-runs');
    expect(await runs.startBulkRun(4)).toMatchObject({ ok: false, error: { kind: 'no-token' } });
    expect(tabsRead).not.toHaveBeenCalled();
    expect(queued).toEqual([]);
  });

  it('does not start, and reads no tab, when there is no account', async () => {
    storedAccounts = [];
    const runs = await import('./tabs-runs');
    expect(await runs.startBulkRun(4)).toEqual({ ok: false, error: { kind: 'no-account' } });
    expect(tabsRead).not.toHaveBeenCalled();
    expect(queued).toEqual([]);
  });

  it('queues every tab for the active account, on its server', async () => {
    storedAccounts = [{ id: 'account-other', name: 'Other', server: 'https://other.test' }, ...storedAccounts];
    const runs = await import('./tabs-runs');
    // The active one, account-1, has its token: the run goes with it, not with the first listed.
    expect((await runs.startBulkRun(8)).ok).toBe(true);
    await allQueued(3);
    expect(queued.map((job) => [job.account, job.server])).toEqual(Array.from({ length: 3 }, () => ['account-1', 'https://s.test']));
  });

  it('keeps in the stored run the account active at its start, and names it in every tab\'s request', async () => {
    storedAccounts = [...storedAccounts, OTHER];
    activeAccount = OTHER.id;
    otherTokens = { [OTHER.id]: OTHER_TOKEN };
    const runs = await import('./tabs-runs');
    const started = await runs.startBulkRun(8);
    expect(started.ok && started.value.account).toBe(OTHER.id);
    await allQueued(3);
    expect(storedRun()?.account).toBe(OTHER.id);
    expect(queued.map((job) => [job.request.account, job.account, job.server])).toEqual(Array.from({ length: 3 }, () => [OTHER.id, OTHER.id, OTHER.server]));
  });

  it("takes a run up in a restarted worker with the run's account, though another is active now", async () => {
    storedAccounts = [...storedAccounts, OTHER];
    otherTokens = { [OTHER.id]: OTHER_TOKEN };
    // The first tab's history lookup never ends: the worker stops with every tab named, none queued.
    const asked = deferred<void>();
    historyLookup = () => {
      asked.resolve();
      return new Promise(() => undefined);
    };
    const first = await import('./tabs-runs');
    expect((await first.startBulkRun(7)).ok).toBe(true);
    await asked.promise;
    expect(storedRun()?.account).toBe('account-1');
    expect(queued).toEqual([]);

    // Meanwhile the user made another account (with its own token, on its own server) the active one.
    activeAccount = OTHER.id;
    historyLookup = undefined;
    vi.resetModules();
    const next = await import('./resume-runs');
    await next.resumeRuns(journalled(), Date.now() + 1);
    await allQueued(3);
    // Each tab with the run's account: its token, to its server.
    expect(queued.map((job) => [job.request.account, job.account, job.server])).toEqual(Array.from({ length: 3 }, () => ['account-1', 'account-1', 'https://s.test']));
    expect(queued.map((job) => job.id)).toEqual(storedRun()?.items.map((item) => item.job));
  });

  it("plans at the server's pace, or the contract's, and lets each tab wait as long as the run's size needs", async () => {
    tabUrls = Array.from({ length: 150 }, (_, index) => `https://example.com/${index}`);
    const runs = await import('./tabs-runs');
    const started = await runs.startBulkRun(2);
    expect(started.ok && started.value.pace).toEqual({ limit: 60, windowMs: 60_000 });
    await allQueued(150);
    // 150 at 60 a minute: two windows after the first, so twice that and a click's two minutes.
    expect(new Set(queued.map((job) => job.waitBoundMs))).toEqual(new Set([2 * 2 * 60_000 + 120_000]));
    expect(journalled().every((job) => job.waitBoundMs === 360_000)).toBe(true);

    vi.resetModules();
    knownPace = { limit: 5, windowMs: 3_000 };
    tabUrls = ['https://example.com/x'];
    const heard = await (await import('./tabs-runs')).startBulkRun(3);
    expect(heard.ok && heard.value.pace).toEqual({ limit: 5, windowMs: 3_000 });
  });

  it('refuses a window too large to keep track of, saying how many would fit, before anything is queued or written', async () => {
    tabUrls = Array.from({ length: 3_000 }, (_, index) => `https://example.com/${index}/${'a'.repeat(2_000)}`);
    const runs = await import('./tabs-runs');
    const started = await runs.startBulkRun(6);
    expect(started).toMatchObject({ ok: false, error: { kind: 'run-too-large', tabs: 3_000 } });
    expect(!started.ok && started.error.kind === 'run-too-large' && started.error.most).toBeGreaterThan(500);
    expect(queued).toEqual([]);
    expect(session.has('bulk-runs')).toBe(false);
  });
});
