import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/support/eventually';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../../../test/support/message-bus';
import type { Runtime } from '../../platform/browser';
import type { ListRun } from '../../storage/session/list-run';

// The worker's end of the list page's port over the real list book (storage.session a Map), the runs' actions faked.
const session = new Map<string, unknown>();
vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return { browser: { runtime: { id: EXTENSION_ID, getURL: (path: string) => `${EXTENSION_ORIGIN}${path}` }, storage: { session: fakeSessionArea(session) } } };
});
vi.mock('../../platform/i18n', () => ({ browserWords: () => ({ t: (key: string) => key }) }));
vi.mock('../delivery/notify', () => ({ notifySentence: async () => undefined }));
const actions = vi.hoisted(() => ({
  planList: vi.fn(),
  startListRun: vi.fn(),
  pauseListRun: vi.fn(async () => undefined),
  resumeListRun: vi.fn(async (): Promise<{ ok: true; value: undefined } | { ok: false; error: { kind: string } }> => ({ ok: true, value: undefined })),
  cancelListRun: vi.fn(async () => undefined),
  dismissListRun: vi.fn(async () => undefined),
}));
vi.mock('../runs/list-runs', () => actions);

const { onListPort } = await import('./list-port');
const { listBook, LIST_RUN } = await import('../runs/list-book');

