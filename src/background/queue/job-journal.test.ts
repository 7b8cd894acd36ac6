import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedJob } from './queue-types';

// storage.session and alarms, in memory.
const session = new Map<string, unknown>();
const alarms = new Map<string, { delayInMinutes: number }>();
vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return {
    browser: {
      storage: {
        session: fakeSessionArea(session),
      },
      alarms: {
        create: async (name: string, info: { delayInMinutes: number }) => void alarms.set(name, info),
        clear: async (name: string) => alarms.delete(name),
      },
    },
  };
});

const { keepResumeAlarm, queueJournal, RESUME_ALARM, takeInterruptedJobs } = await import('./job-journal');

beforeEach(() => {
  session.clear();
  alarms.clear();
});

function job(queuedAt: number, clickOrder: number): QueuedJob {
  return {
    id: crypto.randomUUID(),
    request: { url: 'https://example.com/a', via: 'menu-link', private: false, fresh: false },
    longUrl: 'https://example.com/a',
    removedParams: [],
    server: 'https://shrtnr.co',
    account: 'account-1',
    queuedAt,
    clickOrder,
    attempts: 1,
    owner: 'background',
  };
}

describe('the job journal', () => {
  it('keeps a queued job, and the wake-up alarm, until the job ends', async () => {
    const queued = job(1_000, 1);
    await queueJournal.save(queued);
    expect(session.get(`job:${queued.id}`)).toEqual(queued);
    expect(alarms.has(RESUME_ALARM)).toBe(true);
    alarms.clear();
    await keepResumeAlarm();
    expect(alarms.has(RESUME_ALARM)).toBe(true);
    await queueJournal.remove(queued);
    expect(session.size).toBe(0);
    expect(alarms.has(RESUME_ALARM)).toBe(false);
    await keepResumeAlarm();
    expect(alarms.has(RESUME_ALARM)).toBe(false);
  });

  it('hands a new worker the jobs queued before it started, in click order, and drops damaged records', async () => {
    const [late, early, mine] = [job(1_000, 7), job(900, 3), job(5_000, 9)];
    for (const queued of [late, early, mine]) session.set(`job:${queued.id}`, queued);
    session.set('job:damaged', { id: 'damaged', request: 'not a request' });
    // Filed under another job's id: not a record this extension wrote.
    session.set('job:elsewhere', { ...late, id: 'not-elsewhere' });
    session.set('clipboard:last-copied-click', 5);
    expect((await takeInterruptedJobs(2_000)).map((taken) => taken.clickOrder)).toEqual([3, 7]);
    expect(session.has('job:damaged')).toBe(false);
    expect(session.has('job:elsewhere')).toBe(false);
    expect(session.has('clipboard:last-copied-click')).toBe(true);
  });

  it('keeps the account a job was queued for, and drops a record that names none, or asks for an account that is no id', async () => {
    const [kept, noAccount, badRequest] = [job(1_000, 1), job(1_000, 2), job(1_000, 3)];
    const named = { ...kept, request: { ...kept.request, account: 'account-team' }, account: 'account-team' };
    session.set(`job:${named.id}`, named);
    const { account: _account, ...withoutAccount } = noAccount;
    session.set(`job:${noAccount.id}`, withoutAccount);
    session.set(`job:${badRequest.id}`, { ...badRequest, request: { ...badRequest.request, account: 7 } });
    // A new worker: the journal reads storage.session once, as its worker started.
    vi.resetModules();
    const newWorker = await import('./job-journal');
    expect(await newWorker.takeInterruptedJobs(2_000)).toEqual([named]);
    expect(session.has(`job:${noAccount.id}`)).toBe(false);
    expect(session.has(`job:${badRequest.id}`)).toBe(false);
  });
});
