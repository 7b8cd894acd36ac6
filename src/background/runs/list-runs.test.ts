import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/support/eventually';
import type { JobResult, QueuedJob } from '../queue/queue-types';
import type { ListRun } from '../../storage/session/list-run';
import type { ShortenProgress } from '../../shortening/shorten-request';

// A list run against a fake browser (storage.session as a Map that outlives
// "workers", i.e. module instances), the real shortening service, and a queue
// that journals each job and holds it until the test answers it, as one
// waiting for the server's limit does.
const session = new Map<string, unknown>();
/** The jobs the queue holds, by id, each with what answers it. */
const held = new Map<string, { job: QueuedJob; answer(result: JobResult): void; progress?: (progress: ShortenProgress) => void }>();
const queued: QueuedJob[] = [];
/** Long URLs history holds a link for, made by the account, and when. */
let inHistory = new Map<string, number>();
let historyOn = true;
/** What the queue has heard of the server's limit. */
let knownPace: { limit: number | undefined; windowMs: number } = { limit: 5, windowMs: 3_000 };
const notified = vi.fn();
/** What the settings hold now: the account, and its token. */
const saved = { account: true, token: true };

vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return {
    browser: {
      storage: {
        local: {
          setAccessLevel: async () => undefined,
          get: async (keys: string[]) => {
            const items: Record<string, unknown> = {
              settingsVersion: 2,
              accounts: saved.account ? [{ id: 'account-1', name: 's.test', server: 'https://s.test' }] : [],
              activeAccount: 'account-1',
              history: historyOn,
              ...(saved.token ? { 'token:account-1': { token: 'a'.repeat(40), server: 'https://s.test' } } : {}),
            };
            return Object.fromEntries(keys.filter((key) => key in items).map((key) => [key, items[key]]));
          },
          set: async () => undefined,
        },
        session: fakeSessionArea(session),
      },
      runtime: { getURL: () => 'chrome-extension://abc/' },
      alarms: { create: async () => undefined, clear: async () => undefined },
    },
  };
});
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string, ...values: unknown[]) => [key, ...values].join(' ') }) }));
vi.mock('../delivery/notify', () => ({ notifyFailure: async () => undefined, notifySentence: async (...said: unknown[]) => notified(...said) }));
vi.mock('../service/history-access', () => ({
  backgroundHistory: () => ({
    findCached: async (server: string, longUrl: string, account: string) =>
      inHistory.has(longUrl) ? { shortUrl: `https://s.test/h-${longUrl.slice(-1)}`, longUrl, server, account, createdAt: inHistory.get(longUrl), via: 'popup-typed' } : undefined,
    countReuse: async () => undefined,
  }),
  historyFailed: () => () => undefined,
}));
vi.mock('../queue/shorten-queue', () => ({
  createShortenQueue: () => ({
    add: (job: QueuedJob, progress?: (progress: ShortenProgress) => void) =>
      new Promise<JobResult>((resolve) => {
        session.set(`job:${job.id}`, structuredClone(job));
        queued.push(job);
        held.set(job.id, { job, answer: resolve, progress });
      }),
    cancel: (id: string) => {
      const job = held.get(id);
      if (job === undefined) return false;
      held.delete(id);
      session.delete(`job:${id}`);
      job.answer({ ok: false, error: { kind: 'cancelled' } });
      return true;
    },
    unwatch: () => undefined,
    waiting: () => 0,
    pace: () => knownPace,
  }),
}));

const storedRun = () => session.get('list-run') as ListRun | undefined;
/** The queue answers every job it holds with a new link. */
function answerAll(): void {
  const answering = [...held.values()];
  held.clear();
  for (const { job, answer } of answering) {
    session.delete(`job:${job.id}`);
    answer({ ok: true, value: { shortUrl: `https://s.test/${job.longUrl.split('/').pop() ?? ''}`, longUrl: job.longUrl } });
  }
}
const addresses = (count: number) => Array.from({ length: count }, (_, index) => `https://example.com/${index}`);
const states = (run: ListRun | undefined) => run?.items.map((item) => item.status.state);

beforeEach(() => {
  session.clear();
  held.clear();
  queued.length = 0;
  inHistory = new Map();
  historyOn = true;
  knownPace = { limit: 5, windowMs: 3_000 };
  notified.mockClear();
  Object.assign(saved, { account: true, token: true });
  vi.resetModules();
});