/** The page's port as the worker gets it: what the page sends, and what the worker posts back. */
function pagePort(incognito: boolean) {
  const listeners: ((message: unknown) => void)[] = [];
  const posted: unknown[] = [];
  const port = {
    name: 'list',
    sender: { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}src/list/index.html`, tab: { id: 4, incognito } },
    postMessage: (message: unknown) => posted.push(structuredClone(message)),
    disconnect: () => undefined,
    onMessage: { addListener: (listener: (message: unknown) => void) => listeners.push(listener) },
    onDisconnect: { addListener: () => undefined },
  };
  onListPort(port as unknown as Runtime.Port);
  return { posted, send: (message: unknown) => listeners.forEach((listener) => listener(message)) };
}

const PACE = { limit: 60, windowMs: 3_000 };
const run = (state: 'queued' | 'done'): ListRun => ({
  id: 'list-1',
  startedBy: 'page-a',
  startedAt: 1,
  private: false,
  pace: PACE,
  account: 'account-1',
  paused: false,
  items: [{ url: 'https://a.test/', status: state === 'done' ? { state, shortUrl: 'https://s.test/a', longUrl: 'https://a.test/', fromHistory: false } : { state } }],
});

beforeEach(() => {
  session.clear();
  for (const action of Object.values(actions)) action.mockClear();
});

/** How often pause, resume, cancel and dismiss were called. */
const calls = () => [actions.pauseListRun, actions.resumeListRun, actions.cancelListRun, actions.dismissListRun].map((action) => action.mock.calls.length);

describe("the worker's end of the list page's port", () => {
  it('tells each watching page: no run, then where the run stands while it goes, then the whole run at its end; only the page that sent it hears it as its own', async () => {
    const [page, other] = [pagePort(false), pagePort(false)];
    page.send({ type: 'watch', page: 'page-a' });
    other.send({ type: 'watch', page: 'page-b' });
    await eventually(() => expect([page.posted, other.posted]).toEqual([[{ type: 'none' }], [{ type: 'none' }]]));
    const going = run('queued');
    (await listBook.runs()).set(LIST_RUN, going);
    await listBook.changed(going, 'now');
    // Told at most ten times a second: heard once its turn comes.
    const progress = { id: 'list-1', paused: false, pace: PACE, addresses: 1, toShorten: 1, made: 0, fromHistory: 0, failed: 0 };
    await eventually(() => expect([page.posted.at(-1), other.posted.at(-1)]).toEqual([{ type: 'progress', progress, own: true }, { type: 'progress', progress, own: false }]));
    const ended = run('done');
    (await listBook.runs()).set(LIST_RUN, ended);
    await listBook.changed(ended, 'now');
    await eventually(() => expect([page.posted.at(-1), other.posted.at(-1)]).toEqual([{ type: 'ended', run: ended, own: true }, { type: 'ended', run: ended, own: false }]));
  });

  it('answers a plan under its ask, or why there is none; starts as the page it watches for, with the window the browser says the page is in', async () => {
    actions.planList.mockResolvedValueOnce({ ok: true, value: { addresses: 1, fresh: 1, inHistory: 0, duplicates: 0, invalid: [], pace: PACE } }).mockResolvedValueOnce({ ok: false, error: { kind: 'no-token' } });
    actions.startListRun.mockResolvedValue({ ok: false, error: { kind: 'list-too-large', addresses: 9, most: 8 } });
    const page = pagePort(true);
    page.send({ type: 'watch', page: 'page-a' });
    // Whatever the book holds now (the run of the test before): told first.
    await eventually(() => expect(page.posted).toHaveLength(1));
    page.posted.length = 0;
    page.send({ type: 'plan', ask: 1, addresses: ['https://a.test/'] });
    page.send({ type: 'plan', ask: 2, addresses: ['https://a.test/'] });
    page.send({ type: 'start', addresses: ['https://a.test/'], places: [2] });
    await eventually(() => expect(page.posted).toHaveLength(3));
    expect(page.posted).toEqual([
      { type: 'plan', ask: 1, plan: { addresses: 1, fresh: 1, inHistory: 0, duplicates: 0, invalid: [], pace: PACE } },
      { type: 'not-started', ask: 2, error: { kind: 'no-token' } },
      { type: 'not-started', error: { kind: 'list-too-large', addresses: 9, most: 8 } },
    ]);
    expect(actions.startListRun).toHaveBeenCalledWith(['https://a.test/'], [2], true, 'page-a');
  });

  it("passes on pause, resume, cancel and dismiss for a run of the page's kind of window, never for one of the other kind", async () => {
    const going = run('queued');
    (await listBook.runs()).set(LIST_RUN, going);
    const [normal, inPrivate] = [pagePort(false), pagePort(true)];
    for (const type of ['pause', 'resume', 'cancel', 'dismiss']) inPrivate.send({ type });
    for (const type of ['pause', 'resume', 'cancel', 'dismiss']) normal.send({ type });
    await eventually(() => expect(calls()).toEqual([1, 1, 1, 1]));
    going.private = true;
    for (const type of ['pause', 'resume', 'cancel', 'dismiss']) normal.send({ type });
    for (const type of ['pause', 'resume', 'cancel', 'dismiss']) inPrivate.send({ type });
    await eventually(() => expect(calls()).toEqual([2, 2, 2, 2]));
  });

  it('says why Go on was refused to the page that asked', async () => {
    (await listBook.runs()).set(LIST_RUN, run('queued'));
    actions.resumeListRun.mockResolvedValueOnce({ ok: false, error: { kind: 'list-account-removed' } });
    const page = pagePort(false);
    page.send({ type: 'resume' });
    await eventually(() => expect(page.posted).toEqual([{ type: 'not-resumed', error: { kind: 'list-account-removed' } }]));
  });

  it("shows a list sent from a private window to private windows' pages only, and a normal window's to normal ones", async () => {
    // In the book before the pages watch: what they are told first is of it (a test before may have left a run).
    const going = { ...run('queued'), private: true };
    (await listBook.runs()).set(LIST_RUN, going);
    const [normal, inPrivate] = [pagePort(false), pagePort(true)];
    normal.send({ type: 'watch', page: 'page-b' });
    inPrivate.send({ type: 'watch', page: 'page-a' });
    await listBook.changed(going, 'now');
    await eventually(() => expect(inPrivate.posted.at(-1)).toMatchObject({ type: 'progress', own: true }));
    const ended = { ...run('done'), private: true };
    (await listBook.runs()).set(LIST_RUN, ended);
    await listBook.changed(ended, 'now');
    await eventually(() => expect(inPrivate.posted.at(-1)).toEqual({ type: 'ended', run: ended, own: true }));
    // Not a word of its addresses, nor of its progress, in the normal window.
    expect(normal.posted.length).toBeGreaterThan(0);
    expect(normal.posted.every((message) => JSON.stringify(message) === JSON.stringify({ type: 'none' }))).toBe(true);

    const normalRun = run('done');
    (await listBook.runs()).set(LIST_RUN, normalRun);
    await listBook.changed(normalRun, 'now');
    await eventually(() => expect([normal.posted.at(-1), inPrivate.posted.at(-1)]).toEqual([{ type: 'ended', run: normalRun, own: false }, { type: 'none' }]));
  });
});
