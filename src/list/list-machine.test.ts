import { describe, expect, it, vi } from 'vitest';
import type { ListPlan, ListProgress, ListRun } from '../messages/list-port';
import { fakeListConnector } from './fake-list-connector';
import { change, check, columnChosen, heard, initialPage, send, typed, type ListPage, type Step } from './list-machine';
import { wordsIn } from '../../test/support/locale-catalogue';

// The list page's events, played in the orders that make its races, without Preact.
const PACE = { limit: 60, windowMs: 60_000 };
const PLAN: ListPlan = { addresses: 1, fresh: 1, inHistory: 0, duplicates: 0, invalid: [], pace: PACE };
const PROGRESS: ListProgress = { id: 'list-1', paused: false, pace: PACE, addresses: 1, toShorten: 1, made: 0, fromHistory: 0, failed: 0 };
const RUN: ListRun = { id: 'list-1', startedAt: 1, private: false, pace: PACE, account: 'account-1', paused: false, items: [] };

/** Plays the steps in turn, running each effect against a fake connector; gives the page and the connector. */
function play(...events: ((page: ListPage) => Step)[]) {
  const connector = fakeListConnector(wordsIn('en'));
  let page = initialPage();
  for (const event of events) {
    const [next, effect] = event(page);
    page = next;
    effect?.(connector);
  }
  return { page, connector };
}
const hear = (message: Parameters<typeof heard>[1]) => (page: ListPage) => heard(page, message);
const type = (text: string) => (page: ListPage) => typed(page, text);
const choose = (column: number) => (page: ListPage) => columnChosen(page, column);

describe('the list page, event by event', () => {
  it('shows the plan of the latest check only', () => {
    const { page, connector } = play(hear({ type: 'none' }), type('https://a.test/'), check, type('https://b.test/'), check, hear({ type: 'plan', ask: 1, plan: PLAN }));
    expect(connector.plan.mock.calls).toEqual([
      [1, ['https://a.test/']],
      [2, ['https://b.test/']],
    ]);
    expect(page).toMatchObject({ screen: 'input', checking: true, ask: 2 });
    expect(heard(page, { type: 'plan', ask: 2, plan: PLAN })[0]).toMatchObject({ screen: 'plan', plan: PLAN, addresses: ['https://b.test/'], checking: false });
  });

  it('keeps the plan on screen when the worker, come back, says there is no run; a run that ended and was dismissed leaves a fresh field', () => {
    const planned = play(hear({ type: 'none' }), type('https://a.test/'), check, hear({ type: 'plan', ask: 1, plan: PLAN }), hear({ type: 'none' })).page;
    expect(planned).toMatchObject({ screen: 'plan', pasted: 'https://a.test/' });
    const { page } = play(hear({ type: 'none' }), type('https://a.test/'), check, send, hear({ type: 'ended', run: RUN, own: true }), hear({ type: 'none' }));
    expect(page).toEqual({ ...initialPage(), ask: 1, screen: 'input' });
  });

  it("follows another page's run, and gives its own list back, unsent, once that run is dismissed; a send it races is refused there", () => {
    const planned = [hear({ type: 'none' }), type('https://mine.test/'), check, hear({ type: 'plan', ask: 1, plan: PLAN })];
    const { page, connector } = play(...planned, hear({ type: 'progress', progress: PROGRESS, own: false }), hear({ type: 'ended', run: RUN, own: false }), hear({ type: 'none' }));
    expect(connector.start).not.toHaveBeenCalled();
    expect(page).toMatchObject({ screen: 'input', pasted: 'https://mine.test/', sending: false, checking: false, plan: undefined, run: undefined, own: undefined });
    // Send pressed as the other page's run began: the worker's refusal comes after its progress, and is not lost.
    const raced = play(...planned, send, hear({ type: 'progress', progress: PROGRESS, own: false }), hear({ type: 'not-started', error: { kind: 'list-running' } })).page;
    expect(raced).toMatchObject({ screen: 'running', sending: false, problem: { kind: 'refused', error: { kind: 'list-running' } } });
    expect(heard(raced, { type: 'none' })[0]).toMatchObject({ screen: 'input', pasted: 'https://mine.test/', problem: undefined });
  });

  it("sends once; says the worker's refusal of the start, not one for a plan asked before; goes to the run when it comes", () => {
    const { page, connector } = play(hear({ type: 'none' }), type('https://a.test/'), check, hear({ type: 'plan', ask: 1, plan: PLAN }), send, send, hear({ type: 'not-started', ask: 1, error: { kind: 'no-token', blank: false } }));
    expect(connector.start).toHaveBeenCalledTimes(1);
    expect(page).toMatchObject({ screen: 'plan', sending: true, problem: undefined });
    const refused = heard(page, { type: 'not-started', error: { kind: 'list-too-large', addresses: 2, most: 1 } })[0];
    expect(refused).toMatchObject({ screen: 'plan', sending: false, problem: { kind: 'refused', error: { kind: 'list-too-large' } } });
    expect(heard(refused, { type: 'not-started', error: { kind: 'no-token', blank: false } })[0]).toBe(refused);
    expect(heard(page, { type: 'progress', progress: PROGRESS, own: true })[0]).toMatchObject({ screen: 'running', progress: PROGRESS, sending: false, own: true });
  });

  it("checks pasted spreadsheet cells by their column of addresses, wherever it is, as a file's", () => {
    const cells = 'name\turl\nAcme\thttps://acme.test/\nBeta\thttps://beta.test/\n';
    const { page, connector } = play(hear({ type: 'none' }), type(cells), check);
    expect(page.problem).toBeUndefined();
    expect(connector.plan.mock.calls).toEqual([[1, ['https://acme.test/', 'https://beta.test/']]]);
  });

  it('checks the column of pasted cells the user chose, and the suggested one again once the text has no such column', () => {
    const cells = 'old\tnew\nhttps://old.test/a\thttps://new.test/a\nhttps://old.test/b\thttps://new.test/b\n';
    const { page, connector } = play(hear({ type: 'none' }), type(cells), check, choose(1), check, type('https://one.test/\n'), check);
    expect(page.pastedColumn).toBe(1);
    expect(connector.plan.mock.calls).toEqual([
      [1, ['https://old.test/a', 'https://old.test/b']],
      [2, ['https://new.test/a', 'https://new.test/b']],
      [3, ['https://one.test/']],
    ]);
  });

  it('goes back from the plan to the list as given, and sends nothing when not on a plan', () => {
    const connector = fakeListConnector(wordsIn('en'));
    const start = vi.spyOn(connector, 'start');
    const { page } = play(hear({ type: 'none' }), type('https://a.test/'), check, hear({ type: 'plan', ask: 1, plan: PLAN }), change);
    expect(page).toMatchObject({ screen: 'input', pasted: 'https://a.test/' });
    send(page)[1]?.(connector);
    expect(start).not.toHaveBeenCalled();
  });
});