/** A list's addresses, each on its own row from the first: the places a list with no gaps has. */
const inOrder = (list: string[]) => [list, list.map((_, index) => index + 1)] as const;

describe('a list, planned', () => {
  it('says how many are new, how many history holds, how many repeat, and which cannot be sent and why; nothing sent or kept', async () => {
    inHistory = new Map([['https://example.com/held', 1]]);
    const { planList } = await import('./list-runs');
    const planned = await planList(['https://example.com/a', 'ftp://example.com/x', 'https://example.com/held', 'https://EXAMPLE.com/a', 'not a link', 'https://example.com/b']);
    expect(planned).toEqual({
      ok: true,
      value: {
        addresses: 6,
        fresh: 2,
        inHistory: 1,
        duplicates: 1,
        invalid: [
          { place: 2, address: 'ftp://example.com/x', error: { kind: 'unsupported-scheme', scheme: 'ftp:' } },
          { place: 5, address: 'not a link', error: { kind: 'malformed-url' } },
        ],
        pace: { limit: 5, windowMs: 3_000 },
      },
    });
    expect(queued).toEqual([]);
    expect(session.size).toBe(0);
  });

  it('counts nothing as held by history when history is off: each would be sent', async () => {
    historyOn = false;
    inHistory = new Map([['https://example.com/0', 1]]);
    const { planList } = await import('./list-runs');
    expect(await planList(addresses(2))).toMatchObject({ ok: true, value: { fresh: 2, inHistory: 0 } });
  });
});

describe('a list run', () => {
  it('puts twice a window of addresses in the queue at once (20 at the least), each named in the stored run first, and the rest as earlier ones end', async () => {
    const { startListRun } = await import('./list-runs');
    const started = await startListRun(...inOrder(addresses(30)), false, 'page-a');
    expect(started.ok).toBe(true);
    // A list with no gaps keeps no places: its rows are its items' order.
    expect(storedRun()).not.toHaveProperty('places');
    await eventually(() => expect(queued).toHaveLength(20));
    const named = new Set(storedRun()?.items.map((item) => item.job));
    expect(queued.every((job) => named.has(job.id) && job.owner === 'bulk' && job.request.via === 'list')).toBe(true);
    answerAll();
    await eventually(() => expect(queued).toHaveLength(30));
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(Array.from({ length: 30 }, () => 'done')));
    // Ended with no list page watching: a notification says so.
    await eventually(() => expect(notified).toHaveBeenCalledWith('notifyListTitle', 'notifyListMessage 30 30'));
  });

  it("tells its end in the links made of those it set out to make: a repeat or an address it cannot send is none of them", async () => {
    const { startListRun } = await import('./list-runs');
    expect((await startListRun(...inOrder(['https://example.com/a', 'https://EXAMPLE.com/a', 'not a link', 'https://example.com/b']), false, 'page-a')).ok).toBe(true);
    await eventually(() => expect(queued).toHaveLength(2));
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(['done', 'skipped', 'skipped', 'done']));
    await eventually(() => expect(notified).toHaveBeenCalledWith('notifyListTitle', 'notifyListMessage 2 2'));
  });

  it('tells the page where each link waits: for the network (no answer, or offline) or for the server, as the queue says', async () => {
    const { startListRun } = await import('./list-runs');
    const { listBook, LIST_RUN } = await import('./list-book');
    const { listProgress } = await import('../../shortening/list-plan');
    let heard: ListRun | undefined;
    listBook.watch(LIST_RUN, (run) => {
      heard = run === undefined ? undefined : structuredClone(run);
    });
    await startListRun(...inOrder(addresses(2)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(2));
    const [first, second] = [...held.values()];
    first?.progress?.({ state: 'waiting', ahead: 0, forNetwork: true });
    second?.progress?.({ state: 'waiting', ahead: 1, untilMs: 9_000 });
    await eventually(() => expect(heard?.items.map((item) => item.status)).toEqual([{ state: 'waiting', ahead: 0, forNetwork: true }, { state: 'waiting', ahead: 1, untilMs: 9_000 }]));
    expect(listProgress(heard as ListRun)).toMatchObject({ forNetwork: true, untilMs: 9_000 });
    // The network back: sent, and no longer said to wait for it.
    first?.progress?.({ state: 'sending' });
    await eventually(() => expect(heard?.items[0]?.status).toEqual({ state: 'sending' }));
    expect(listProgress(heard as ListRun)).not.toHaveProperty('forNetwork');
  });

  it('gives history\'s links with no request, and passes over what repeats or cannot be sent', async () => {
    inHistory = new Map([['https://example.com/1', 1]]);
    const { startListRun } = await import('./list-runs');
    // Rows 2, 3, 5 and 6 of what was given (a heading, a blank row): kept with the run, for its table.
    await startListRun(['https://example.com/0', 'https://example.com/1', 'https://example.com/0', 'javascript:alert(1)'], [2, 3, 5, 6], false, 'page-a');
    expect(storedRun()?.places).toEqual([2, 3, 5, 6]);
    await eventually(() => expect(queued).toHaveLength(1));
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(['done', 'done', 'skipped', 'skipped']));
    expect(storedRun()?.items.map((item) => item.status)).toEqual([
      { state: 'done', shortUrl: 'https://s.test/0', longUrl: 'https://example.com/0', fromHistory: false },
      { state: 'done', shortUrl: 'https://s.test/h-1', longUrl: 'https://example.com/1', fromHistory: true },
      { state: 'skipped', skip: { reason: 'duplicate', of: 1 } },
      { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'javascript:' } } },
    ]);
  });

  it('paused: its addresses waiting in the queue come out of it, nothing more goes; it goes on from there, and Cancel ends the rest', async () => {
    const runs = await import('./list-runs');
    await runs.startListRun(...inOrder(addresses(30)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(20));
    await runs.pauseListRun();
    expect(held.size).toBe(0);
    await eventually(() => expect(storedRun()).toMatchObject({ paused: true }));
    // Back in the run's list, their jobs' names dropped (a new job each when it goes on).
    await eventually(() => expect(storedRun()?.items.map((item) => [item.status.state, item.job])).toEqual(Array.from({ length: 30 }, () => ['queued', undefined])));
    expect(queued).toHaveLength(20);

    await runs.resumeListRun();
    await eventually(() => expect(held.size).toBe(20));
    expect(storedRun()?.paused).toBe(false);
    answerAll();
    await eventually(() => expect(held.size).toBe(10));
    await runs.pauseListRun();
    await runs.cancelListRun();
    await eventually(() => expect(states(storedRun())).toEqual([...Array.from({ length: 20 }, () => 'done'), ...Array.from({ length: 10 }, () => 'failed')]));
    expect(storedRun()?.items.slice(20).map((item) => item.status)).toEqual(Array.from({ length: 10 }, () => ({ state: 'failed', error: { kind: 'cancelled' } })));
  });

  it('will not go on while the settings cannot send with its account (token cleared, account removed): kept paused, nothing sent, until they can', async () => {
    const runs = await import('./list-runs');
    await runs.startListRun(...inOrder(addresses(30)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(20));
    await runs.pauseListRun();
    saved.token = false;
    expect(await runs.resumeListRun()).toMatchObject({ ok: false, error: { kind: 'no-token' } });
    saved.account = false;
    expect(await runs.resumeListRun()).toEqual({ ok: false, error: { kind: 'list-account-removed' } });
    expect(storedRun()).toMatchObject({ paused: true });
    expect(held.size).toBe(0);
    expect(states(storedRun())).toEqual(Array.from({ length: 30 }, () => 'queued'));

    Object.assign(saved, { account: true, token: true });
    expect(await runs.resumeListRun()).toEqual({ ok: true, value: undefined });
    await eventually(() => expect(held.size).toBe(20));
    expect(storedRun()?.paused).toBe(false);
  });

  it("is one at a time: the same page asking again gets the run, another page is refused, at once, after, and once it ended until it is dismissed", async () => {
    const runs = await import('./list-runs');
    const [first, again, other] = await Promise.all([
      runs.startListRun(...inOrder(addresses(2)), false, 'page-a'),
      runs.startListRun(...inOrder(addresses(2)), false, 'page-a'),
      runs.startListRun(...inOrder(addresses(5)), false, 'page-b'),
    ]);
    expect(first).toMatchObject({ ok: true, value: { startedBy: 'page-a' } });
    expect(again.ok && first.ok && again.value.id).toBe(first.ok && first.value.id);
    expect(other).toEqual({ ok: false, error: { kind: 'list-running' } });
    expect(await runs.startListRun(...inOrder(addresses(5)), false, 'page-b')).toEqual({ ok: false, error: { kind: 'list-running' } });
    await eventually(() => expect(queued).toHaveLength(2));
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(['done', 'done']));
    // Ended, its table not yet closed: still the one list, the same page's and no other's.
    expect(await runs.startListRun(...inOrder(addresses(5)), false, 'page-b')).toEqual({ ok: false, error: { kind: 'list-running' } });
    const asked = await runs.startListRun(...inOrder(addresses(2)), false, 'page-a');
    expect(asked.ok && first.ok && asked.value.id).toBe(first.ok && first.value.id);
    await runs.dismissListRun();
    await eventually(() => expect(session.has('list-run')).toBe(false));
    expect(await runs.startListRun(...inOrder(addresses(1)), false, 'page-b')).toMatchObject({ ok: true, value: { startedBy: 'page-b' } });
  });

  it('sent from a private window, is forgotten once private browsing ends, its addresses still waiting dropped; a normal window\'s is kept', async () => {
    const runs = await import('./list-runs');
    await runs.startListRun(...inOrder(addresses(3)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(3));
    await runs.forgetPrivateListRun();
    expect(held.size).toBe(3);
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(['done', 'done', 'done']));
    await runs.dismissListRun();
    await eventually(() => expect(session.has('list-run')).toBe(false));

    queued.length = 0;
    await runs.startListRun(...inOrder(addresses(3)), true, 'page-b');
    await eventually(() => expect(queued).toHaveLength(3));
    await runs.forgetPrivateListRun();
    expect(held.size).toBe(0);
    await eventually(() => expect(session.has('list-run')).toBe(false));
    // The place is free: a normal window's list starts.
    expect(await runs.startListRun(...inOrder(addresses(1)), false, 'page-c')).toMatchObject({ ok: true, value: { startedBy: 'page-c', private: false } });
  });

  it('a worker stopped mid-run: the next follows the journalled jobs, feeds the rest, and leaves a paused run paused', async () => {
    const first = await import('./list-runs');
    await first.startListRun(...inOrder(addresses(25)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(20));
    // The stopped worker's queue is gone; its jobs stay in the journal.
    const journalled = [...held.values()].map(({ job }) => job);
    held.clear();
    vi.resetModules();
    const next = await import('./resume-runs');
    await next.resumeRuns(journalled, Date.now() + 1);
    // The twenty followed under their own ids, nothing more until one ends.
    expect(queued.slice(20).map((job) => job.id)).toEqual(journalled.map((job) => job.id));
    answerAll();
    await eventually(() => expect(queued).toHaveLength(45));
    answerAll();
    await eventually(() => expect(states(storedRun())).toEqual(Array.from({ length: 25 }, () => 'done')));
  });

  it("a restarted worker finds in history the links the stopped one made, the run not yet written: given as made, not as history's", async () => {
    const first = await import('./list-runs');
    await first.startListRun(...inOrder(addresses(3)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(3));
    // The stopped worker made the first two links (kept in history) and stopped before the run's next write or the third's answer.
    inHistory = new Map([['https://example.com/0', Date.now()], ['https://example.com/1', Date.now()]]);
    held.clear();
    vi.resetModules();
    await (await import('./resume-runs')).resumeRuns([], Date.now() + 1);
    await eventually(() => expect(queued).toHaveLength(4));
    answerAll();
    await eventually(() => expect(storedRun()?.items.map((item) => item.status.state === 'done' && item.status.fromHistory)).toEqual([false, false, false]));
    expect(queued[3]?.longUrl).toBe('https://example.com/2');
  });

  it('a paused run stays paused in the next worker', async () => {
    const first = await import('./list-runs');
    await first.startListRun(...inOrder(addresses(25)), false, 'page-a');
    await eventually(() => expect(queued).toHaveLength(20));
    await first.pauseListRun();
    await eventually(() => expect(storedRun()?.paused).toBe(true));
    vi.resetModules();
    await (await import('./resume-runs')).resumeRuns([], Date.now() + 1);
    expect(held.size).toBe(0);
  });

  it('refuses, with how many would fit, a list too large to keep track of, before anything is queued or kept', async () => {
    const { startListRun } = await import('./list-runs');
    const started = await startListRun(...inOrder(Array.from({ length: 10_000 }, (_, index) => `https://example.com/${index}/${'a'.repeat(2_000)}`)), false, 'page-a');
    expect(started).toMatchObject({ ok: false, error: { kind: 'list-too-large', addresses: 10_000 } });
    expect(!started.ok && started.error.kind === 'list-too-large' && started.error.most).toBeGreaterThan(1_000);
    expect(queued).toEqual([]);
    expect(session.has('list-run')).toBe(false);
  });
});
